import type { Series } from '../../src/core/data/index.js';
import type { ChartMarker, ChartSettings } from '../../src/core/state/index.js';
import type { ZonedClock } from '../../src/render/index.js';
import type { ChartTooltip, TooltipLabels } from './chart-tooltip.js';
import { markerTooltipLines } from './marker-hover.js';

/** What the overlay layer's tooltip shows from (overlay-layer-controller.ts). */
export interface OverlayTooltipState {
  /** The bar under the crosshair, or null. */
  readonly index: number | null;
  /** The markers under the pointer. */
  readonly hits: readonly ChartMarker[];
  /** The pointer in the tooltip parent's CSS px, or null off the panes. */
  readonly pointer: { readonly x: number; readonly y: number } | null;
  readonly dragging: boolean;
  readonly series: Series | null;
  readonly clock: ZonedClock | null;
  readonly legendMode: ChartSettings['legendMode'];
  readonly labels: () => TooltipLabels;
}

/**
 * The markers' tooltip while the pointer is on a marker, else the bar's (by `legendMode`), or none;
 * part of the overlay layer's lazy chunk (overlay-layer-parts.ts).
 */
export function updateTooltip(tip: ChartTooltip, s: OverlayTooltipState): void {
  const { series, clock, pointer, index } = s;
  const parent = tip.element.parentElement;
  if (!pointer || !parent || !series || !clock || s.dragging) {
    tip.hide();
    return;
  }
  const bounds = { width: parent.clientWidth, height: parent.clientHeight };
  if (s.hits.length > 0) {
    tip.showLines(markerTooltipLines(s.hits, clock, series.period), pointer.x, pointer.y, bounds);
    return;
  }
  if (index === null || s.legendMode === 'legend' || series.bars.length === 0) {
    tip.hide();
    return;
  }
  tip.show(series, index, clock, s.labels(), pointer.x, pointer.y, bounds);
}
