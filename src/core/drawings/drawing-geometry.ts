import type { Drawing, DrawingPoint } from './drawing.js';
import type { DrawingMapper } from './drawing-mapper.js';
import { formatPrice as defaultFormatPrice } from './format-price.js';
import { clipLineToRect, pointInPolygon, pointToSegmentDistance } from './pixel-math.js';

/** A line piece in plot pixels; `level` is set on fib retracement levels. */
export interface SegmentPrimitive {
  readonly type: 'segment';
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
  readonly level?: number;
}

/** An axis-aligned box; `fillAlpha` 0 means outline only. */
export interface RectPrimitive {
  readonly type: 'rect';
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  readonly fillAlpha: number;
  readonly stroke: boolean;
}

/** A filled polygon (arrow heads); `points` is a flat list x0, y0, x1, y1, … */
export interface PolygonPrimitive {
  readonly type: 'polygon';
  readonly points: readonly number[];
}

/**
 * Text at (x, y). `role: 'text'` is the text kind's body (hit-testable), `'label'` an annotation.
 * `tone: 'style'` paints in the drawing's colour, `'theme'` in the theme's text colour.
 */
export interface TextPrimitive {
  readonly type: 'text';
  readonly x: number;
  readonly y: number;
  readonly text: string;
  readonly align: 'left' | 'right' | 'center';
  readonly baseline: 'top' | 'middle' | 'bottom';
  readonly role: 'text' | 'label';
  readonly tone: 'style' | 'theme';
}

/** What `drawingSegments` returns: everything a painter draws for one drawing. */
export type DrawingPrimitive = SegmentPrimitive | RectPrimitive | PolygonPrimitive | TextPrimitive;

/** Options shared by geometry and hit testing. */
export interface DrawingGeometryOptions {
  /** Formats prices in fib and price-range labels; default `formatPrice`. */
  readonly formatPrice?: (price: number, ref: number) => string;
}

/** Fibonacci retracement levels, 0 at the second point and 1 at the first. */
export const FIB_LEVELS: readonly number[] = Object.freeze([0, 0.236, 0.382, 0.5, 0.618, 0.786, 1]);

/** Fill opacity of the price-range box. */
export const PRICE_RANGE_FILL_ALPHA = 0.15;
/** Fill opacity of rectangles (so that their inside is visibly part of them and clickable). */
export const RECTANGLE_FILL_ALPHA = 0.1;

/** Gap between a line and its label, px. */
const LABEL_GAP = 4;
/** Placeholder text of a text drawing without a label. */
const EMPTY_TEXT = 'Text';
/** Rough text metrics for hit testing without a canvas (12 px UI font). */
const CHAR_WIDTH_PX = 7;
const TEXT_HEIGHT_PX = 16;

/** Price of fib `level` between the first (`a`) and second (`b`) point. */
export function fibLevelPrice(a: number, b: number, level: number): number {
  return b + (a - b) * level;
}

/** Pixel positions of a drawing's anchors, one per point. */
export function drawingAnchors(drawing: Drawing, mapper: DrawingMapper): { x: number; y: number }[] {
  return drawing.points.map((p) => ({ x: mapper.timeToX(p.time), y: mapper.priceToY(p.price) }));
}

function lineLabel(text: string | undefined, x1: number, y1: number, x2: number, y2: number): TextPrimitive[] {
  if (!text) return [];
  return [
    {
      type: 'text',
      x: (x1 + x2) / 2,
      y: (y1 + y2) / 2 - LABEL_GAP,
      text,
      align: 'center',
      baseline: 'bottom',
      role: 'label',
      tone: 'style',
    },
  ];
}

