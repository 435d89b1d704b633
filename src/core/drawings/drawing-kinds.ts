import { drawingKindIds, drawingKindSummary } from './drawing-kind-summaries.js';

// `isDrawingKind`, which the chart's first paint reaches (kline-chart.ts), is in drawing-kind-registry.ts: what
// is left here only the drawing layer's and the tools' chunks call, so it goes with them (issue #12).

/** Points a registered kind needs; 0 for an unknown kind. */
export function drawingPointCount(kind: string): number {
  return drawingKindSummary(kind)?.anchors ?? 0;
}

/** The registered kinds' ids, comma-separated (error messages). */
export function drawingKindList(): string {
  return drawingKindIds().join(', ');
}
