import type { ChartMarker } from '../../core/state/index.js';
import type { Bars } from '../../core/data/index.js';
import type { PlotTransform } from '../paint-candles.js';
import { firstAtOrAfter, markerCentreY, markerMetrics } from './marker-geometry.js';
import { markerStyles } from './marker-styles.js';

/**
 * The markers (sorted by time) drawn on bar `index` whose shape is under the canvas point
 * (`x`, `y`), give or take `slop` canvas px, nearest first: where `paintMarkers` puts them.
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
  const { size, gap } = markerMetrics(t, pixelRatio);
  const h = size / 2;
  if (Math.abs(x - Math.round(t.x(index))) > h + slop) return [];
  const { time, position } = markerStyles(markers);
  const hits: { m: ChartMarker; d: number }[] = [];
  for (let k = firstAtOrAfter(time, bars.time[index]); k < time.length && time[k] === bars.time[index]; k++) {
    const d = Math.abs(y - Math.round(markerCentreY(position[k], index, bars, t, size, gap)));
    if (d <= h + slop) hits.push({ m: markers[k], d });
  }
  return hits.sort((a, b) => a.d - b.d).map((hit) => hit.m);
}