function arrowHead(
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

function seg(x1: number, y1: number, x2: number, y2: number): SegmentPrimitive {
  return { type: 'segment', x1, y1, x2, y2 };
}

function signed(v: string, n: number): string {
  return n > 0 ? `+${v}` : v;
}

/**
 * Pixel primitives of one drawing, in the mapper's plot coordinates. Rays and extended lines are
 * clipped to the plot rect (nothing when they miss it); horizontal and vertical lines span it.
 * Tolerates fewer points than the kind needs (a preview while placing) by drawing what it can.
 */
export function drawingSegments(
  drawing: Drawing,
  mapper: DrawingMapper,
  options: DrawingGeometryOptions = {},
): DrawingPrimitive[] {
  const pts = drawingAnchors(drawing, mapper);
  if (pts.length === 0) return [];
  const { width: W, height: H } = mapper;
  const fmt = options.formatPrice ?? defaultFormatPrice;
  const label = drawing.label;
  const [a, b, c] = pts;
  const out: DrawingPrimitive[] = [];

  switch (drawing.kind) {
    case 'horizontal_line':
      out.push(seg(0, a.y, W, a.y));
      if (label)
        out.push({
          type: 'text',
          x: W - LABEL_GAP,
          y: a.y - LABEL_GAP,
          text: label,
          align: 'right',
          baseline: 'bottom',
          role: 'label',
          tone: 'style',
        });
      return out;
    case 'horizontal_ray':
      if (a.x <= W) out.push(seg(Math.max(0, a.x), a.y, W, a.y));
      if (label)
        out.push({
          type: 'text',
          x: W - LABEL_GAP,
          y: a.y - LABEL_GAP,
          text: label,
          align: 'right',
          baseline: 'bottom',
          role: 'label',
          tone: 'style',
        });
      return out;
    case 'vertical_line':
      out.push(seg(a.x, 0, a.x, H));
      if (label)
        out.push({
          type: 'text',
          x: a.x + LABEL_GAP,
          y: LABEL_GAP,
          text: label,
          align: 'left',
          baseline: 'top',
          role: 'label',
          tone: 'style',
        });
      return out;
    case 'text':
      out.push({
        type: 'text',
        x: a.x,
        y: a.y,
        text: label || EMPTY_TEXT,
        align: 'left',
        baseline: 'bottom',
        role: 'text',
        tone: 'style',
      });
      return out;
    default:
      break;
  }
  if (!b) return out;

  switch (drawing.kind) {
    case 'trend_line':
      out.push(seg(a.x, a.y, b.x, b.y), ...lineLabel(label, a.x, a.y, b.x, b.y));
      break;
    case 'ray':
    case 'extended_line': {
      const dx = b.x - a.x,
        dy = b.y - a.y;
      if (dx === 0 && dy === 0) {
        out.push(seg(a.x, a.y, a.x, a.y));
      } else {
        const clipped = clipLineToRect(a.x, a.y, dx, dy, W, H, drawing.kind === 'ray' ? 0 : -Infinity, Infinity);
        if (clipped) out.push(seg(clipped.x1, clipped.y1, clipped.x2, clipped.y2));
      }
      out.push(...lineLabel(label, a.x, a.y, b.x, b.y));
      break;
    }
    case 'arrow': {
      const { head, bx, by } = arrowHead(a.x, a.y, b.x, b.y, drawing.style.width);
      out.push(seg(a.x, a.y, bx, by));
      if (head) out.push(head);
      out.push(...lineLabel(label, a.x, a.y, b.x, b.y));
      break;
    }
    case 'rectangle': {
      const x = Math.min(a.x, b.x),
        y = Math.min(a.y, b.y);
      out.push({
        type: 'rect',
        x,
        y,
        w: Math.abs(b.x - a.x),
        h: Math.abs(b.y - a.y),
        fillAlpha: RECTANGLE_FILL_ALPHA,
        stroke: true,
      });
      if (label)
        out.push({
          type: 'text',
          x: x + LABEL_GAP,
          y: y + LABEL_GAP,
          text: label,
          align: 'left',
          baseline: 'top',
          role: 'label',
          tone: 'style',
        });
      break;
    }
    case 'fib_retracement': {
      const p0 = drawing.points[0].price,
        p1 = drawing.points[1].price;
      const xl = Math.min(a.x, b.x),
        xr = Math.max(a.x, b.x);
      for (const level of FIB_LEVELS) {
        const price = fibLevelPrice(p0, p1, level);
        const y = mapper.priceToY(price);
        out.push({ type: 'segment', x1: xl, y1: y, x2: xr, y2: y, level });
        out.push({
          type: 'text',
          x: xl + LABEL_GAP,
          y: y - 2,
          text: `${level} (${fmt(price, p1)})`,
          align: 'left',
          baseline: 'bottom',
          role: 'label',
          tone: 'style',
        });
      }
      if (label)
        out.push({
          type: 'text',
          x: xr,
          y: Math.min(a.y, b.y) - TEXT_HEIGHT_PX,
          text: label,
          align: 'right',
          baseline: 'bottom',
          role: 'label',
          tone: 'style',
        });
      break;
    }
    case 'price_range': {
      const p0 = drawing.points[0].price,
        p1 = drawing.points[1].price;
      const x = Math.min(a.x, b.x),
        y = Math.min(a.y, b.y);
      const mx = (a.x + b.x) / 2;
      out.push({
        type: 'rect',
        x,
        y,
        w: Math.abs(b.x - a.x),
        h: Math.abs(b.y - a.y),
        fillAlpha: PRICE_RANGE_FILL_ALPHA,
        stroke: false,
      });
      const { head, bx, by } = arrowHead(mx, a.y, mx, b.y, 1);
      out.push(seg(mx, a.y, bx, by));
      if (head) out.push(head);
      const delta = p1 - p0;
      const pct = p0 !== 0 ? ` (${signed(((delta / p0) * 100).toFixed(2), delta)}%)` : '';
      const text = `${label ? `${label}: ` : ''}Δ ${signed(fmt(delta, p0), delta)}${pct}`;
      const up = b.y <= a.y;
      out.push({
        type: 'text',
        x: mx,
        y: up ? y - LABEL_GAP : y + Math.abs(b.y - a.y) + LABEL_GAP,
        text,
        align: 'center',
        baseline: up ? 'bottom' : 'top',
        role: 'label',
        tone: 'theme',
      });
      break;
    }
    case 'parallel_channel': {
      out.push(seg(a.x, a.y, b.x, b.y));
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
      out.push(...lineLabel(label, a.x, a.y, b.x, b.y));
      break;
    }
    default:
      break;
  }
  return out;
}

/** Which part of a drawing the pointer is on. */
export interface DrawingHit {
  readonly part: 'body' | 'anchor';
  /** Index into `points` when `part` is `anchor`. */
  readonly anchorIndex?: number;
}

/** A hit together with the drawing it belongs to. */
export interface DrawingHitResult extends DrawingHit {
  readonly drawing: Drawing;
}

function textBox(t: TextPrimitive): { x: number; y: number; w: number; h: number } {
  const w = t.text.length * CHAR_WIDTH_PX;
  const h = TEXT_HEIGHT_PX;
  const x = t.align === 'left' ? t.x : t.align === 'right' ? t.x - w : t.x - w / 2;
  const y = t.baseline === 'top' ? t.y : t.baseline === 'bottom' ? t.y - h : t.y - h / 2;
  return { x, y, w, h };
}

function primitiveHit(p: DrawingPrimitive, x: number, y: number, tol: number): boolean {
  switch (p.type) {
    case 'segment':
      return pointToSegmentDistance(x, y, p.x1, p.y1, p.x2, p.y2) <= tol;
    case 'rect': {
      const inside = x >= p.x - tol && x <= p.x + p.w + tol && y >= p.y - tol && y <= p.y + p.h + tol;
      if (!inside) return false;
      if (p.fillAlpha > 0) return true;
      // Outline only: near one of the four edges.
      return (
        Math.abs(x - p.x) <= tol ||
        Math.abs(x - p.x - p.w) <= tol ||
        Math.abs(y - p.y) <= tol ||
        Math.abs(y - p.y - p.h) <= tol
      );
    }
    case 'polygon':
      return pointInPolygon(x, y, p.points);
    case 'text': {
      if (p.role !== 'text') return false;
      const b = textBox(p);
      return x >= b.x && x <= b.x + b.w && y >= b.y && y <= b.y + b.h;
    }
  }
}

/**
 * What part of `drawing` is under (x, y): the nearest anchor within `tolerancePx` wins over the
 * body; the body counts within `tolerancePx` plus half the line width. Null when nothing is hit.
 */
export function hitTestDrawing(
  drawing: Drawing,
  mapper: DrawingMapper,
  x: number,
  y: number,
  tolerancePx = 6,
  options: DrawingGeometryOptions = {},
): DrawingHit | null {
  let best = -1;
  let bestD = Infinity;
  drawingAnchors(drawing, mapper).forEach((p, i) => {
    const d = Math.hypot(p.x - x, p.y - y);
    if (d <= tolerancePx && d < bestD) {
      best = i;
      bestD = d;
    }
  });
  if (best >= 0) return { part: 'anchor', anchorIndex: best };
  const tol = tolerancePx + drawing.style.width / 2;
  for (const p of drawingSegments(drawing, mapper, options)) {
    if (primitiveHit(p, x, y, tol)) return { part: 'body' };
  }
  return null;
}

/**
 * The topmost drawing under (x, y): highest `z`, and for equal `z` the later one in the list
 * (it is painted last). Pass only the drawings of the pane the mapper belongs to.
 */
export function hitTestDrawings(
  drawings: readonly Drawing[],
  mapper: DrawingMapper,
  x: number,
  y: number,
  tolerancePx = 6,
  options: DrawingGeometryOptions = {},
): DrawingHitResult | null {
  let found: DrawingHitResult | null = null;
  for (const d of drawings) {
    if (found && d.z < found.drawing.z) continue;
    const hit = hitTestDrawing(d, mapper, x, y, tolerancePx, options);
    if (hit) found = { drawing: d, ...hit };
  }
  return found;
}

/** A copy of `drawing` with every point shifted by `dTime` ms and `dPrice`. */
export function moveDrawing(drawing: Drawing, dTime: number, dPrice: number): Drawing {
  return { ...drawing, points: drawing.points.map((p) => ({ time: p.time + dTime, price: p.price + dPrice })) };
}

/**
 * A copy of `drawing` moved by a pixel offset, converting each anchor through the mapper. Use this for
 * pointer drags: on a gap-free time axis a pixel offset is a number of bars, not a fixed duration.
 */
export function moveDrawingByPixels(drawing: Drawing, mapper: DrawingMapper, dx: number, dy: number): Drawing {
  return {
    ...drawing,
    points: drawing.points.map((p) => ({
      time: mapper.xToTime(mapper.timeToX(p.time) + dx),
      price: mapper.yToPrice(mapper.priceToY(p.price) + dy),
    })),
  };
}

/** A copy of `drawing` with point `index` replaced; the same drawing when `index` is out of range. */
export function moveAnchor(drawing: Drawing, index: number, point: DrawingPoint): Drawing {
  if (!Number.isInteger(index) || index < 0 || index >= drawing.points.length) return drawing;
  const points = drawing.points.slice();
  points[index] = { time: point.time, price: point.price };
  return { ...drawing, points };
}

/** Options of `copyDrawings`. */
export interface CopyDrawingsOptions {
  /** Whole bars to shift along the loaded bar times (rounded); default 0. */
  readonly offsetBars?: number;
  /** Price to add to every point; default 0. */
  readonly offsetPrice?: number;
  /** Loaded bar times, UTC ms ascending. */
  readonly barTimes: Float64Array | readonly number[];
  /** Makes a fresh drawing id. */
  readonly newId: () => string;
  /** When set, copies get `baseZ`, `baseZ + 1`, … in their original z order (so they land on top). */
  readonly baseZ?: number;
}

/** Median spacing between consecutive bar times; 0 with fewer than two bars. */
export function medianBarSpacing(times: Float64Array | readonly number[]): number {
  if (times.length < 2) return 0;
  const diffs = new Float64Array(times.length - 1);
  for (let i = 1; i < times.length; i++) diffs[i - 1] = times[i] - times[i - 1];
  diffs.sort();
  const m = diffs.length >> 1;
  return diffs.length % 2 ? diffs[m] : (diffs[m - 1] + diffs[m]) / 2;
}

/** Position of `time` in bar indexes: exact on a bar, interpolated between bars, extrapolated outside. */
function fractionalIndex(time: number, times: Float64Array | readonly number[], spacing: number): number {
  const n = times.length;
  if (time <= times[0]) return (time - times[0]) / spacing;
  if (time >= times[n - 1]) return n - 1 + (time - times[n - 1]) / spacing;
  let lo = 0,
    hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (times[mid] <= time) lo = mid;
    else hi = mid;
  }
  return lo + (time - times[lo]) / (times[lo + 1] - times[lo]);
}

