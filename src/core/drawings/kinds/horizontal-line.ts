import type { DrawingKindDefinition } from '../drawing-kind.js';
import { BUILTIN_KIND_INFO } from './builtin-kind-info.js';
import { rightEdgeLabel, seg } from './kind-helpers.js';

/** A horizontal line across the whole plot. */
export const horizontalLine: DrawingKindDefinition = {
  ...BUILTIN_KIND_INFO.horizontal_line,
  description: "a horizontal line across the whole chart at the point's price (its time only anchors it)",
  geometry({ anchors: [a], mapper, drawing }) {
    if (!a) return [];
    return [seg(0, a.y, mapper.width, a.y), ...rightEdgeLabel(drawing.label, mapper.width, a.y)];
  },
};
