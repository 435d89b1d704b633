import type { SelectionSummary } from '../../protocol/index.js';
import type { Bars } from '../data/index.js';
import type { TimeSelection } from '../state/index.js';
import { setRangeSummary, upperIndex } from './build-chart-context.js';

// What only the tools' chunk runs of the chart context (build-chart-context.ts): a selection's summary,
// installed when this module loads, and the first bar at or after a time (issue #12).

/** First index with `time[i] >= t` (binary search). */
export function lowerBound(time: Float64Array, t: number, length = time.length): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (time[mid] < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Summary of bars inside a time range, or null when none fall in it. */
export function summarizeRange(bars: Bars, range: TimeSelection): SelectionSummary | null {
  const a = lowerBound(bars.time, range.from, bars.length);
  const b = upperIndex(bars.time, range.to, bars.length);
  if (b < a) return null;
  let high = -Infinity;
  let low = Infinity;
  let volume = 0;
  for (let i = a; i <= b; i++) {
    if (bars.high[i] > high) high = bars.high[i];
    if (bars.low[i] < low) low = bars.low[i];
    volume += bars.volume[i];
  }
  const open = bars.open[a];
  const close = bars.close[b];
  return {
    from: bars.time[a],
    to: bars.time[b],
    bars: b - a + 1,
    open,
    high,
    low,
    close,
    changePct: open !== 0 ? round((close / open - 1) * 100, 4) : 0,
    volume,
  };
}

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

setRangeSummary(summarizeRange);
