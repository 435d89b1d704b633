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
  /** Fill in the theme's rising (`up`) or falling (`down`) colour instead of the drawing's (position zones). */
  readonly tone?: 'up' | 'down';
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

/** What a kind's geometry returns: everything a painter draws for one drawing. */
export type DrawingPrimitive = SegmentPrimitive | RectPrimitive | PolygonPrimitive | TextPrimitive;
