/** Languages written right to left (ISO 639 codes), for engines without `Intl.Locale#getTextInfo`. */
const RTL_LANGUAGES = new Set(['ar', 'arc', 'ckb', 'dv', 'fa', 'he', 'iw', 'ks', 'ps', 'sd', 'syr', 'ug', 'ur', 'yi']);

interface TextInfoLocale {
  getTextInfo?: () => { direction?: string };
  textInfo?: { direction?: string };
}

/**
 * The writing direction of a catalogue tag (`en` → `ltr`, a registered `ar` or `he-IL` → `rtl`).
 * The elements lay their own words out in the direction of the language those words are in, not
 * the page's: an Arabic page showing the English catalogue keeps "9 ms" and "Answered:" readable,
 * and a page that registers Arabic strings gets a mirrored panel. Text from a user or a model
 * carries `dir="auto"` on its own (components/agent-parts/markdown-view/render-markdown.ts).
 */
export function localeDirection(tag: string): 'ltr' | 'rtl' {
  try {
    const locale = new Intl.Locale(tag) as Intl.Locale & TextInfoLocale;
    const info = typeof locale.getTextInfo === 'function' ? locale.getTextInfo() : locale.textInfo;
    if (info?.direction === 'rtl' || info?.direction === 'ltr') return info.direction;
    return RTL_LANGUAGES.has(locale.language) && !/-Latn\b/i.test(tag) ? 'rtl' : 'ltr';
  } catch {
    return 'ltr';
  }
}
