import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RollingSumState, rollingSum } from '../../../src/core/indicators/index.js';
import { assertRecovered, diffSeries, plantedColumn, randomColumns } from './fixtures.js';

// src/core/indicators/kernels/rolling-sum.ts (VWMA, CMF, MFI, ULTOSC, KAMA, BRAR, CR, VR, PSY): once an
// extreme value has left the window, the sum is the window's sum again.

const BAD = 150;

function values(n: number, bad: Record<number, number>): Float64Array {
  return plantedColumn(n, 11, 'volume', bad);
}

function fresh(src: Float64Array, p: number): Float64Array {
  const out = new Float64Array(src.length).fill(NaN);
  for (let i = p - 1; i < src.length; i++) {
    let s = 0;
    for (let j = i - p + 1; j <= i; j++) s += src[j];
    out[i] = s;
  }
  return out;
}

for (const [label, bad] of [
  ['a value at 1e300', { [BAD]: 1e300 }],
  ['a value at -1e300', { [BAD]: -1e300 }],
  ['Infinity', { [BAD]: Infinity }],
  ['NaN', { [BAD]: NaN }],
  ['two values at 1e308', { [BAD]: 1e308, [BAD + 1]: 1e308 }],
] as const) {
  test(`rollingSum and RollingSumState: after ${label} leaves the window, the sum is the window's again`, () => {
    const src = values(400, bad);
    const last = Math.max(...Object.keys(bad).map(Number));
    for (const p of [1, 3, 14, 60]) {
      const want = fresh(src, p);
      const b = new Float64Array(src.length).fill(NaN);
      rollingSum(src, p, b);
      const st = new RollingSumState(p);
      const s = Float64Array.from(src, (x) => st.next(x));
      for (const [form, got] of [
        ['batch', b],
        ['streamed', s],
      ] as const) {
        assertRecovered(got, want, last + p, `${label}: ${form} (${p})`);
      }
      // ago() still reads the window's values.
      assert.equal(st.ago(0), src[src.length - 1]);
    }
  });
}

test('RollingSumState: a checkpoint restores the state across a refresh of the sum', () => {
  const src = values(300, { [BAD]: 1e300 });
  const p = 14;
  const st = new RollingSumState(p);
  for (let i = 0; i < BAD + p - 1; i++) st.next(src[i]);
  st.save();
  st.next(-1e300);
  st.restore();
  const want = fresh(src, p);
  for (let i = BAD + p - 1; i < 300; i++) {
    const v = st.next(src[i]);
    if (i >= BAD + p) assert.ok(Math.abs(v - want[i]) <= 1e-12 * want[i], `bar ${i}: ${v} vs ${want[i]}`);
  }
});

test('rolling sums of normal values keep their running-sum arithmetic bit for bit', () => {
  const src = Float64Array.from(randomColumns(20_000, 9).close);
  for (const p of [5, 20, 200]) {
    const want = new Float64Array(src.length).fill(NaN);
    const wantSt = new Float64Array(src.length).fill(NaN);
    let sum = 0;
    let sumSt = 0;
    for (let i = 0; i < src.length; i++) {
      sum += src[i];
      if (i >= p) sumSt -= src[i - p];
      sumSt += src[i];
      if (i >= p - 1) {
        want[i] = sum;
        wantSt[i] = sumSt;
        sum -= src[i - p + 1];
      }
    }
    const b = new Float64Array(src.length).fill(NaN);
    rollingSum(src, p, b);
    const st = new RollingSumState(p);
    assert.equal(diffSeries(b, want, 0, 0), null, `rollingSum(${p})`);
    assert.equal(
      diffSeries(
        Float64Array.from(src, (x) => st.next(x)),
        wantSt,
        0,
        0,
      ),
      null,
      `RollingSumState(${p})`,
    );
  }
});
