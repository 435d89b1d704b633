/**
 * Locale number formats of the chart (docs/contracts.md, "Locales"): compact large values in the
 * locale's own units (7,850,000 → `7.85M` in English, `785万` in Chinese and Japanese, 1.2亿 / 1.2億),
 * and indicator values with the price's decimals where they are prices. DOM-free (Intl only).
 */

const compact = new Map<string, Intl.NumberFormat>();

function compactFormat(locale: string, digits: number): Intl.NumberFormat {
  const key = `${locale}|${digits}`;
  let f = compact.get(key);
  if (!f) {
    try {
      f = new Intl.NumberFormat(locale || 'en', { notation: 'compact', maximumFractionDigits: digits });
    } catch {
      f = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: digits });
    }
    compact.set(key, f);
  }
  return f;
}

/** A volume or other large count, compact in `locale`: `7.85M`, `785万`, `1.2亿`; `—` when not finite. */
export function formatCompact(v: number, locale: string, digits = 2): string {
  if (!Number.isFinite(v)) return '—';
  return compactFormat(locale, digits).format(v);
}

/**
 * A study's value in the legend and the data table: compact for volumes and large numbers; with
 * the instrument's price decimals on the price pane (a moving average of a 2-decimal price shows
 * 2 decimals); otherwise 2 to 4 decimals by magnitude.
 */
export function formatStudyValue(
  v: number,
  kind: 'price' | 'volume' | 'indicator',
  locale: string,
  pricePrecision?: number,
): string {
  if (!Number.isFinite(v)) return '—';
  if (kind === 'volume' || Math.abs(v) >= 1e5) return formatCompact(v, locale);
  if (kind === 'price' && pricePrecision !== undefined) return v.toFixed(pricePrecision);
  const a = Math.abs(v);
  return v.toFixed(a >= 100 ? 2 : a >= 1 ? 3 : 4);
}
