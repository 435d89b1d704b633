import { intradayPeriodMs, type Period } from '../core/data/index.js';
import type { PaneSeries } from './pane-plot.js';

/**
 * Forward plots (studies drawing beyond the last bar, e.g. Ichimoku's leading spans): a series'
 * values then run past the bar count, and the x axis gets as many slots after the last bar.
 */

/** `values` followed by the points beyond the last bar. */
export function withForward(values: Float64Array, forward: Float64Array | undefined): Float64Array {
  if (!forward || forward.length === 0) return values;
  const out = new Float64Array(values.length + forward.length);
  out.set(values);
  out.set(forward, values.length);
  return out;
}

/** How many slots after the last of `barCount` bars the panes' series reach. */
export function futureBarCount(series: readonly (readonly PaneSeries[])[], barCount: number): number {
  let most = 0;
  for (const list of series) for (const s of list) most = Math.max(most, s.values.length - barCount);
  return most;
}

const DAY = 86_400_000;

/**
 * Bar times extended by `future` slots for the time axis: intraday periods step by the period,
 * 1d by a day (skipping Saturdays and Sundays when the loaded bars skip them), 1w by a week, 1M
 * by a calendar month (`weekday`: 0 = Sunday, in the market's wall clock). Returns `time` itself when there is nothing to add.
 */
export function extendTimes(
  time: Float64Array,
  length: number,
  future: number,
  period: Period,
  weekday: (t: number) => number,
): Float64Array {
  if (future <= 0 || length === 0) return time;
  const out = new Float64Array(length + future);
  out.set(time.subarray(0, length));
  const last = time[length - 1];
  const ms = intradayPeriodMs(period);
  let weekends = false;
  for (let i = Math.max(0, length - 30); i < length; i++) {
    const wd = weekday(time[i]);
    if (wd === 0 || wd === 6) weekends = true;
  }
  let t = last;
  for (let k = 1; k <= future; k++) {
    if (ms !== null) t = last + k * ms;
    else if (period === '1w') t = last + k * 7 * DAY;
    else if (period === '1M') {
      const d = new Date(last);
      t = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + k, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes());
    } else {
      t += DAY;
      while (!weekends && (weekday(t) === 0 || weekday(t) === 6)) t += DAY;
    }
    out[length + k - 1] = t;
  }
  return out;
}
