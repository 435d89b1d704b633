import type { DrawingKindDefinition } from '../drawing-kind.js';
import { BUILTIN_KIND_INFO } from './builtin-kind-info.js';
import { rightEdgeLabel, seg } from './kind-helpers.js';

/** A horizontal line from the anchor to the right edge. */
export const horizontalRay: DrawingKindDefinition = {
  ...BUILTIN_KIND_INFO.horizontal_ray,
  description: "a horizontal line from the point's time to the right edge at its price",
  geometry({ anchors: [a], mapper, drawing }) {
    if (!a) return [];
    const W = mapper.width;
    return [...(a.x <= W ? [seg(Math.max(0, a.x), a.y, W, a.y)] : []), ...rightEdgeLabel(drawing.label, W, a.y)];
  },
};
