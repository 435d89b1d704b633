import type { DrawingKindDefinition } from '../drawing-kind.js';
import type { DrawingPrimitive } from '../drawing-primitive.js';
import { BUILTIN_KIND_INFO } from './builtin-kind-info.js';
import { LABEL_GAP, TEXT_HEIGHT_PX, arrowHead, boxOf, readout, seg } from './kind-helpers.js';
import { barsAndSpan, priceChange } from './measure-labels.js';

/** Fill opacity of the date-and-price-range box. */
export const DATE_PRICE_RANGE_FILL_ALPHA = 0.15;

/**
 * TradingView's date and price range: a shaded box with the two points as opposite corners, arrows
 * across it towards the second point in time and in price, and a two-line label beyond its far price
 * edge: the price change with its percent, then the bars and the time span in the chart's language.
 */
export const datePriceRange: DrawingKindDefinition = {
  ...BUILTIN_KIND_INFO.date_price_range,
  description:
    'a box from the first point to the second labelled with the price change and percent, the number of bars and the time span',
  geometry({ anchors: [a, b], drawing, mapper, formatPrice, words }) {
    if (!a || !b) return [];
    const [p0, p1] = drawing.points;
    const { x, y, w, h } = boxOf(a, b);
    const mx = x + w / 2,
      my = y + h / 2;
    const out: DrawingPrimitive[] = [
      { type: 'rect', x, y, w, h, fillAlpha: DATE_PRICE_RANGE_FILL_ALPHA, stroke: false },
    ];
    for (const [x0, y0, x1, y1] of [
      [mx, a.y, mx, b.y],
      [a.x, my, b.x, my],
    ]) {
      const { head, bx, by } = arrowHead(x0, y0, x1, y1, 1);
      out.push(seg(x0, y0, bx, by));
      if (head) out.push(head);
    }
    const lines = [
      `${drawing.label ? `${drawing.label}: ` : ''}${priceChange(p0.price, p1.price, formatPrice)}`,
      barsAndSpan(mapper, p0.time, p1.time, words),
    ];
    // Beyond the edge the price moved to (above a rise, below a fall), the price change on top.
    const up = b.y <= a.y;
    lines.forEach((text, i) =>
      out.push(
        readout(text, mx, up ? y - LABEL_GAP - (1 - i) * TEXT_HEIGHT_PX : y + h + LABEL_GAP + i * TEXT_HEIGHT_PX, up),
      ),
    );
    return out;
  },
};
