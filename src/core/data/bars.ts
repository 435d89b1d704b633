/**
 * Columnar bars: one `Float64Array` per field, times in UTC epoch milliseconds, ascending.
 * Never an array of bar objects on the hot path.
 */
export interface Bars {
  readonly time: Float64Array;
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
  readonly volume: Float64Array;
  /** Number of bars (all arrays have this length). */
  readonly length: number;
}

/** One bar as a plain object: only at the edges (live ticks, tool output), never in loops over series. */
export interface Bar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** The six column names, in the order uPlot-style data arrays use. */
export const BAR_FIELDS = ['time', 'open', 'high', 'low', 'close', 'volume'] as const;
export type BarField = (typeof BAR_FIELDS)[number];

/** Allocates zero-filled columns for `length` bars. */
export function createBars(length: number): Bars {
  return {
    time: new Float64Array(length),
    open: new Float64Array(length),
    high: new Float64Array(length),
    low: new Float64Array(length),
    close: new Float64Array(length),
    volume: new Float64Array(length),
    length,
  };
}

/** Builds columns from bar objects (edge use only: parsed files, tests). */
export function barsFromObjects(rows: readonly Bar[]): Bars {
  const bars = createBars(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    bars.time[i] = r.time;
    bars.open[i] = r.open;
    bars.high[i] = r.high;
    bars.low[i] = r.low;
    bars.close[i] = r.close;
    bars.volume[i] = r.volume;
  }
  return bars;
}
