/**
 * The catalogue to use for a requested BCP-47 tag, among `available` (tags with strings):
 * the exact tag (case-insensitive); for Chinese the script decides (`zh-HK`, `zh-MO`, `zh-Hant…` →
 * `zh-TW`; `zh`, `zh-SG`, `zh-Hans…` → `zh-CN`); then the tag with subtags dropped one by one
 * (`ja-JP` → `ja`); then another available tag of the same language (`fr-CA` → `fr-FR`); else `en`.
 * DOM-free; see docs/contracts.md ("Locales").
 */
export function resolveLocale(requested: string | null | undefined, available: Iterable<string>): string {
  const tags = [...available];
  const find = (tag: string) => tags.find((t) => t.toLowerCase() === tag.toLowerCase());
  const wanted = canonical(requested);
  if (!wanted) return 'en';
  const exact = find(wanted);
  if (exact) return exact;
  const parts = wanted.split('-');
  const language = parts[0].toLowerCase();
  if (language === 'zh') {
    const preferred = chineseScript(wanted) === 'Hant' ? 'zh-TW' : 'zh-CN';
    const hit = find(preferred);
    if (hit) return hit;
  }
  for (let n = parts.length - 1; n >= 1; n--) {
    const hit = find(parts.slice(0, n).join('-'));
    if (hit) return hit;
  }
  return tags.find((t) => t.split('-')[0].toLowerCase() === language) ?? 'en';
}

function canonical(tag: string | null | undefined): string | null {
  const text = (tag ?? '').trim().replace(/_/g, '-');
  if (!text) return null;
  try {
    return Intl.getCanonicalLocales(text)[0] ?? null;
  } catch {
    return null;
  }
}

/** `Hant` or `Hans` for a Chinese tag (likely-subtags: `zh-HK` → Hant, `zh` → Hans). */
function chineseScript(tag: string): string {
  try {
    return new Intl.Locale(tag).maximize().script ?? 'Hans';
  } catch {
    return /-(TW|HK|MO|Hant)\b/i.test(tag) ? 'Hant' : 'Hans';
  }
}
