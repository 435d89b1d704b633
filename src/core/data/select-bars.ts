import type { Bars } from './bars.js';

/** First index with `time[i] >= t`. */
function lowerBound(time: Float64Array, t: number): number {
  let lo = 0;
  let hi = time.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (time[mid] < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The part of a request a source answers from bars it holds in memory. */
export interface BarsWindow {
  readonly from?: number;
  readonly to?: number;
  readonly limit?: number;
}

/**
 * Copies the bars a request asks for: `from`/`to` inclusive, then at most `limit` bars, the oldest
 * ones from `from` when `from` is given, else the newest ones. Returns copies so a caller that edits
 * its bars (live updates) never changes a source's cache. `start` is the index of the first bar
 * returned in `bars`, so `start === 0` means nothing older exists.
 */
export function selectBars(bars: Bars, window: BarsWindow): { bars: Bars; start: number } {
  const { time } = bars;
  const hasFrom = window.from !== undefined && Number.isFinite(window.from);
  let start = hasFrom ? lowerBound(time, window.from) : 0;
  let end = window.to !== undefined && Number.isFinite(window.to) ? upperBound(time, window.to) : bars.length;
  if (end < start) end = start;
  if (window.limit !== undefined && Number.isFinite(window.limit)) {
    const limit = Math.max(0, Math.floor(window.limit));
    if (hasFrom) end = Math.min(end, start + limit);
    else start = Math.max(start, end - limit);
  }
  return {
    start,
    bars: {
      time: bars.time.slice(start, end),
      open: bars.open.slice(start, end),
      high: bars.high.slice(start, end),
      low: bars.low.slice(start, end),
      close: bars.close.slice(start, end),
      volume: bars.volume.slice(start, end),
      length: end - start,
    },
  };
}

/** First index with `time[i] > t`. */
function upperBound(time: Float64Array, t: number): number {
  let lo = 0;
  let hi = time.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (time[mid] <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
