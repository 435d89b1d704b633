import type { ChartMarker } from '../../core/state/index.js';
import type { Bars } from '../../core/data/index.js';
import type { PlotTransform } from '../paint-candles.js';

/** Shape size and its gap from the bar, in canvas px: what `paintMarkers` draws with. */
export function markerMetrics(t: PlotTransform, pixelRatio: number): { size: number; gap: number } {
  return {
    size: Math.round(Math.max(5, Math.min(9, (t.slot / pixelRatio) * 0.8)) * pixelRatio),
    gap: Math.round(3 * pixelRatio),
  };
}

/**
 * The markers (sorted by time) drawn on bar `index` whose shape is under the canvas point
 * (`x`, `y`), give or take `slop` canvas px, nearest first. A marker's centre is where
 * `paintMarkers` puts it: above the high, below the low, or on the close.
 */
export function markersAt(
  markers: readonly ChartMarker[],
  bars: Bars,
  index: number,
  t: PlotTransform,
  pixelRatio: number,
  x: number,
  y: number,
  slop: number,
): ChartMarker[] {
  if (index < 0 || index >= bars.length || markers.length === 0) return [];
  const time = bars.time[index];
  let lo = 0;
  let hi = markers.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (markers[mid].time < time) lo = mid + 1;
    else hi = mid;
  }
  const { size, gap } = markerMetrics(t, pixelRatio);
  const h = size / 2;
  const cx = Math.round(t.x(index));
  if (Math.abs(x - cx) > h + slop) return [];
  const hits: { m: ChartMarker; d: number }[] = [];
  for (let k = lo; k < markers.length && markers[k].time === time; k++) {
    const m = markers[k];
    const cy =
      m.position === 'above'
        ? t.y(bars.high[index]) - gap - h
        : m.position === 'below'
          ? t.y(bars.low[index]) + gap + h
          : t.y(bars.close[index]);
    const d = Math.abs(y - Math.round(cy));
    if (d <= h + slop) hits.push({ m, d });
  }
  return hits.sort((a, b) => a.d - b.d).map((hit) => hit.m);
}
