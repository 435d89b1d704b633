import { drawingKindIds, drawingKindSummary } from './drawing-kind-registry.js';

/** Points a registered kind needs; 0 for an unknown kind. */
export function drawingPointCount(kind: string): number {
  return drawingKindSummary(kind)?.anchors ?? 0;
}

/** Whether `value` names a registered kind (built-in or added with `registerDrawingKind`). */
export function isDrawingKind(value: unknown): value is string {
  return typeof value === 'string' && drawingKindSummary(value) !== undefined;
}

/** The registered kinds' ids, comma-separated (error messages). */
export function drawingKindList(): string {
  return drawingKindIds().join(', ');
}
