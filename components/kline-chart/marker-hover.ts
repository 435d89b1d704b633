import type uPlot from 'uplot';
import { pxRatioOf } from '../../src/render/plot-pixel-ratio.js';
import type { Bars } from '../../src/core/data/index.js';
import type { ChartMarker } from '../../src/core/state/index.js';
import { formatBarTime, markersAt, type PlotTransform, type ZonedClock } from '../../src/render/index.js';
import { localPoint } from '../../src/render/local-point.js';

const NO_MARKERS: readonly ChartMarker[] = [];
/** A marker's line in the tooltip starts with its shape, pointing as drawn. */
const MARKER_GLYPHS: Record<ChartMarker['shape'], (position: ChartMarker['position']) => string> = {
  arrow: (position) => (position === 'above' ? '▼' : '▲'),
  circle: () => '●',
  square: () => '■',
  flag: () => '⚑',
};

/**
 * Markers whose shape is under the pointer on the price plot `u` (a bar or two either side: shapes
 * outgrow narrow bars), nearest first; part of the overlay layer's lazy chunk (overlay-layer-parts.ts).
 */
export function markersUnder(
  e: PointerEvent,
  u: uPlot,
  t: PlotTransform,
  bars: Bars,
  markers: readonly ChartMarker[],
): readonly ChartMarker[] {
  if (markers.length === 0) return NO_MARKERS;
  const { x: px, y: py, inside } = localPoint(u.over, e);
  if (!inside) return NO_MARKERS;
  const pr = pxRatioOf(u);
  const centre = Math.round(u.posToVal(px, 'x'));
  const x = px * pr + u.bbox.left;
  const y = py * pr + u.bbox.top;
  for (const i of [centre, centre - 1, centre + 1, centre - 2, centre + 2]) {
    const hits = markersAt(markers, bars, i, t, pr, x, y, 2 * pr);
    if (hits.length > 0) return hits;
  }
  return NO_MARKERS;
}

/** The tooltip's lines for markers under the pointer: their bar's time, then up to five markers. */
export function markerTooltipLines(hits: readonly ChartMarker[], clock: ZonedClock, period: string): string[] {
  const intraday = !['1d', '1w', '1M'].includes(period);
  return [
    formatBarTime(hits[0].time, clock, intraday),
    ...hits.slice(0, 5).map((m) => `${MARKER_GLYPHS[m.shape](m.position)} ${m.text ?? ''}`.trimEnd()),
  ];
}
