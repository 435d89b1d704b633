import type { Bars } from './bars.js';

/** Most decimals a price is shown with. */
export const MAX_PRICE_PRECISION = 12;
/** Significant digits a price keeps when its values have no tick size (arbitrary floats). */
const SIGNIFICANT_DIGITS = 8;

/**
 * The fewest decimals (≤ `max`) that write `v` exactly, ignoring binary float noise: 0.1 + 0.2
 * (0.30000000000000004) has 1, 0.000012345 has 9.
 */
export function decimalsOf(v: number, max = MAX_PRICE_PRECISION): number {
  if (!Number.isFinite(v) || v === 0) return 0;
  for (let d = 0; d < max; d++) {
    const scaled = v * 10 ** d;
    if (Math.abs(scaled - Math.round(scaled)) <= Math.abs(scaled) * 1e-9) return d;
  }
  return max;
}

/**
 * The price precision of bars whose instrument names none: the decimals of their tick size (the
 * most any of the newest 1000 bars' prices needs), at most 8 significant digits of the last close
 * and {@link MAX_PRICE_PRECISION}. A 1e-5 coin keeps its 9 decimals; float noise is not one.
 */
export function derivePricePrecision(bars: Bars): number {
  const n = bars.length;
  if (n === 0) return 2;
  const cap = precisionCap(bars.close[n - 1]);
  let decimals = 0;
  const columns = [bars.open, bars.high, bars.low, bars.close];
  for (let i = n - 1; i >= Math.max(0, n - 1000) && decimals < cap; i--) {
    for (const column of columns) {
      const v = column[i];
      // A price already whole at the decimals found has no more (decimalsOf returns the fewest that make it
      // whole): one multiplication instead of a loop over every count below them, for most prices.
      const scaled = v * 10 ** decimals;
      if (Math.abs(scaled - Math.round(scaled)) <= Math.abs(scaled) * 1e-9) continue;
      const d = decimalsOf(v, cap);
      if (d > decimals) decimals = d;
    }
  }
  return decimals;
}

/**
 * A precision derived from earlier bars, widened for a live bar whose prices need more decimals (a
 * history of round prices, then a tick at 103.37), within the same limits as {@link derivePricePrecision}.
 */
export function widenPricePrecision(
  precision: number,
  bar: { readonly open: number; readonly high: number; readonly low: number; readonly close: number },
): number {
  const cap = precisionCap(bar.close);
  let decimals = precision;
  for (const v of [bar.open, bar.high, bar.low, bar.close])
    if (decimals < cap) decimals = Math.max(decimals, decimalsOf(v, cap));
  return decimals;
}

/** The most decimals a price around `typical` is shown with: 8 significant digits, at most {@link MAX_PRICE_PRECISION}. */
function precisionCap(typical: number): number {
  const a = Math.abs(typical);
  return a > 0 && Number.isFinite(a)
    ? Math.max(0, Math.min(MAX_PRICE_PRECISION, SIGNIFICANT_DIGITS - 1 - Math.floor(Math.log10(a))))
    : MAX_PRICE_PRECISION;
}
