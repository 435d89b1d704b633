import type { DrawingKindDefinition } from '../drawing-kind.js';
import { BUILTIN_KIND_INFO } from './builtin-kind-info.js';
import type { DrawingPrimitive } from '../drawing-primitive.js';
import { LABEL_GAP, label } from './kind-helpers.js';

/** Fill opacity of rectangles (so that their inside is visibly part of them and clickable). */
export const RECTANGLE_FILL_ALPHA = 0.1;

/** A box with the anchors as opposite corners. */
export const rectangle: DrawingKindDefinition = {
  ...BUILTIN_KIND_INFO.rectangle,
  description: 'a box with the two points as opposite corners',
  geometry({ anchors: [a, b], drawing }) {
    if (!a || !b) return [];
    const x = Math.min(a.x, b.x),
      y = Math.min(a.y, b.y);
    const out: DrawingPrimitive[] = [
      {
        type: 'rect',
        x,
        y,
        w: Math.abs(b.x - a.x),
        h: Math.abs(b.y - a.y),
        fillAlpha: RECTANGLE_FILL_ALPHA,
        stroke: true,
      },
    ];
    if (drawing.label) out.push(label(drawing.label, x + LABEL_GAP, y + LABEL_GAP, 'left', 'top'));
    return out;
  },
};
