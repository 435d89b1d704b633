import type { Bar, Bars } from './bars.js';

// Only chunks read these (bar replay, the market tools, folding the host's bars, the Binance stream, the
// replay strip): apart from bars.ts, which the first paint needs, they stay out of the entry (issue #12).

/** Views of the bars from `start` up to (not including) `end` (no copy). */
export function sliceBars(bars: Bars, start: number, end: number): Bars {
  const s = Math.max(0, start);
  const e = Math.min(bars.length, end);
  return {
    time: bars.time.subarray(s, e),
    open: bars.open.subarray(s, e),
    high: bars.high.subarray(s, e),
    low: bars.low.subarray(s, e),
    close: bars.close.subarray(s, e),
    volume: bars.volume.subarray(s, e),
    length: Math.max(0, e - s),
  };
}

/** Reads bar `i` as an object (edge use only). */
export function barAt(bars: Bars, i: number): Bar {
  return {
    time: bars.time[i],
    open: bars.open[i],
    high: bars.high[i],
    low: bars.low[i],
    close: bars.close[i],
    volume: bars.volume[i],
  };
}
