import { zonedParts, type Series } from '../data/index.js';

const CALENDAR = new Set(['1d', '1w', '1M']);

/**
 * Closes of `other` aligned to the bars of `main` (NaN where `other` has no bar yet). Daily and
 * longer bars match by calendar date in each market's own timezone (a Frankfurt day and a New York
 * day are the same day although their midnights differ); intraday bars take the last close at or
 * before the main bar's time. One merge pass.
 */
export function alignCloses(main: Series, other: Series): Float64Array {
  const a = main.bars;
  const b = other.bars;
  const out = new Float64Array(a.length).fill(NaN);
  if (b.length === 0) return out;
  if (CALENDAR.has(main.period) && CALENDAR.has(other.period)) {
    const keyA = (t: number) => dayKey(t, main.instrument.timezone);
    const keyB = (t: number) => dayKey(t, other.instrument.timezone);
    let j = 0;
    let last = NaN;
    for (let i = 0; i < a.length; i++) {
      const k = keyA(a.time[i]);
      while (j < b.length && keyB(b.time[j]) <= k) last = b.close[j++];
      out[i] = last;
    }
    return out;
  }
  let j = 0;
  let last = NaN;
  for (let i = 0; i < a.length; i++) {
    const t = a.time[i];
    while (j < b.length && b.time[j] <= t) last = b.close[j++];
    out[i] = last;
  }
  return out;
}

function dayKey(t: number, tz: string): number {
  const p = zonedParts(t, tz);
  return p.year * 10000 + p.month * 100 + p.day;
}
