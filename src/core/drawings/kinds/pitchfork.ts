import type { DrawingKindDefinition } from '../drawing-kind.js';
import type { DrawingPrimitive } from '../drawing-primitive.js';
import { clipLineToRect } from '../pixel-math.js';
import { BUILTIN_KIND_INFO } from './builtin-kind-info.js';
import { lineLabel, seg } from './kind-helpers.js';

/**
 * Andrews' pitchfork: the median line from the first point through the midpoint of the second and
 * third, and two parallels to it through the second and third, each running on to the plot's edge
 * (the right edge for a fork drawn left to right), plus the line joining the second and third point.
 */
export const pitchfork: DrawingKindDefinition = {
  ...BUILTIN_KIND_INFO.pitchfork,
  description:
    "Andrews' pitchfork: a median line from the first point through the midpoint of the second and third, and parallels through the second and third, extended to the right edge",
  geometry({ anchors: [a, b, c], drawing, mapper }) {
    if (!a || !b) return [];
    if (!c) return [seg(a.x, a.y, b.x, b.y)];
    const mx = (b.x + c.x) / 2,
      my = (b.y + c.y) / 2;
    const dx = mx - a.x,
      dy = my - a.y;
    const out: DrawingPrimitive[] = [seg(b.x, b.y, c.x, c.y)];
    if (dx === 0 && dy === 0) return [...out, ...lineLabel(drawing.label, a.x, a.y, mx, my)];
    // The median first, then the parallels through the second and third point.
    for (const p of [a, b, c]) {
      const line = clipLineToRect(p.x, p.y, dx, dy, mapper.width, mapper.height, 0, Infinity);
      if (line) out.push(seg(line.x1, line.y1, line.x2, line.y2));
    }
    return [...out, ...lineLabel(drawing.label, a.x, a.y, mx, my)];
  },
};
