import type { Bar, Bars } from './bars.js';
import { intradayPeriodMs, type Period } from './period.js';
import { firstUnsoundBar, unsoundField } from './first-unsound-bar.js';

/** Why a bar was refused: the first problem found, with the bar's index. */
export interface BadBar {
  readonly index: number;
  readonly reason: BadBarReason;
  /** One sentence a person can act on. */
  readonly message: string;
}

export type BadBarReason =
  | 'seconds_not_ms'
  | 'not_finite'
  | 'unsorted'
  | 'duplicate_time'
  | 'high_below_low'
  | 'open_outside_range'
  | 'close_outside_range'
  | 'negative_volume'
  | 'time_out_of_range';

/** Epoch ms below this (1973-03-03) are almost certainly epoch seconds (2001 in seconds is 1e9). */
const SECONDS_LIMIT = 1e11;
/**
 * Epoch ms after this (3000-01-01) are almost certainly microseconds (2024 in µs is 1.7e15) or garbage;
 * past 8.64e15 a time is not even a date (the legend showed "NaN-NaN-NaN").
 */
const LATEST_TIME = Date.UTC(3000, 0, 1);

/**
 * The first bar a chart cannot show faithfully, or null when all are fine: times in seconds (every
 * time below 1e11), NaN or Infinity, times not strictly ascending (unsorted or duplicate),
 * high < low, open or close outside [low, high], negative volume. Pure, one pass.
 *
 * @example findBadBar(barsFromObjects([{ time: 1700000000, open: 1, high: 2, low: 0.5, close: 1.5, volume: 10 }]))
 *   // → { index: 0, reason: 'seconds_not_ms', ... }
 */
export function findBadBar(bars: Bars): BadBar | null {
  const n = bars.length;
  if (n > 0) {
    let allSmall = true;
    for (let i = 0; i < n && allSmall; i++) if (!(Math.abs(bars.time[i]) < SECONDS_LIMIT)) allSmall = false;
    if (allSmall && Number.isFinite(bars.time[0])) {
      return bad(
        0,
        'seconds_not_ms',
        `Bar times look like epoch seconds (${bars.time[0]} is in 1970 as milliseconds); multiply them by 1000.`,
      );
    }
  }
  const i = firstUnsoundBar(bars);
  if (i < 0) return n > 0 && bars.time[n - 1] >= LATEST_TIME ? tooLate(bars.time) : null;
  const { time, open, high, low, close, volume } = bars;
  const problem = checkOne(time[i], open[i], high[i], low[i], close[i], volume[i], i);
  if (problem) return problem;
  const previous = time[i - 1];
  if (time[i] === previous)
    return bad(i, 'duplicate_time', `Bar ${i} has the same time as bar ${i - 1} (${time[i]}); times must be unique.`);
  return bad(
    i,
    'unsorted',
    `Bar ${i} (time ${time[i]}) is older than bar ${i - 1} (time ${previous}); sort the bars by time ascending.`,
  );
}

/** The first bar of an ascending series whose time is at or after {@link LATEST_TIME}. */
function tooLate(time: ArrayLike<number>): BadBar {
  let i = 0;
  while (time[i] < LATEST_TIME) i++;
  return bad(
    i,
    'time_out_of_range',
    `Bar ${i} has time ${time[i]}, after the year 3000; times are epoch milliseconds (divide microseconds by 1000).`,
  );
}

/** Bars a live update may run ahead of the last one shown, when it is also in the future. */
const MAX_LIVE_GAP_BARS = 1000;
const DAY_MS = 86_400_000;

/**
 * The same checks for one live bar (`updateBar`); `lastTime` is the newest time already shown. With
 * `period`, a bar more than 1000 bars after the last one that is also more than a day (or two bars)
 * in the future (`now`) is `time_out_of_range`: a year-2999 tick on a 1-minute chart would stretch
 * the time axis over centuries. Gaps a market has (weekends, holidays) and replays of the past pass.
 */
export function findBadLiveBar(
  bar: Bar,
  lastTime: number,
  range?: { readonly period: Period; readonly now?: number },
): BadBar | null {
  if (
    Number.isFinite(bar.time) &&
    Math.abs(bar.time) < SECONDS_LIMIT &&
    (!Number.isFinite(lastTime) || lastTime >= SECONDS_LIMIT)
  ) {
    return bad(0, 'seconds_not_ms', `The bar time ${bar.time} looks like epoch seconds; multiply it by 1000.`);
  }
  const problem = checkOne(bar.time, bar.open, bar.high, bar.low, bar.close, bar.volume, 0);
  if (problem) return problem;
  if (bar.time >= LATEST_TIME) return tooLate([bar.time]);
  if (range && Number.isFinite(lastTime)) {
    // Calendar periods at their longest (a month).
    const length = intradayPeriodMs(range.period) ?? 31 * DAY_MS;
    const now = range.now ?? Date.now();
    if (bar.time > lastTime + MAX_LIVE_GAP_BARS * length && bar.time > now + Math.max(DAY_MS, 2 * length))
      return bad(
        0,
        'time_out_of_range',
        `The bar time ${bar.time} is over ${MAX_LIVE_GAP_BARS} ${range.period} bars after the last one and in the future.`,
      );
  }
  if (bar.time < lastTime)
    return bad(
      0,
      'unsorted',
      `The bar time ${bar.time} is older than the last bar shown (${lastTime}); only the last bar can be replaced or a newer one appended.`,
    );
  return null;
}

/** One bar through the shared per-bar rules ({@link unsoundField}), worded with its values for a host. */
function checkOne(
  time: number,
  open: number,
  high: number,
  low: number,
  close: number,
  volume: number,
  i: number,
): BadBar | null {
  const field = unsoundField(time, open, high, low, close, volume);
  if (!field) return null;
  const value = { time, open, high, low, close, volume }[field];
  return !Number.isFinite(value)
    ? bad(i, 'not_finite', `Bar ${i} has ${field} = ${String(value)}; every field must be a finite number.`)
    : field === 'volume'
      ? bad(i, 'negative_volume', `Bar ${i} has negative volume ${volume}.`)
      : field === 'high'
        ? bad(i, 'high_below_low', `Bar ${i} has high ${high} below low ${low}.`)
        : // open or close (time and low only fail by not being finite)
          bad(
            i,
            `${field as 'open' | 'close'}_outside_range`,
            `Bar ${i} has ${field} ${value} outside [low ${low}, high ${high}].`,
          );
}

function bad(index: number, reason: BadBarReason, message: string): BadBar {
  return { index, reason, message };
}
