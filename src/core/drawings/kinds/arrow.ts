import type { DrawingKindDefinition } from '../drawing-kind.js';
import { BUILTIN_KIND_INFO } from './builtin-kind-info.js';
import type { DrawingPrimitive } from '../drawing-primitive.js';
import { arrowHead, lineLabel, seg } from './kind-helpers.js';

/** A segment with a head at the second anchor. */
export const arrow: DrawingKindDefinition = {
  ...BUILTIN_KIND_INFO.arrow,
  description: 'a segment with an arrow head at the second point',
  geometry({ anchors: [a, b], drawing }) {
    if (!a || !b) return [];
    const { head, bx, by } = arrowHead(a.x, a.y, b.x, b.y, drawing.style.width);
    const out: DrawingPrimitive[] = [seg(a.x, a.y, bx, by)];
    if (head) out.push(head);
    return [...out, ...lineLabel(drawing.label, a.x, a.y, b.x, b.y)];
  },
};
