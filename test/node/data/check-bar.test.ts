import { test } from 'node:test';
import assert from 'node:assert/strict';
import { guessPeriod, shortestAndMedianStep } from '../../../src/core/data/guess-period.js';
import { checkBar, findBadLiveBar, firstUnsoundBar, validateBars } from '../../../src/core/data/index.js';
import { emptyColumns } from '../indicators/fixtures.js';

/** A small seeded generator, so a failure names its case. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

test('guessPeriod of 100,000 one-minute bars with night gaps is 1m, and of daily bars with weekends 1d', () => {
  const minutes = new Float64Array(100_000);
  let t = Date.UTC(2024, 0, 1);
  for (let i = 0; i < minutes.length; i++) {
    minutes[i] = t;
    t += i % 390 === 389 ? 17.5 * 3_600_000 : 60_000;
  }
  assert.equal(guessPeriod(minutes), '1m');
  const days: number[] = [];
  for (let d = 0; days.length < 500; d++) if (d % 7 < 5) days.push(Date.UTC(2020, 0, 6) + d * 86_400_000);
  assert.equal(guessPeriod(Float64Array.from(days)), '1d');
});

/** checkBar's worded checks as they were written field by field (the reference for the one-expression rules). */
function wordedCheck(values: readonly number[]): { field: string; reason: string } | null {
  const [, open, high, low, close, volume] = values;
  const fields = ['time', 'open', 'high', 'low', 'close', 'volume'];
  for (let f = 0; f < 6; f++)
    if (!Number.isFinite(values[f])) return { field: fields[f], reason: `${fields[f]} is not a finite number` };
  const slack = 1e-9 * Math.max(Math.abs(high), Math.abs(low));
  if (volume < 0) return { field: 'volume', reason: 'volume is negative' };
  if (high < low) return { field: 'high', reason: 'high is lower than low' };
  if (open > high + slack || open < low - slack) return { field: 'open', reason: 'open is outside [low, high]' };
  if (close > high + slack || close < low - slack) return { field: 'close', reason: 'close is outside [low, high]' };
  return null;
}

test('checkBar and findBadLiveBar name the field and reason the field-by-field checks name', () => {
  const rnd = random(11);
  const pick = (): number => {
    const r = rnd();
    if (r < 0.03) return NaN;
    if (r < 0.05) return Infinity;
    if (r < 0.07) return -Infinity;
    return Math.round((rnd() * 20 - 2) * 100) / 100;
  };
  const reasons: Record<string, string> = {
    'volume is negative': 'negative_volume',
    'high is lower than low': 'high_below_low',
    'open is outside [low, high]': 'open_outside_range',
    'close is outside [low, high]': 'close_outside_range',
  };
  const seen = new Set<string>();
  for (let i = 0; i < 20_000; i++) {
    const values = [1e12, pick(), pick(), pick(), pick(), pick()];
    if (rnd() < 0.02) values[0] = NaN;
    const [time, open, high, low, close, volume] = values;
    const expected = wordedCheck(values);
    assert.deepEqual(checkBar(time, open, high, low, close, volume), expected, JSON.stringify(values));
    const live = findBadLiveBar({ time, open, high, low, close, volume }, -Infinity);
    assert.equal(live?.reason ?? null, expected && (reasons[expected.reason] ?? 'not_finite'), JSON.stringify(values));
    if (expected) seen.add(expected.reason);
  }
  assert.equal(seen.size, 10, 'the cases reach every reason');
});

/** The spacings sorted, as guessPeriod read them before its one-pass path (the reference). */
function sortedSteps(time: Float64Array): { shortest: number; median: number } {
  const steps = Float64Array.from({ length: time.length - 1 }, (_, i) => Math.abs(time[i + 1] - time[i]));
  steps.sort();
  return { shortest: steps[0], median: steps[steps.length >> 1] };
}

test('the one-pass shortest and median spacing equal the sorted ones, on regular bars with gaps and on irregular times', () => {
  const rnd = random(3);
  for (let c = 0; c < 400; c++) {
    const n = 2 + Math.floor(rnd() * 400);
    const regular = rnd() < 0.5;
    const base = [60_000, 300_000, 3_600_000, 86_400_000][Math.floor(rnd() * 4)];
    const time = new Float64Array(n);
    let t = Date.UTC(2024, 0, 1);
    for (let i = 0; i < n; i++) {
      time[i] = t;
      t += regular ? (rnd() < 0.6 ? base : base * (2 + Math.floor(rnd() * 5))) : 60_000 * (1 + Math.floor(rnd() * 30));
    }
    assert.deepEqual(shortestAndMedianStep(time), sortedSteps(time), `case ${c}: n ${n}, regular ${regular}`);
  }
});

test('firstUnsoundBar and validateBars: the first bad or unordered bar, as checking bar by bar finds it', () => {
  const rnd = random(5);
  // Prices above zero, across it and below it (spreads), and values at the edge of the 1e-9 tolerance.
  const offsets = [0, -11, -20, -1e6];
  const odd = [NaN, Infinity, -Infinity];
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)];
  for (let c = 0; c < 2000; c++) {
    const n = 1 + Math.floor(rnd() * 30);
    const bars = emptyColumns(n);
    const offset = pick(offsets);
    let t = 1e12;
    for (let i = 0; i < n; i++) {
      t += rnd() < 0.05 ? 0 : rnd() < 0.05 ? -60_000 : 60_000;
      const low = offset + 10 + rnd();
      const high = low + rnd() * 2;
      const edge = Math.max(Math.abs(high), Math.abs(low)) * (rnd() < 0.5 ? 0.5e-9 : 2e-9);
      bars.time[i] = rnd() < 0.02 ? pick(odd) : t;
      bars.low[i] = rnd() < 0.01 ? pick(odd) : low;
      bars.high[i] = rnd() < 0.02 ? low - 1 : rnd() < 0.01 ? pick(odd) : high;
      bars.open[i] = rnd() < 0.02 ? high + 1 : rnd() < 0.05 ? high + edge : low + (high - low) * rnd();
      bars.close[i] = rnd() < 0.02 ? pick(odd) : rnd() < 0.05 ? low - edge : low + (high - low) * rnd();
      bars.volume[i] = rnd() < 0.02 ? -1 : rnd() < 0.01 ? pick(odd) : rnd() < 0.05 ? 0 : rnd() * 100;
    }
    let expected = -1;
    for (let i = 0; i < n && expected < 0; i++) {
      const v = [bars.time, bars.open, bars.high, bars.low, bars.close, bars.volume].map((col) => col[i]);
      if (checkBar(v[0], v[1], v[2], v[3], v[4], v[5]) !== null || (i > 0 && !(bars.time[i] > bars.time[i - 1])))
        expected = i;
    }
    assert.equal(firstUnsoundBar(bars), expected, `case ${c}`);
    assert.equal(validateBars(bars)?.index ?? -1, expected, `case ${c}`);
  }
});
