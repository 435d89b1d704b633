// What a model reads about the kinds (their descriptions live with their geometry in kinds/*, so this
// module loads with the tools, not with the first paint: issue #12).
import { DRAWING_KINDS, type BuiltinDrawingKind } from './drawing.js';
import { listDrawingKinds } from './drawing-kind-summaries.js';
import { getDrawingKind } from './get-drawing-kind.js';
import { BUILTIN_DRAWING_KINDS } from './kinds/builtin-drawing-kinds.js';

/** What a person and a model need to know about one drawing kind. */
export interface DrawingKindInfo {
  /** Number of anchors the kind needs, exactly. */
  readonly points: number;
  /** Short human label for toolbars and menus. */
  readonly label: string;
  /** One line for a model: what the points mean. */
  readonly description: string;
}

/** Per built-in kind: point count, label and a one-line description (from src/core/drawings/kinds/). */
export const DRAWING_KIND_INFO: Readonly<Record<BuiltinDrawingKind, DrawingKindInfo>> = Object.freeze(
  Object.fromEntries(
    BUILTIN_DRAWING_KINDS.map((k) => [k.id, { points: k.anchors, label: k.label, description: k.description }]),
  ) as Record<BuiltinDrawingKind, DrawingKindInfo>,
);

/** Exact number of points each built-in kind needs. */
export const DRAWING_POINT_COUNTS: Readonly<Record<BuiltinDrawingKind, number>> = Object.freeze(
  Object.fromEntries(DRAWING_KINDS.map((k) => [k, DRAWING_KIND_INFO[k].points])) as Record<BuiltinDrawingKind, number>,
);

/**
 * Compact text for tool descriptions, one registered kind per line, e.g.
 * `trend_line (2 points): a segment from the first point to the second`.
 */
export function describeDrawingKinds(): string {
  return listDrawingKinds()
    .map((summary) => getDrawingKind(summary.id) ?? { ...summary, description: '' })
    .map((k) => `${k.id} (${k.anchors} point${k.anchors === 1 ? '' : 's'}): ${k.description}`)
    .join('\n');
}
