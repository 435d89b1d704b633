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
  return v.toFixed(a >= 100 ? 2 : a >= 1 ? 3 : smallDecimals(a, 4));
}

/**
 * Decimals for a value below 1 without a known precision: `atLeast` (0.5 → 4), more for tiny values
 * so three significant digits show (0.000012345 → 0.0000123, never 0.0000); at most 12.
 */
export function smallDecimals(a: number, atLeast: number): number {
  if (a >= 1 || !(a > 0)) return atLeast;
  return Math.max(atLeast, Math.min(12, 2 - Math.floor(Math.log10(a))));
}

/** The fewest decimals (≤ 12) that write `v` exactly, ignoring binary float noise (0.1 + 0.2 → 1). */
function decimalsOf(v: number): number {
  if (!Number.isFinite(v) || v === 0) return 0;
  for (let d = 0; d < 12; d++) {
    const scaled = v * 10 ** d;
    if (Math.abs(scaled - Math.round(scaled)) <= Math.abs(scaled) * 1e-9) return d;
  }
  return 12;
}

/**
 * A value axis's tick labels: as many decimals as the step between the ticks needs (1.0830 / 1.0835,
 * 0.0000120 / 0.0000125), none of the float noise of the tick values (0.30000000000000004 → 0.3);
 * volumes and values from a million up compact in the locale (`5M`, `500万`).
 */
export function formatAxisTicks(
  splits: readonly number[],
  kind: 'price' | 'volume' | 'indicator',
  locale: string,
): string[] {
  let step = Infinity;
  for (let i = 1; i < splits.length; i++) {
    const d = Math.abs(splits[i] - splits[i - 1]);
    if (d > 0 && d < step) step = d;
  }
  // The step itself carries float noise (0.0005000000000000004): 6 significant digits of it suffice.
  const decimalsFor = (x: number) => decimalsOf(Number(x.toPrecision(6)));
  const decimals = Number.isFinite(step) ? decimalsFor(step) : -1;
  return splits.map((v) => {
    const a = Math.abs(v);
    if (kind === 'volume' || a >= 1e6) return a < 1e3 ? String(+v.toFixed(0)) : formatCompact(v, locale);
    // A zero tick computed as -1e-17 is 0, not -0.0000.
    if (decimals >= 0 && a < step / 2) return (0).toFixed(decimals);
    return v.toFixed(decimals >= 0 ? decimals : decimalsFor(v));
  });
}
