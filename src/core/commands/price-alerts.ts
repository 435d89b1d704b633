import type { PriceLine } from '../state/index.js';

/** A price alert that fired (the `detail` of `kline-price-alert`). */
export interface PriceAlertFired {
  /** The price line (`price_lines_list`). */
  readonly id: string;
  readonly price: number;
  readonly label: string;
  readonly direction: 'up' | 'down';
  /** The bar's open time (epoch ms) and the close that crossed (an appended bar's open, after a gap, counts too). */
  readonly time: number;
  readonly close: number;
  readonly symbol: string;
  readonly period: string;
}

/**
 * Which way a move from `from` to `to` crosses `level`: reaching it from below is `up`, from above
 * `down`; starting on it, or staying on one side, is no cross (null).
 */
export function crossDirection(level: number, from: number, to: number): 'up' | 'down' | null {
  if (from < level && to >= level) return 'up';
  if (from > level && to <= level) return 'down';
  return null;
}

/**
 * The alert lines a price move fires, each at most once: the move goes from `from` through each price
 * of `path` (a tick: its close; an appended bar: its open, then its close, so a gap across a line counts).
 */
export function priceAlertHits(
  lines: readonly PriceLine[],
  from: number,
  path: readonly number[],
): { line: PriceLine; direction: 'up' | 'down' }[] {
  const hits: { line: PriceLine; direction: 'up' | 'down' }[] = [];
  for (const line of lines) {
    if (!line.alert || line.alert === 'off') continue;
    let a = from;
    for (const b of path) {
      const direction = crossDirection(line.price, a, b);
      if (direction && (line.alert === 'cross' || line.alert === `cross_${direction}`)) {
        hits.push({ line, direction });
        break;
      }
      a = b;
    }
  }
  return hits;
}
