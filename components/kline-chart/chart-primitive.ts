import type { Bars } from '../../src/core/data/index.js';

/**
 * Coordinates a {@link ChartPrimitive} paints with. All positions are canvas pixels (CSS px times
 * `pixelRatio`), the same space as the `ctx` it receives.
 */
export interface PrimitiveScales {
  readonly paneId: string;
  readonly pixelRatio: number;
  /** The plot area inside the axes, canvas px. */
  readonly plot: { readonly left: number; readonly top: number; readonly width: number; readonly height: number };
  /** Loaded bars (columns `time`, `open`, `high`, `low`, `close`, `volume`; `length`). */
  readonly bars: Bars;
  /** First and last bar index on screen. */
  readonly firstIndex: number;
  readonly lastIndex: number;
  /** Width of one bar slot. */
  readonly barSpacing: number;
  /** x of the centre of bar `index`. */
  indexToX(index: number): number;
  /** x of the bar containing `time` (UTC ms), or null outside the loaded bars. */
  timeToX(time: number): number | null;
  /** y of a value on this pane's scale. */
  priceToY(price: number): number;
  /** Value at canvas y. */
  yToPrice(y: number): number;
}

/**
 * Custom painting on a pane, added with `chart.addPrimitive(primitive, paneId)`. `paint` runs on
 * every frame after the built-in overlays, clipped to the plot; `hitTest`, when given, is asked on
 * pointer down (x, y in CSS px from the plot's top-left): returning true claims the press, so the
 * chart neither pans nor starts a drawing, and fires `kline-primitive-click` with `{ id, x, y }`.
 */
export interface ChartPrimitive {
  /** Optional name reported in `kline-primitive-click`. */
  readonly id?: string;
  paint(ctx: CanvasRenderingContext2D, scales: PrimitiveScales): void;
  hitTest?(x: number, y: number): boolean;
}
