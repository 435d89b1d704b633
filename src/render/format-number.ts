/**
 * Locale number formats of the chart (docs/contracts.md, "Locales"): compact large values in the
 * locale's own units (7,850,000 → `7.85M` in English, `785万` in Chinese and Japanese, 1.2亿 / 1.2億),
 * and indicator values with the price's decimals where they are prices. DOM-free (Intl only).
 */
import { decimalsOf } from '../core/data/derive-price-precision.js';
import { exponentForm, formatFixed } from '../core/data/format-fixed.js';
import { englishCompact } from './english-compact.js';

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

/**
 * A volume or other large count, compact in `locale`: `7.85M`, `785万`, `1.2亿`; `—` when not finite.
 * From a thousand trillion up (past the locales' largest unit, where `1e300` would be written with 300
 * digits), scientific: `1E300`.
 */
export function formatCompact(v: number, locale: string, digits = 2): string {
  if (!Number.isFinite(v)) return '—';
  if (Math.abs(v) >= 1e15) return exponentForm(v, digits);
  return !locale || locale === 'en' ? englishCompact(v, digits) : compactFormat(locale, digits).format(v);
}

export { formatFixed };

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
  if (kind === 'price' && pricePrecision !== undefined) return formatFixed(v, pricePrecision);
  const a = Math.abs(v);
  return formatFixed(v, a >= 100 ? 2 : a >= 1 ? 3 : 4);
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
  for (let i = 1; i < splits.length; i++) step = Math.min(step, Math.abs(splits[i] - splits[i - 1]) || Infinity);
  // The step carries float noise too (0.0005000000000000004): 6 significant digits of it suffice. A
  // lone tick takes its own decimals.
  const decimals = (x: number) => decimalsOf(Number(x.toPrecision(6)));
  const lone = step === Infinity;
  // The step's decimals once for every label (uPlot asks for the labels on each zoom frame).
  const stepDecimals = lone ? 0 : decimals(step);
  return splits.map((v) => {
    const a = Math.abs(v);
    // Volumes under 1 (a crypto coin's) keep the step's decimals: 0.5 is not written 1 beside a 1.
    if (kind === 'volume' && a < 1e3 && step < 1) return (a < step / 2 ? 0 : v).toFixed(stepDecimals);
    if (kind === 'volume' || a >= 1e6) return a < 1e3 ? String(+v.toFixed(0)) : formatCompact(v, locale);
    // A zero tick computed as -1e-17 is 0, not -0.0000.
    return formatFixed(!lone && a < step / 2 ? 0 : v, lone ? decimals(v) : stepDecimals);
  });
}

/**
 * One price as a tag on the price axis shows it (the last price, a price line's label, the crosshair):
 * the instrument's decimals when it has them, else the value's own (as {@link formatAxisTicks} writes a
 * lone tick). The axis's ticks and its tags are written by these two functions only.
 */
export function formatPriceTag(v: number, precision: number | undefined, locale = 'en'): string {
  return precision === undefined ? formatAxisTicks([v], 'price', locale)[0] : formatFixed(v, precision);
}

/**
 * @deprecated One value as a lone axis tick: use {@link formatAxisTicks} for a scale's ticks (their
 * decimals follow the step) or {@link formatPriceTag} for a price.
 */
export function formatAxisNumber(v: number, kind: 'price' | 'volume' | 'indicator', locale = 'en'): string {
  return formatAxisTicks([v], kind, locale)[0];
}
