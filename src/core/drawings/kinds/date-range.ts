import type { DrawingKindDefinition } from '../drawing-kind.js';
import type { DrawingPrimitive } from '../drawing-primitive.js';
import { BUILTIN_KIND_INFO } from './builtin-kind-info.js';
import { LABEL_GAP, arrowHead, boxOf, readout, seg } from './kind-helpers.js';
import { barsAndSpan } from './measure-labels.js';

/** Fill opacity of the date-range band. */
export const DATE_RANGE_FILL_ALPHA = 0.15;

/**
 * TradingView's date range: a shaded band from the first point's time to the second's (between their
 * prices), edged at both times, a horizontal arrow across it towards the second point, and below it
 * the number of bars and the time span in the chart's language (`42 bars, 3d 4h`).
 */
export const dateRange: DrawingKindDefinition = {
  ...BUILTIN_KIND_INFO.date_range,
  description:
    'a shaded band from the first point to the second in time, labelled with the number of bars and the time span',
  geometry({ anchors: [a, b], drawing, mapper, words }) {
    if (!a || !b) return [];
    const [p0, p1] = drawing.points;
    const { x, y, w, h } = boxOf(a, b);
    const my = y + h / 2;
    const out: DrawingPrimitive[] = [
      { type: 'rect', x, y, w, h, fillAlpha: DATE_RANGE_FILL_ALPHA, stroke: false },
      seg(a.x, y, a.x, y + h),
      seg(b.x, y, b.x, y + h),
    ];
    const { head, bx } = arrowHead(a.x, my, b.x, my, 1);
    out.push(seg(a.x, my, bx, my));
    if (head) out.push(head);
    const text = `${drawing.label ? `${drawing.label}: ` : ''}${barsAndSpan(mapper, p0.time, p1.time, words)}`;
    out.push(readout(text, x + w / 2, y + h + LABEL_GAP, false));
    return out;
  },
};
