import type { DrawingGeometryInput } from '../drawing-kind.js';
import type { DrawingPrimitive } from '../drawing-primitive.js';
import { clipLineToRect } from '../pixel-math.js';
import { lineLabel, seg } from './kind-helpers.js';

/** The line through the first two anchors clipped to the plot, from parameter `tMin` on (0: a ray). */
export function clippedLine(
  { anchors: [a, b], mapper, drawing }: DrawingGeometryInput,
  tMin: number,
): DrawingPrimitive[] {
  if (!a || !b) return [];
  const dx = b.x - a.x,
    dy = b.y - a.y;
  const out: DrawingPrimitive[] = [];
  if (dx === 0 && dy === 0) {
    out.push(seg(a.x, a.y, a.x, a.y));
  } else {
    const clipped = clipLineToRect(a.x, a.y, dx, dy, mapper.width, mapper.height, tMin, Infinity);
    if (clipped) out.push(seg(clipped.x1, clipped.y1, clipped.x2, clipped.y2));
  }
  out.push(...lineLabel(drawing.label, a.x, a.y, b.x, b.y));
  return out;
}
