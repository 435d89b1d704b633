/**
 * A chat that was never named shows "New chat" in the panel's current language and is named after its
 * first message (components/chart-agent-panel/default-session-title.ts). Its stored title is the
 * `newSession` of the language it was made in, and that language's chunk may not be loaded when the chat
 * is shown: every built-in translation's `newSession` must be known without it. A translation whose
 * `newSession` changes without that list fails here, rather than leaving such chats named "新对话" for good.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isDefaultSessionTitle } from '../../../components/chart-agent-panel/default-session-title.js';
import { EN_PANEL } from '../../../components/chart-agent-panel/panel-strings.js';
import { isLocaleLoaded } from '../../../components/i18n/locale-registry.js';
import zhCN from '../../../components/i18n/locales/zh-CN.js';
import zhTW from '../../../components/i18n/locales/zh-TW.js';
import ja from '../../../components/i18n/locales/ja.js';

test("every built-in language's 'New chat' is a never-named chat's title, with no locale chunk loaded", () => {
  for (const tag of ['zh-CN', 'zh-TW', 'ja']) assert.equal(isLocaleLoaded(tag), false, `${tag} is not loaded`);
  for (const [tag, title] of [
    ['en', EN_PANEL.newSession],
    ['zh-CN', zhCN.panel?.newSession],
    ['zh-TW', zhTW.panel?.newSession],
    ['ja', ja.panel?.newSession],
  ] as const) {
    assert.ok(title, `${tag} has a newSession`);
    assert.equal(isDefaultSessionTitle(title), true, `${tag}'s "${title}"`);
  }
});

test('a title a user or the first message gave is not the default', () => {
  for (const title of ['New chat about BTC', 'MACD settings', '新对话 2', '', 'new chat'])
    assert.equal(isDefaultSessionTitle(title), false, title);
});
