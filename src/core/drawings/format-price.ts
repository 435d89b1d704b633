import { formatFixed } from '../data/format-fixed.js';

/**
 * Formats a price for drawing labels with decimals that suit its magnitude
 * (`ref`, default the value itself): 2 from 10 up, 4 from 1, more for sub-unit prices (at most 10);
 * on a scale those decimals would write as zeros (1e-300, a 1e-12 coin) in exponent form, `1E-300`.
 * A value near 0 on a larger scale (a measure's Δ of 0.003 on a $100 stock) keeps the scale's
 * decimals (`0.00`), as the percentage beside it does.
 */
export function formatPrice(value: number, ref: number = value): string {
  if (!Number.isFinite(value)) return String(value);
  const a = Math.abs(ref);
  const decimals = a >= 10 ? 2 : a >= 1 ? 4 : a > 0 ? Math.min(10, 3 - Math.floor(Math.log10(a))) : 2;
  const tinyScale = a > 0 && a < 0.5 * 10 ** -decimals;
  return tinyScale ? formatFixed(value, decimals) : value.toFixed(decimals);
}
