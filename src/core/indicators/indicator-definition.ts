import type { TObject, Static } from '@sinclair/typebox';

/** Input columns an indicator reads (all the same length, ascending time, UTC ms). */
export interface IndicatorColumns {
  readonly time: Float64Array;
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
  readonly volume: Float64Array;
  readonly length: number;
  /** IANA timezone of the market (session-anchored studies such as VWAP need it). */
  readonly timezone?: string;
  /**
   * When the market's trading day starts, in minutes from local midnight (negative: the evening
   * before, e.g. −360 for a 18:00 open); 0 or absent: midnight. From the instrument's `session`.
   */
  readonly sessionStart?: number;
}

export type IndicatorCategory = 'trend' | 'momentum' | 'volatility' | 'volume' | 'moving-average' | 'other';

export type IndicatorOutputStyle = 'line' | 'histogram' | 'band' | 'dots';

export interface IndicatorOutput {
  /** Key of the output array in the compute result, e.g. `macd`, `signal`, `hist`. */
  readonly key: string;
  /** Legend label, e.g. `DIF`, `DEA`, `MACD`. */
  readonly label: string;
  readonly style: IndicatorOutputStyle;
  /** Optional default colour (CSS). The renderer has a palette otherwise. */
  readonly color?: string;
  /**
   * How a histogram's bars are coloured: `sign` (default) up-colour at or above 0, down-colour
   * below; `change` up-colour when the value rose from the previous bar, down-colour otherwise
   * (TradingView's AO columns).
   */
  readonly colorBy?: 'sign' | 'change';
}

/** Outputs keyed by `IndicatorOutput.key`; `NaN` during warm-up. */
export type IndicatorValues = Record<string, Float64Array>;

/**
 * Running state for incremental updates. Opaque to everything but its own definition.
 */
export type IndicatorState = unknown;

/**
 * A study definition. DOM-free and runnable in Node.
 * `compute` is pure; `update` (when present) recomputes only the last bar in O(1)
 * (or O(period)) using state captured by `init`.
 */
export interface IndicatorDefinition<P extends TObject = TObject> {
  /** Upper-case id used in tools and the `indicators` attribute, e.g. `MACD`. */
  readonly id: string;
  /** Full name, e.g. `Moving Average Convergence Divergence`. */
  readonly name: string;
  readonly category: IndicatorCategory;
  /** TypeBox schema of the params: every field has `default`, bounds and a `description`. */
  readonly params: P;
  /** Order of params for the short notation `MACD(12,26,9)`. */
  readonly paramOrder: readonly (keyof Static<P> & string)[];
  /** Outputs; may depend on params (MA with several periods). */
  outputs(params: Static<P>): readonly IndicatorOutput[];
  readonly placement: 'overlay' | 'pane';
  /**
   * Reference levels (RSI's 70 / 50 / 30), TradingView's hlines: dashed lines across the study's pane,
   * the band between the highest and the lowest shaded; the pane's scale always shows them.
   */
  readonly levels?: readonly number[];
  compute(columns: IndicatorColumns, params: Static<P>): IndicatorValues;
  /**
   * Incremental update. `values` are the arrays returned by the previous compute/update for
   * `columns.length - 1` or `columns.length` bars; `appended` says whether the last bar is new
   * (the arrays must then grow by one: return new arrays) or changed in place.
   * Returns the values to use from now on. Absent where the maths does not allow it.
   */
  createUpdater?(columns: IndicatorColumns, params: Static<P>): IndicatorUpdater;
  /**
   * Points drawn beyond the last bar (Ichimoku's leading spans, Pine's `offset`): per output key,
   * the values of the 1st, 2nd, … bar after the last one. Absent: the study ends at the last bar.
   */
  forward?(columns: IndicatorColumns, params: Static<P>): IndicatorValues;
}

/** Keeps the running state of one study over one growing series. */
export interface IndicatorUpdater {
  /** Values for every bar so far. */
  readonly values: IndicatorValues;
  /**
   * The series changed at its end: `appended` true when `columns.length` grew by one,
   * false when the last bar changed in place. Updates `values` (arrays may be reallocated
   * with spare capacity; read them again through `values`).
   */
  update(columns: IndicatorColumns, appended: boolean): void;
}
