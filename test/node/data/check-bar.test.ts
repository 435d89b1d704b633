import { test } from 'node:test';
import assert from 'node:assert/strict';
import { guessPeriod } from '../../../src/core/data/guess-period.js';
import { checkBar } from '../../../src/core/data/validate-bars.js';

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

test('checkBar: the allocation-free path accepts exactly the bars the worded checks accept', () => {
  const rnd = random(11);
  const pick = (): number => {
    const r = rnd();
    if (r < 0.03) return NaN;
    if (r < 0.05) return Infinity;
    if (r < 0.07) return -Infinity;
    return Math.round((rnd() * 20 - 2) * 100) / 100;
  };
  let refused = 0;
  for (let i = 0; i < 20_000; i++) {
    const [time, open, high, low, close, volume] = [1e12, pick(), pick(), pick(), pick(), pick()];
    const problem = checkBar(time, open, high, low, close, volume);
    const values = [time, open, high, low, close, volume];
    const slack = 1e-9 * Math.max(Math.abs(high), Math.abs(low));
    const sound =
      values.every(Number.isFinite) &&
      volume >= 0 &&
      high >= low &&
      open <= high + slack &&
      open >= low - slack &&
      close <= high + slack &&
      close >= low - slack;
    assert.equal(problem === null, sound, JSON.stringify(values));
    if (problem) refused++;
  }
  assert.ok(refused > 1000, 'the cases include bad bars');
});
