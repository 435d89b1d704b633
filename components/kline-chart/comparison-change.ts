import { formatPrice } from './chart-legend.js';

/**
 * A comparison's value at bar `index` (null: the last visible bar) and its change from the first visible
 * bar with a close, as the comparisons legend shows them (comparison-legend.ts) and a capture draws them
 * when that legend's chunk is not here (compose-capture.ts): `['123.40', '+1.25%']`, `['—', '']` without data.
 */
export function comparisonChange(
  closes: Float64Array,
  index: number | null,
  view: { start: number; end: number },
): [value: string, change: string] {
  const n = closes.length;
  let base = Math.max(0, Math.ceil(view.start));
  while (base < n && !Number.isFinite(closes[base])) base++;
  const v = closes[index === null ? Math.min(n - 1, Math.ceil(view.end) - 1) : index];
  const pct = base < n && Number.isFinite(v) ? (v / closes[base] - 1) * 100 : NaN;
  return [formatPrice(v), Number.isFinite(pct) ? `${pct >= 0 ? '+' : ''}${pct.toFixed(2)}%` : ''];
}
