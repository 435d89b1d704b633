import type { Bars } from '../data/index.js';
import type { DrawingPoint } from './drawing.js';
import type { DrawingMapper } from './drawing-mapper.js';

/** Where the magnet put a point: a bar's time and one of its prices. */
export interface SnapResult extends DrawingPoint {
  /** Index of the bar in the loaded bars. */
  readonly index: number;
  readonly field: 'open' | 'high' | 'low' | 'close';
}

/** Options of `snapToBar`. */
export interface SnapToBarOptions {
  /** Weak magnet: no snap when the nearest price is farther than this, px. Default: always snap. */
  readonly maxDistancePx?: number;
}

const FIELDS = ['open', 'high', 'low', 'close'] as const;

/**
 * Magnet snapping: the bar nearest to `pointer.time`, and of its open/high/low/close the one nearest
 * to `pointer.price` in pixels (so a log scale snaps to what the user sees). Null when there are no
 * bars, or the pointer is more than half a bar beyond the first or last bar (the empty future area
 * stays free), or farther than `maxDistancePx`.
 */
export function snapToBar(
  pointer: DrawingPoint,
  bars: Pick<Bars, 'time' | 'open' | 'high' | 'low' | 'close' | 'length'>,
  mapper: Pick<DrawingMapper, 'priceToY'>,
  options: SnapToBarOptions = {},
): SnapResult | null {
  const n = bars.length;
  if (n === 0 || !Number.isFinite(pointer.time) || !Number.isFinite(pointer.price)) return null;
  const t = bars.time;
  if (n > 1) {
    const firstHalf = (t[1] - t[0]) / 2;
    const lastHalf = (t[n - 1] - t[n - 2]) / 2;
    if (pointer.time < t[0] - firstHalf || pointer.time > t[n - 1] + lastHalf) return null;
  }
  let lo = 0,
    hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (t[mid] <= pointer.time) lo = mid;
    else hi = mid;
  }
  const index = Math.abs(t[hi] - pointer.time) < Math.abs(pointer.time - t[lo]) ? hi : lo;
  const py = mapper.priceToY(pointer.price);
  let field: SnapResult['field'] = 'close';
  let best = Infinity;
  for (const f of FIELDS) {
    const d = Math.abs(mapper.priceToY(bars[f][index]) - py);
    if (d < best) {
      best = d;
      field = f;
    }
  }
  if (best > (options.maxDistancePx ?? Infinity)) return null;
  return { time: t[index], price: bars[field][index], index, field };
}
