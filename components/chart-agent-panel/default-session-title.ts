import { DEFAULT_SESSION_TITLE } from '../../src/agent/session-store.js';
import { availableLocales } from '../i18n/locale-registry.js';
import { panelStrings } from './panel-strings.js';

/** "New chat" of the built-in translations (components/i18n/locales/), whose chunks may not be loaded. */
const BUILT_IN = new Set([DEFAULT_SESSION_TITLE, '新对话', '新對話', '新しいチャット']);

/**
 * Whether `title` is the one a chat gets when it is created (the panel's `newSession` in any language:
 * the built-in ones and those given to `registerLocale`): such a chat was never named, so the panel
 * shows it in its current language and names it after its first message.
 */
export function isDefaultSessionTitle(title: string): boolean {
  return BUILT_IN.has(title) || availableLocales().some((tag) => panelStrings(tag).newSession === title);
}