function timeAtIndex(index: number, times: Float64Array | readonly number[], spacing: number): number {
  const n = times.length;
  if (index <= 0) return times[0] + index * spacing;
  if (index >= n - 1) return times[n - 1] + (index - (n - 1)) * spacing;
  const i = Math.floor(index);
  return times[i] + (index - i) * (times[i + 1] - times[i]);
}

/**
 * New drawings shifted by whole bars along `barTimes` (5 means five bars later, so weekends and
 * session gaps are skipped; beyond the loaded bars the median spacing extrapolates) and by
 * `offsetPrice`, each with a fresh id. With fewer than two bars times stay unchanged.
 */
export function copyDrawings(drawings: readonly Drawing[], options: CopyDrawingsOptions): Drawing[] {
  const offsetBars = Math.round(options.offsetBars ?? 0);
  const offsetPrice = options.offsetPrice ?? 0;
  const times = options.barTimes;
  const spacing = medianBarSpacing(times);
  const shiftTime = (t: number): number => {
    if (offsetBars === 0 || !(spacing > 0)) return t;
    return Math.round(timeAtIndex(fractionalIndex(t, times, spacing) + offsetBars, times, spacing));
  };
  const zRank = new Map<Drawing, number>();
  if (options.baseZ !== undefined) {
    drawings
      .map((d, i) => ({ d, i }))
      .sort((p, q) => p.d.z - q.d.z || p.i - q.i)
      .forEach(({ d }, r) => zRank.set(d, r));
  }
  return drawings.map((d) => ({
    ...d,
    id: options.newId(),
    points: d.points.map((p) => ({ time: shiftTime(p.time), price: p.price + offsetPrice })),
    z: options.baseZ !== undefined ? options.baseZ + (zRank.get(d) ?? 0) : d.z,
  }));
}
