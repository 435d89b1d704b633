import type { Catalogue, LocaleStrings } from './catalogue.js';
import { registerLocale as registerStrings, sectionStrings as storedSection } from './locale-store.js';

/**
 * The one localization mechanism of both elements and their internals (docs/contracts.md,
 * "Locales"), typed by the catalogue (components/i18n/catalogue.ts). English is the source of
 * every key and the fallback; built-in translations (`zh-CN`, `zh-TW`, `ja`) are lazy chunks;
 * `registerLocale(tag, strings)` adds or overrides any tag at run time. The state lives in
 * components/i18n/locale-store.ts, which the `*-strings.ts` files use directly.
 */
export {
  availableLocales,
  isLocaleLoaded,
  loadLocale,
  localeFor,
  localeRevision,
  onLocalesChange,
} from './locale-store.js';

/**
 * Adds strings for a BCP-47 tag (`fr`, `de-CH`, or a built-in one to override some of its words).
 * `strings` is any part of the catalogue (see the key list in docs/contracts.md); what it leaves
 * out comes from the built-in translation of that tag, if any, then from English. Calling it again
 * for the same tag merges (later calls win). Elements showing that locale re-render.
 */
export function registerLocale(tag: string, strings: LocaleStrings): void {
  registerStrings(tag, strings);
}

/**
 * One section of the catalogue in `requested`'s locale: `english` (the section's source of keys)
 * with the translated keys over it. A key the translation lacks falls back to English and, in
 * development builds, warns once.
 */
export function sectionStrings<K extends keyof Catalogue>(
  requested: string | null | undefined,
  section: K,
  english: Catalogue[K],
): Catalogue[K] {
  return storedSection(requested, section, english);
}
