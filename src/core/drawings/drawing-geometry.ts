import type { Drawing, DrawingPoint } from './drawing.js';
import type { DrawingGeometryInput } from './drawing-kind.js';
import { getDrawingKind } from './get-drawing-kind.js';
import type { DrawingMapper } from './drawing-mapper.js';
import type { DrawingPrimitive, TextPrimitive } from './drawing-primitive.js';
import { formatPrice as defaultFormatPrice } from './format-price.js';
import { EN_DRAWING_WORDS, type DrawingWords } from './drawing-words.js';
import { medianBarSpacing } from './median-bar-spacing.js';
import { pointInPolygon, pointToSegmentDistance } from './pixel-math.js';

/** Options shared by geometry and hit testing. */
export interface DrawingGeometryOptions {
  /** Formats prices in fib and price-range labels; default `formatPrice`. */
  readonly formatPrice?: (price: number, ref: number) => string;
  /** Words of canvas labels in the chart's language; default English. */
  readonly words?: DrawingWords;
}

/** Rough text metrics for hit testing without a canvas (12 px UI font). */
const CHAR_WIDTH_PX = 7;
const TEXT_HEIGHT_PX = 16;

/** Pixel positions of a drawing's anchors, one per point. */
export function drawingAnchors(drawing: Drawing, mapper: DrawingMapper): { x: number; y: number }[] {
  return drawing.points.map((p) => ({ x: mapper.timeToX(p.time), y: mapper.priceToY(p.price) }));
}

/** What a kind's geometry, hit test and paint receive for `drawing`. */
export function drawingGeometryInput(
  drawing: Drawing,
  mapper: DrawingMapper,
  options: DrawingGeometryOptions = {},
): DrawingGeometryInput {
  return {
    drawing,
    anchors: drawingAnchors(drawing, mapper),
    mapper,
    formatPrice: options.formatPrice ?? defaultFormatPrice,
    words: options.words ?? EN_DRAWING_WORDS,
  };
}

/**
 * Pixel primitives of one drawing, in the mapper's plot coordinates, from its kind's `geometry`
 * (src/core/drawings/kinds/). Nothing for a kind that is not registered (a layout saved with a
 * host's kind, before the host registers it). Tolerates fewer points than the kind needs (a preview
 * while placing) by drawing what it can.
 */
export function drawingSegments(
  drawing: Drawing,
  mapper: DrawingMapper,
  options: DrawingGeometryOptions = {},
): DrawingPrimitive[] {
  const kind = getDrawingKind(drawing.kind);
  if (!kind || drawing.points.length === 0) return [];
  return kind.geometry(drawingGeometryInput(drawing, mapper, options));
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

/** Whether (x, y) is within `tol` px of any of `primitives` (the default hit test of a kind). */
export function primitivesHit(primitives: readonly DrawingPrimitive[], x: number, y: number, tol: number): boolean {
  return primitives.some((p) => primitiveHit(p, x, y, tol));
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
  const kind = getDrawingKind(drawing.kind);
  if (kind?.hitTest) {
    return kind.hitTest(drawingGeometryInput(drawing, mapper, options), x, y, tol) ? { part: 'body' } : null;
  }
  return primitivesHit(drawingSegments(drawing, mapper, options), x, y, tol) ? { part: 'body' } : null;
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
