import type { DrawingKindDefinition } from '../drawing-kind.js';
import { BUILTIN_KIND_INFO } from './builtin-kind-info.js';
import { lineLabel, seg } from './kind-helpers.js';

/** A segment between two anchors. */
export const trendLine: DrawingKindDefinition = {
  ...BUILTIN_KIND_INFO.trend_line,
  description: 'a segment from the first point to the second',
  geometry({ anchors: [a, b], drawing }) {
    if (!a || !b) return [];
    return [seg(a.x, a.y, b.x, b.y), ...lineLabel(drawing.label, a.x, a.y, b.x, b.y)];
  },
};
