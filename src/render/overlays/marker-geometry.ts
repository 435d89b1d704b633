import type { Bars } from '../../core/data/index.js';
import type { PlotTransform } from '../paint-candles.js';

/** Shape size and its gap from the bar, in canvas px: what markers are drawn and hit-tested with. */
export function markerMetrics(t: PlotTransform, pixelRatio: number): { size: number; gap: number } {
  return {
    size: Math.round(Math.max(5, Math.min(9, (t.slot / pixelRatio) * 0.8)) * pixelRatio),
    gap: Math.round(3 * pixelRatio),
  };
}

/**
 * Canvas y of the centre of a marker on bar `i`, by position (`markerStyles`' code: 0 above the
 * high, 1 below the low, 2 on the close), for a shape `size` px wide `gap` px off the bar.
 */
export function markerCentreY(
  position: number,
  i: number,
  bars: Bars,
  t: PlotTransform,
  size: number,
  gap: number,
): number {
  const h = size / 2;
  return position === 0
    ? t.y(bars.high[i]) - gap - h
    : position === 1
      ? t.y(bars.low[i]) + gap + h
      : t.y(bars.close[i]);
}

/** Index of the first time ≥ `t` in the sorted `times`. */
export function firstAtOrAfter(times: Float64Array, t: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (times[mid] < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
