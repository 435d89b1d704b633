import type { DrawingKindDefinition } from '../drawing-kind.js';
import { lineLabel, seg } from './kind-helpers.js';

/** A segment between two anchors. */
export const trendLine: DrawingKindDefinition = {
  id: 'trend_line',
  anchors: 2,
  label: 'Trend line',
  description: 'a segment from the first point to the second',
  icon: 'M3 13L13 3M1.4 13a1.6 1.6 0 103.2 0 1.6 1.6 0 10-3.2 0M11.4 3a1.6 1.6 0 103.2 0 1.6 1.6 0 10-3.2 0',
  geometry({ anchors: [a, b], drawing }) {
    if (!a || !b) return [];
    return [seg(a.x, a.y, b.x, b.y), ...lineLabel(drawing.label, a.x, a.y, b.x, b.y)];
  },
};
