import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WmaState, wma } from '../../../src/core/indicators/index.js';
import { assertRecovered, diffSeries, plantedColumn, randomColumns } from './fixtures.js';
import * as ref from './reference.js';

// src/core/indicators/kernels/wma.ts (WMA, HMA): its plain and weighted running sums after an extreme value.

const BAD = 150;

function closes(n: number, bad: Record<number, number>): Float64Array {
  return plantedColumn(n, 5, 'close', bad);
}

function both(src: Float64Array, p: number): [Float64Array, Float64Array] {
  const b = new Float64Array(src.length).fill(NaN);
  wma(src, p, b);
  const st = new WmaState(p);
  return [b, Float64Array.from(src, (x) => st.next(x))];
}

for (const [label, bad] of [
  ['a bar at 1e300', { [BAD]: 1e300 }],
  ['a bar at 1e307 (times the period it overflows)', { [BAD]: 1e307 }],
  ['Infinity', { [BAD]: Infinity }],
  ['NaN', { [BAD]: NaN }],
  ['two bars at 1e308', { [BAD]: 1e308, [BAD + 4]: 1e308 }],
] as const) {
  test(`WMA batch and WmaState: after ${label} leaves the window, values are the window's weighted mean again`, () => {
    const src = closes(400, bad);
    const last = Math.max(...Object.keys(bad).map(Number));
    for (const p of [1, 2, 9, 50]) {
      const want = ref.wma(src, p);
      const [b, s] = both(src, p);
      for (const [form, got] of [
        ['batch', b],
        ['streamed', s],
      ] as const) {
        assertRecovered(got, want, last + p, `${label}: ${form} (${p})`);
      }
      assert.equal(diffSeries(b, s, 0, 0), null, `batch = streamed (${p})`);
    }
  });
}

test('WMA: normal prices keep the running-sum arithmetic bit for bit (TA-Lib order)', () => {
  const src = Float64Array.from(randomColumns(20_000, 9).close);
  for (const p of [5, 20, 200]) {
    const want = new Float64Array(src.length).fill(NaN);
    const divider = (p * (p + 1)) / 2;
    let sum = 0;
    let sub = 0;
    for (let i = 0; i < p - 1; i++) {
      sub += src[i];
      sum += src[i] * (i + 1);
    }
    for (let i = p - 1; i < src.length; i++) {
      sub += src[i];
      sum += src[i] * p;
      want[i] = sum / divider;
      sum -= sub;
      sub -= src[i - p + 1];
    }
    const [b, s] = both(src, p);
    assert.equal(diffSeries(b, want, 0, 0), null, `wma(${p})`);
    assert.equal(diffSeries(s, want, 0, 0), null, `WmaState(${p})`);
  }
});
