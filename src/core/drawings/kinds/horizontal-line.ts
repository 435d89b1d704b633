import type { DrawingKindDefinition } from '../drawing-kind.js';
import { rightEdgeLabel, seg } from './kind-helpers.js';

/** A horizontal line across the whole plot. */
export const horizontalLine: DrawingKindDefinition = {
  id: 'horizontal_line',
  anchors: 1,
  label: 'Horizontal line',
  description: "a horizontal line across the whole chart at the point's price (its time only anchors it)",
  icon: 'M1 8h14M6.4 8a1.6 1.6 0 103.2 0 1.6 1.6 0 10-3.2 0',
  geometry({ anchors: [a], mapper, drawing }) {
    if (!a) return [];
    return [seg(0, a.y, mapper.width, a.y), ...rightEdgeLabel(drawing.label, mapper.width, a.y)];
  },
};
