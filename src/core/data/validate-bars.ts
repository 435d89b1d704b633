import type { Bars } from './bars.js';
import { checkBar } from './check-bar.js';
import { firstUnsoundBar } from './first-unsound-bar.js';

/** The first thing wrong with a series: the bar's index (0-based) and why. */
export interface BarProblem {
  readonly index: number;
  readonly reason: string;
}

/**
 * The first problem in `bars`, or null when every bar is sound (`checkBar`, check-bar.ts) and times are
 * strictly ascending (a duplicate or an earlier time is reported at the later bar). An empty series is
 * not a problem here: whether "no bars" is an error depends on the caller (a file with no rows is; a
 * range query with none is not).
 *
 * @example validateBars(bars) // → null, or { index: 12, reason: 'volume is negative' }
 */
export function validateBars(bars: Bars): BarProblem | null {
  const i = firstUnsoundBar(bars);
  if (i < 0) return null;
  const { time, open, high, low, close, volume } = bars;
  const problem = checkBar(time[i], open[i], high[i], low[i], close[i], volume[i]);
  if (problem) return { index: i, reason: problem.reason };
  if (time[i] === time[i - 1]) return { index: i, reason: `duplicate time (same as bar ${i - 1})` };
  return { index: i, reason: `time out of order (earlier than bar ${i - 1})` };
}
