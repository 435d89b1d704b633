import type { PolygonPrimitive, SegmentPrimitive, TextPrimitive } from '../drawing-primitive.js';

/** Gap between a line and its label, px. */
export const LABEL_GAP = 4;
/** Rough text height for layout without a canvas (12 px UI font). */
export const TEXT_HEIGHT_PX = 16;

/** A segment primitive. */
export function seg(x1: number, y1: number, x2: number, y2: number): SegmentPrimitive {
  return { type: 'segment', x1, y1, x2, y2 };
}

/** The box between two anchors: left, top, width and height. */
export function boxOf(
  a: { readonly x: number; readonly y: number },
  b: { readonly x: number; readonly y: number },
): { x: number; y: number; w: number; h: number } {
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), w: Math.abs(b.x - a.x), h: Math.abs(b.y - a.y) };
}

/** A measuring drawing's readout in the theme's text colour, centred at `x`: above `y` (`up`) or below it. */
export function readout(text: string, x: number, y: number, up: boolean): TextPrimitive {
  return { type: 'text', x, y, text, align: 'center', baseline: up ? 'bottom' : 'top', role: 'label', tone: 'theme' };
}

/** A label in the drawing's colour. */
export function label(
  text: string,
  x: number,
  y: number,
  align: TextPrimitive['align'],
  baseline: TextPrimitive['baseline'],
): TextPrimitive {
  return { type: 'text', x, y, text, align, baseline, role: 'label', tone: 'style' };
}

/** The label of a line drawing, centred above the middle of its first two anchors. */
export function lineLabel(text: string | undefined, x1: number, y1: number, x2: number, y2: number): TextPrimitive[] {
  return text ? [label(text, (x1 + x2) / 2, (y1 + y2) / 2 - LABEL_GAP, 'center', 'bottom')] : [];
}

/** The label at the right edge, above a horizontal line at `y`. */
export function rightEdgeLabel(text: string | undefined, width: number, y: number): TextPrimitive[] {
  return text ? [label(text, width - LABEL_GAP, y - LABEL_GAP, 'right', 'bottom')] : [];
}

/** An arrow head at (x1, y1) pointing away from (x0, y0), and where the shaft should stop. */
export function arrowHead(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  width: number,
): { head: PolygonPrimitive | null; bx: number; by: number } {
  const len = Math.hypot(x1 - x0, y1 - y0);
  if (len === 0) return { head: null, bx: x1, by: y1 };
  const size = 8 + 2 * width;
  const ux = (x1 - x0) / len,
    uy = (y1 - y0) / len;
  const bx = x1 - ux * size,
    by = y1 - uy * size;
  const nx = (-uy * size) / 2,
    ny = (ux * size) / 2;
  // The shaft stops at the head's base so a thick line does not poke through the tip.
  const shaftEnd = len > size ? { bx, by } : { bx: x1, by: y1 };
  return { head: { type: 'polygon', points: [x1, y1, bx + nx, by + ny, bx - nx, by - ny] }, ...shaftEnd };
}

/** `+v` for positive `n`. */
export function signed(v: string, n: number): string {
  return n > 0 ? `+${v}` : v;
}
