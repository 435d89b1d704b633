import type { DrawingKindDefinition } from '../drawing-kind.js';
import { BUILTIN_KIND_INFO } from './builtin-kind-info.js';
import type { DrawingPrimitive } from '../drawing-primitive.js';
import { lineLabel, seg } from './kind-helpers.js';

/** A base line and its parallel through the third anchor. */
export const parallelChannel: DrawingKindDefinition = {
  ...BUILTIN_KIND_INFO.parallel_channel,
  description: 'a line from the first to the second point plus a parallel line through the third point',
  geometry({ anchors: [a, b, c], drawing }) {
    if (!a || !b) return [];
    const out: DrawingPrimitive[] = [seg(a.x, a.y, b.x, b.y)];
    if (c) {
      if (b.x !== a.x) {
        // The parallel keeps the base line's slope and passes through the third anchor.
        const off = c.y - (a.y + ((b.y - a.y) * (c.x - a.x)) / (b.x - a.x));
        out.push(seg(a.x, a.y + off, b.x, b.y + off));
      } else {
        const off = c.x - a.x;
        out.push(seg(a.x + off, a.y, b.x + off, b.y));
      }
    }
    return [...out, ...lineLabel(drawing.label, a.x, a.y, b.x, b.y)];
  },
};
