import { DAY_MS } from './day-ms.js';
import { PERIODS, intradayPeriodMs, type Period } from './period.js';

function nominalMs(period: Period): number {
  const intraday = intradayPeriodMs(period);
  if (intraday !== null) return intraday;
  if (period === '1d') return DAY_MS;
  if (period === '1w') return 7 * DAY_MS;
  return 30.44 * DAY_MS;
}

/** The shortest spacing two consecutive bars of `period` can have (DST days, holiday weeks, months). */
function shortestMs(period: Period): number {
  const intraday = intradayPeriodMs(period);
  if (intraday !== null) return intraday;
  if (period === '1d') return 0.9 * DAY_MS;
  if (period === '1w') return 5 * DAY_MS;
  return 20 * DAY_MS;
}

/**
 * The period of bars at `time`: the one whose length is nearest (by ratio) to the median spacing,
 * which ignores overnight and weekend gaps, but never one longer than the shortest spacing allows
 * (two daily bars Friday and Monday are 3 days apart yet still daily). Fewer than two bars → `1d`.
 */
export function guessPeriod(time: Float64Array): Period {
  if (time.length < 2) return '1d';
  const { shortest, median } = shortestAndMedianStep(time);
  let best: Period = PERIODS[0];
  let bestDistance = Infinity;
  for (const period of PERIODS) {
    if (shortestMs(period) > shortest && period !== PERIODS[0]) break;
    const distance = Math.abs(Math.log(median / nominalMs(period)));
    if (distance < bestDistance) {
      best = period;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * The shortest and the median spacing of `time`. When more than half of the spacings are the
 * shortest one (regular bars, whatever their gaps), that is the median too, found in one pass;
 * otherwise the spacings are sorted (a sort of 100,000 was ~7 ms of a first paint).
 */
export function shortestAndMedianStep(time: Float64Array): { shortest: number; median: number } {
  const count = time.length - 1;
  let shortest = Infinity;
  let atShortest = 0;
  for (let i = 1; i <= count; i++) {
    // No Math.abs call per bar: this loop runs cold, before the first paint (validate-bars.ts).
    const d = time[i] - time[i - 1];
    const step = d < 0 ? -d : d;
    if (step < shortest) {
      shortest = step;
      atShortest = 1;
    } else if (step === shortest) atShortest++;
  }
  // Sorted, positions 0 .. atShortest-1 hold the shortest; the median's position is count >> 1.
  if (atShortest > count >> 1) return { shortest, median: shortest };
  const steps = new Float64Array(count);
  for (let i = 1; i <= count; i++) steps[i - 1] = Math.abs(time[i] - time[i - 1]);
  steps.sort();
  return { shortest: steps[0], median: steps[count >> 1] };
}
