import { createBars, type Bars } from './bars.js';
import { DAY_MS } from './civil-date.js';
import { civilMonth, civilYear, mondayWeekIndex } from './civil-fields.js';
import { DataSourceError } from './data-source.js';
import { zoneOffsetMs } from './market-time.js';
import { PERIODS, intradayPeriodMs, type Period } from './period.js';

/**
 * Whether bars of period `from` can be folded into bars of period `to`: the target is the same or
 * coarser, intraday lengths divide evenly, and weeks are never folded into months (a week can
 * straddle two months).
 */
export function canAggregate(from: Period, to: Period): boolean {
  if (from === to) return true;
  const fromRank = PERIODS.indexOf(from);
  const toRank = PERIODS.indexOf(to);
  if (toRank < fromRank) return false;
  if (from === '1w') return false;
  const fromMs = intradayPeriodMs(from);
  const toMs = intradayPeriodMs(to);
  if (fromMs !== null && toMs !== null) return toMs % fromMs === 0;
  return true;
}

/**
 * Folds bars into a coarser period on boundaries of the market's wall clock in `timeZone`:
 * open = first, high = max, low = min, close = last, volume = sum, time = time of the bucket's first bar.
 *
 * Buckets: intraday targets (5m … 4h) are aligned to the local midnight, so a New York session that
 * opens at 09:30 gives 30m buckets 09:30, 10:00 … and 1h buckets 09:30 (a 30-minute first bucket,
 * the `09:00` hour), 10:00, 11:00 …; 4h buckets start at 00:00, 04:00, 08:00, 12:00, 16:00, 20:00.
 * `1d` is the local calendar day, `1w` the local week starting Monday, `1M` the local calendar month.
 * When clocks fall back, the repeated hour's bars form their own bucket rather than merging into the
 * first one.
 *
 * One pass over the input, typed arrays only. Returns `bars` itself when `from === to`.
 *
 * @example aggregateBars(oneMinuteBars, '1m', '1h', 'America/New_York')
 * @throws DataSourceError('unsupported') when `to` cannot be built from `from` (see {@link canAggregate}).
 */
export function aggregateBars(bars: Bars, from: Period, to: Period, timeZone: string): Bars {
  if (from === to) return bars;
  if (!canAggregate(from, to)) {
    throw new DataSourceError('unsupported', `Cannot aggregate ${from} bars into ${to} bars.`);
  }
  const n = bars.length;
  const { time, open, high, low, close, volume } = bars;
  const out = createBars(n);
  const bucketMs = intradayPeriodMs(to);
  let count = -1;
  let previousKey = Number.NaN;
  let previousOffset = Number.NaN;
  for (let i = 0; i < n; i++) {
    const t = time[i];
    const offset = zoneOffsetMs(t, timeZone);
    const local = t + offset;
    let key: number;
    if (bucketMs !== null) {
      key = Math.floor(local / bucketMs);
      // Clocks fell back: the wall clock repeats, so the same key would merge two real hours.
      if (offset < previousOffset) previousKey = Number.NaN;
      previousOffset = offset;
    } else {
      const day = Math.floor(local / DAY_MS);
      if (to === '1d') key = day;
      else if (to === '1w') key = mondayWeekIndex(day);
      else key = civilYear(day) * 12 + civilMonth(day);
    }
    if (key !== previousKey) {
      count++;
      previousKey = key;
      out.time[count] = t;
      out.open[count] = open[i];
      out.high[count] = high[i];
      out.low[count] = low[i];
      out.close[count] = close[i];
      out.volume[count] = volume[i];
    } else {
      if (high[i] > out.high[count]) out.high[count] = high[i];
      if (low[i] < out.low[count]) out.low[count] = low[i];
      out.close[count] = close[i];
      out.volume[count] += volume[i];
    }
  }
  const length = count + 1;
  // Copy to exact size so the oversized buffers can be collected.
  return {
    time: out.time.slice(0, length),
    open: out.open.slice(0, length),
    high: out.high.slice(0, length),
    low: out.low.slice(0, length),
    close: out.close.slice(0, length),
    volume: out.volume.slice(0, length),
    length,
  };
}
