/**
 * Formats a price for drawing labels with decimals that suit its magnitude
 * (`ref`, default the value itself): 2 from 10 up, 4 from 1, more for sub-unit prices.
 */
export function formatPrice(value: number, ref: number = value): string {
  if (!Number.isFinite(value)) return String(value);
  const a = Math.abs(ref);
  const decimals = a >= 10 ? 2 : a >= 1 ? 4 : a > 0 ? Math.min(10, 3 - Math.floor(Math.log10(a))) : 2;
  return value.toFixed(decimals);
}
