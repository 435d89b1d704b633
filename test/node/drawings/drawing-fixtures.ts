import type {
  Drawing,
  DrawingKind,
  DrawingMapper,
  DrawingPoint,
  DrawingPrimitive,
  RectPrimitive,
  SegmentPrimitive,
  TextPrimitive,
} from '../../../src/core/drawings/index.js';

export const DAY = 86_400_000;
/** Monday 2024-01-01 00:00 UTC. */
export const T0 = Date.UTC(2024, 0, 1);

/**
 * A linear mapper over a 1000 × 500 plot: 100 px per day from T0, price 0 at the bottom and
 * 100 at the top (5 px per unit); daily bars from T0 (bar index = days since T0).
 */
export const mapper: DrawingMapper = {
  width: 1000,
  height: 500,
  timeToX: (t) => ((t - T0) / DAY) * 100,
  xToTime: (x) => T0 + (x / 100) * DAY,
  priceToY: (p) => 500 - p * 5,
  yToPrice: (y) => (500 - y) / 5,
  timeToIndex: (t) => (t - T0) / DAY,
};

/** A point at pixel (x, y) of `mapper`. */
export function px(x: number, y: number): DrawingPoint {
  return { time: mapper.xToTime(x), price: mapper.yToPrice(y) };
}

export function makeDrawing(kind: DrawingKind, points: DrawingPoint[], extra: Partial<Drawing> = {}): Drawing {
  return {
    id: `${kind}-1`,
    kind,
    points,
    paneId: 'price',
    style: { color: '#2962ff', width: 1, dash: 'solid' },
    locked: false,
    z: 0,
    ...extra,
  };
}

/** The primitives of one type a kind's geometry returned. */
export const segments = (ps: DrawingPrimitive[]) => ps.filter((p): p is SegmentPrimitive => p.type === 'segment');
export const texts = (ps: DrawingPrimitive[]) => ps.filter((p): p is TextPrimitive => p.type === 'text');
export const rects = (ps: DrawingPrimitive[]) => ps.filter((p): p is RectPrimitive => p.type === 'rect');
