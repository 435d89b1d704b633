import type { Bars, Period } from '../core/data/index.js';
import type { ChartSettings, ViewRange } from '../core/state/index.js';
import type { ReadOnlySignal } from '../core/store/index.js';
import type { ZonedClock } from './zoned-clock.js';

/** Another instrument drawn over the price pane: closes aligned to the main bars. */
export interface RenderComparison {
  readonly symbol: string;
  readonly color: string;
  readonly closes: Float64Array;
  /** `left`: drawn in its own prices against the price pane's left scale (left-price-scale.ts). */
  readonly scale?: 'left';
}

/**
 * The slices of chart state the renderer draws, as read-only signals (selectors). The renderer
 * subscribes to exactly these and never reaches into the store or the command objects, so a
 * change repaints only what depends on it: a pan changes `view` and nothing else
 * (docs/architecture.md, "Data flow" 3).
 */
export interface RenderSource {
  /** The loaded bars (an empty set while nothing is loaded). */
  readonly bars: ReadOnlySignal<Bars>;
  /** The loaded series' period ('1d' while nothing is loaded): forward slots continue it (forward-bars.ts). */
  readonly period: ReadOnlySignal<Period>;
  /** Increases when bars change in place (a live tick). */
  readonly dataRevision: ReadOnlySignal<number>;
  /** The visible window in bar-index space, or null for "the default". */
  readonly view: ReadOnlySignal<ViewRange | null>;
  readonly settings: ReadOnlySignal<ChartSettings>;
  /** Decimals of the loaded instrument's prices, when known (its tick size or the data's, src/core/data). */
  readonly pricePrecision?: ReadOnlySignal<number | undefined>;
  /** The display clock (timezone); equal clocks for an unchanged zone. */
  readonly clock: ReadOnlySignal<ZonedClock>;
  readonly comparisons: ReadOnlySignal<readonly RenderComparison[]>;
  /** Changes whenever something painted over the plot changes (drawings, markers, price lines, selections). */
  readonly overlays: ReadOnlySignal<unknown>;
}
