/** The eighteen built-in drawing kinds of docs/contracts.md (src/core/drawings/kinds/). */
export const DRAWING_KINDS = [
  'horizontal_line',
  'horizontal_ray',
  'vertical_line',
  'trend_line',
  'ray',
  'extended_line',
  'arrow',
  'rectangle',
  'parallel_channel',
  'pitchfork',
  'fib_retracement',
  'fib_extension',
  'price_range',
  'date_range',
  'date_price_range',
  'long_position',
  'short_position',
  'text',
] as const;
export type BuiltinDrawingKind = (typeof DRAWING_KINDS)[number];
/** A built-in kind or one added with `registerDrawingKind` (src/core/drawings/drawing-kind-registry.ts). */
export type DrawingKind = string;

/** An anchor in data space: UTC epoch ms and a price. */
export interface DrawingPoint {
  readonly time: number;
  readonly price: number;
}

export interface DrawingStyle {
  /** CSS colour. */
  readonly color: string;
  /** Line width in CSS pixels, 1–10. */
  readonly width: number;
  readonly dash: 'solid' | 'dashed' | 'dotted';
}

/** Style used where a field is left out (here, not in validate-drawing.ts: the drawing layer's first paint needs it). */
export const DEFAULT_DRAWING_STYLE: DrawingStyle = Object.freeze({ color: '#2962ff', width: 1, dash: 'solid' });

export interface Drawing {
  readonly id: string;
  readonly kind: DrawingKind;
  readonly points: readonly DrawingPoint[];
  /** `price` (the main pane) or an indicator pane id. */
  readonly paneId: string;
  readonly style: DrawingStyle;
  readonly label?: string;
  readonly locked: boolean;
  /** Higher draws on top. */
  readonly z: number;
}
