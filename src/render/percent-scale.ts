import { niceStep } from './log-price-splits.js';

/**
 * The percent price scale (settings `priceScale: 'percent'`), as TradingView's: the pane keeps its
 * prices, its axis reads them as the change from the close of the first bar in view, at round
 * percentages, and the price tags say the same percentage.
 */

/** The close the percentages are measured from: the first bar in view's (0 when there is none). */
export function percentBase(close: ArrayLike<number>, viewStart: number): number {
  if (close.length === 0) return 0;
  const base = close[Math.max(0, Math.min(close.length - 1, Math.ceil(viewStart)))];
  return Number.isFinite(base) ? base : 0;
}

/** Prices of the axis ticks from `min` to `max` on a pane `heightPx` tall: round percentages of `base`, at least `spacePx` apart. */
export function percentSplits(min: number, max: number, base: number, heightPx: number, spacePx: number): number[] {
  if (!(base > 0 && max > min && heightPx > 0 && spacePx > 0)) return [];
  const lo = (min / base - 1) * 100;
  const hi = (max / base - 1) * 100;
  const step = niceStep(((hi - lo) * spacePx) / heightPx);
  const splits: number[] = [];
  for (let k = Math.ceil(lo / step - 1e-9); k * step <= hi + step * 1e-9 && splits.length < 100; k++)
    splits.push(base * (1 + (k * step) / 100));
  return splits;
}

/** Tick labels for prices at round percentages of `base`: as many decimals as their step needs. */
export function formatPercentTicks(prices: readonly number[], base: number): string[] {
  if (!(base > 0)) return prices.map(() => '');
  const pct = prices.map((p) => (p / base - 1) * 100);
  const step = pct.length > 1 ? Math.abs(pct[1] - pct[0]) : 1;
  const decimals = Math.max(0, Math.min(4, Math.ceil(-Math.log10(step) - 1e-6)));
  return pct.map((v) => `${formatSigned(v, decimals, false)}%`);
}

/** A price tag's text on the percent scale: the change from `base` with two decimals and its sign. */
export function formatPercentTag(price: number, base: number): string {
  return base > 0 ? `${formatSigned((price / base - 1) * 100, 2, true)}%` : '';
}

function formatSigned(v: number, decimals: number, plus: boolean): string {
  const text = Math.abs(v).toFixed(decimals);
  if (Number(text) === 0) return text;
  return v < 0 ? `-${text}` : plus ? `+${text}` : text;
}
