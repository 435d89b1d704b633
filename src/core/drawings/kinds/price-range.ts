import type { DrawingKindDefinition } from '../drawing-kind.js';
import { BUILTIN_KIND_INFO } from './builtin-kind-info.js';
import type { DrawingPrimitive } from '../drawing-primitive.js';
import { LABEL_GAP, arrowHead, readout, seg } from './kind-helpers.js';
import { priceChange } from './measure-labels.js';

/** Fill opacity of the price-range box. */
export const PRICE_RANGE_FILL_ALPHA = 0.15;

/** A box measuring the change from the first anchor to the second. */
export const priceRange: DrawingKindDefinition = {
  ...BUILTIN_KIND_INFO.price_range,
  description: 'a box measuring the price change and percent from the first point to the second',
  geometry({ anchors: [a, b], drawing, formatPrice }) {
    if (!a || !b) return [];
    const p0 = drawing.points[0].price,
      p1 = drawing.points[1].price;
    const x = Math.min(a.x, b.x),
      y = Math.min(a.y, b.y);
    const mx = (a.x + b.x) / 2;
    const h = Math.abs(b.y - a.y);
    const out: DrawingPrimitive[] = [
      { type: 'rect', x, y, w: Math.abs(b.x - a.x), h, fillAlpha: PRICE_RANGE_FILL_ALPHA, stroke: false },
    ];
    const { head, bx, by } = arrowHead(mx, a.y, mx, b.y, 1);
    out.push(seg(mx, a.y, bx, by));
    if (head) out.push(head);
    const text = `${drawing.label ? `${drawing.label}: ` : ''}${priceChange(p0, p1, formatPrice)}`;
    const up = b.y <= a.y;
    out.push(readout(text, mx, up ? y - LABEL_GAP : y + h + LABEL_GAP, up));
    return out;
  },
};
