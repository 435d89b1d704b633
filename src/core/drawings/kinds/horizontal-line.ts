import type { DrawingKindDefinition } from '../drawing-kind.js';
import { BUILTIN_KIND_INFO } from './builtin-kind-info.js';
import { rightEdgeLabel, seg } from './kind-helpers.js';

/** A horizontal line across the whole plot. */
export const horizontalLine: DrawingKindDefinition = {
  ...BUILTIN_KIND_INFO.horizontal_line,
  geometry({ anchors: [a], mapper, drawing }) {
    if (!a) return [];
    return [seg(0, a.y, mapper.width, a.y), ...rightEdgeLabel(drawing.label, mapper.width, a.y)];
  },
};
