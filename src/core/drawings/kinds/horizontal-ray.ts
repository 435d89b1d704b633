import type { DrawingKindDefinition } from '../drawing-kind.js';
import { rightEdgeLabel, seg } from './kind-helpers.js';

/** A horizontal line from the anchor to the right edge. */
export const horizontalRay: DrawingKindDefinition = {
  id: 'horizontal_ray',
  anchors: 1,
  label: 'Horizontal ray',
  description: "a horizontal line from the point's time to the right edge at its price",
  icon: 'M4 8h11M2.4 8a1.6 1.6 0 103.2 0 1.6 1.6 0 10-3.2 0',
  geometry({ anchors: [a], mapper, drawing }) {
    if (!a) return [];
    const W = mapper.width;
    return [...(a.x <= W ? [seg(Math.max(0, a.x), a.y, W, a.y)] : []), ...rightEdgeLabel(drawing.label, W, a.y)];
  },
};
