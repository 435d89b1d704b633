import { DRAWING_KINDS, type DrawingKind } from './drawing.js';

/** What a person and a model need to know about one drawing kind. */
export interface DrawingKindInfo {
  /** Number of anchors the kind needs, exactly. */
  readonly points: number;
  /** Short human label for toolbars and menus. */
  readonly label: string;
  /** One line for a model: what the points mean. */
  readonly description: string;
}

/** Per kind: point count, label and a one-line description. */
export const DRAWING_KIND_INFO: Readonly<Record<DrawingKind, DrawingKindInfo>> = Object.freeze({
  horizontal_line: {
    points: 1,
    label: 'Horizontal line',
    description: "a horizontal line across the whole chart at the point's price (its time only anchors it)",
  },
  horizontal_ray: {
    points: 1,
    label: 'Horizontal ray',
    description: "a horizontal line from the point's time to the right edge at its price",
  },
  vertical_line: {
    points: 1,
    label: 'Vertical line',
    description: "a vertical line at the point's time (its price only anchors it)",
  },
  text: {
    points: 1,
    label: 'Text',
    description: 'the label text written at the point',
  },
  trend_line: {
    points: 2,
    label: 'Trend line',
    description: 'a segment from the first point to the second',
  },
  ray: {
    points: 2,
    label: 'Ray',
    description: 'starts at the first point, passes through the second and continues to the chart edge',
  },
  extended_line: {
    points: 2,
    label: 'Extended line',
    description: 'a line through both points, extended in both directions',
  },
  arrow: {
    points: 2,
    label: 'Arrow',
    description: 'a segment with an arrow head at the second point',
  },
  rectangle: {
    points: 2,
    label: 'Rectangle',
    description: 'a box with the two points as opposite corners',
  },
  fib_retracement: {
    points: 2,
    label: 'Fib retracement',
    description:
      'levels 0, 0.236, 0.382, 0.5, 0.618, 0.786, 1 between the points: 0 at the second point, 1 at the first',
  },
  price_range: {
    points: 2,
    label: 'Price range',
    description: 'a box measuring the price change and percent from the first point to the second',
  },
  parallel_channel: {
    points: 3,
    label: 'Parallel channel',
    description: 'a line from the first to the second point plus a parallel line through the third point',
  },
});

/** Exact number of points each kind needs. */
export const DRAWING_POINT_COUNTS: Readonly<Record<DrawingKind, number>> = Object.freeze(
  Object.fromEntries(DRAWING_KINDS.map((k) => [k, DRAWING_KIND_INFO[k].points])) as Record<DrawingKind, number>,
);

/** Type guard for kind names coming from a model or a user. */
export function isDrawingKind(value: unknown): value is DrawingKind {
  return typeof value === 'string' && (DRAWING_KINDS as readonly string[]).includes(value);
}

/**
 * Compact text for tool descriptions, one kind per line, e.g.
 * `trend_line (2 points): a segment from the first point to the second`.
 */
export function describeDrawingKinds(): string {
  return DRAWING_KINDS.map((k) => {
    const info = DRAWING_KIND_INFO[k];
    return `${k} (${info.points} point${info.points === 1 ? '' : 's'}): ${info.description}`;
  }).join('\n');
}
