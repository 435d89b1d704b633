import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BUILTIN_INDICATORS, StdDevState, TA_EPSILON, stddev } from '../../../src/core/indicators/index.js';
import { defaults, diffSeries, plantedColumn, randomColumns } from './fixtures.js';
import * as ref from './reference.js';

// The running E[x²] − E[x]² of src/core/indicators/kernels/stddev.ts (BOLL, HV): a bar whose square
// overflows (1e300), one that leaves rounding behind (1e100), an Infinity, and windows where the
// difference cancels (prices near 1e9 moving by less than one, 65000.01 moving by cents, a flat window).

const P = 20;
const BAD = 150;

function batch(src: Float64Array, p: number): { sd: Float64Array; mean: Float64Array } {
  const sd = new Float64Array(src.length).fill(NaN);
  const mean = new Float64Array(src.length).fill(NaN);
  stddev(src, p, sd, 0, src.length, mean);
  return { sd, mean };
}

function streamed(src: Float64Array, p: number): { sd: Float64Array; mean: Float64Array } {
  const s = new StdDevState(p);
  const mean = new Float64Array(src.length);
  const sd = Float64Array.from(src, (x, i) => {
    const v = s.next(x);
    mean[i] = s.mean;
    return v;
  });
  return { sd, mean };
}

/**
 * The deviation of each window in two passes around the window's first value (exact for a flat window,
 * no rounding of a mean near 1e9), 0 under TA-Lib's epsilon as the kernel does.
 */
function fresh(src: Float64Array, p: number): Float64Array {
  const out = new Float64Array(src.length).fill(NaN);
  for (let i = p - 1; i < src.length; i++) {
    const c = src[i - p + 1];
    const shifted = Array.from(src.subarray(i - p + 1, i + 1), (x) => x - c);
    const sd = ref.stdevPop(shifted, p, p - 1);
    out[i] = sd * sd < TA_EPSILON ? 0 : sd;
  }
  return out;
}

/**
 * From bar `from` on, deviations equal the two-pass ones to `rel` and means the fresh means to 1e-12.
 * The running E[x²] − E[x]² (TA-Lib's, kept for normal data) is good to ~5e-8 on windows of 2 to 5
 * close prices (the sums' rounding drift); below 26 bits the kernel switches to two passes.
 */
function check(src: Float64Array, p: number, from: number, what: string, rel = 2e-7): void {
  const want = fresh(src, p);
  for (const [form, got] of [
    ['batch', batch(src, p)],
    ['streamed', streamed(src, p)],
  ] as const) {
    assert.ok(got.sd.subarray(from).every(Number.isFinite), `${what}, ${form}: not finite from bar ${from}`);
    assert.ok(got.mean.subarray(from).every(Number.isFinite), `${what}, ${form}: mean not finite from bar ${from}`);
    const d = diffSeries(got.sd.subarray(from), want.subarray(from), rel, 0);
    assert.equal(d, null, `${what}, ${form} stddev(${p}) from bar ${from}: ${d}`);
    const m = diffSeries(got.mean.subarray(from), ref.sma(src, p).subarray(from), 1e-12, 0);
    assert.equal(m, null, `${what}, ${form} mean(${p}) from bar ${from}: ${m}`);
  }
  assert.equal(diffSeries(batch(src, p).sd, streamed(src, p).sd, rel, 0), null, `${what}: batch = streamed (${p})`);
}

function closes(n: number, bad: Record<number, number>, seed = 42): Float64Array {
  return plantedColumn(n, seed, 'close', bad);
}

for (const [label, bad] of [
  ['a bar at 1e300 (its square overflows)', { [BAD]: 1e300 }],
  ['a bar at 1e100', { [BAD]: 1e100 }],
  ['a bar at -1e200', { [BAD]: -1e200 }],
  ['Infinity', { [BAD]: Infinity }],
  ['two bars at 1e308', { [BAD]: 1e308, [BAD + 2]: 1e308 }],
] as const) {
  test(`STDDEV batch and StdDevState: after ${label} leaves the window, values are the window's deviation again`, () => {
    const src = closes(400, bad);
    const last = Math.max(...Object.keys(bad).map(Number));
    for (const p of [2, P, 60]) check(src, p, last + p, label);
  });
}

test('STDDEV: finite input never gives NaN, an extreme bar in the window included', () => {
  for (const x of [1e300, -1e300, 1e308, 1.7e308, 1e-300]) {
    const src = closes(300, { [BAD]: x, [BAD + 1]: x / 3 });
    for (const p of [2, P]) {
      for (const [form, got] of [
        ['batch', batch(src, p).sd],
        ['streamed', streamed(src, p).sd],
      ] as const) {
        for (let i = p - 1; i < src.length; i++)
          assert.ok(Number.isFinite(got[i]), `${form} ${x} p=${p} bar ${i}: ${got[i]}`);
      }
      // With both bars in a window of 2 the deviation is |x − x/3| / 2, computed without overflow.
      const want = (x / 3) ** 2 < TA_EPSILON ? 0 : Math.abs(x) / 3;
      if (p === 2) {
        for (const [form, got] of [
          ['batch', batch(src, p).sd],
          ['streamed', streamed(src, p).sd],
        ] as const)
          assert.ok(Math.abs(got[BAD + 1] - want) <= 1e-12 * want, `${form} ${x}: ${got[BAD + 1]} vs ${want}`);
      }
    }
  }
});

test('STDDEV: prices near 1e9 and 65000.01 moving by cents keep their deviation (no cancellation)', () => {
  let s = 7;
  const rnd = (): number => (s = (s * 16807) % 2147483647) / 2147483647;
  for (const [base, step] of [
    [1e9, 0.5],
    [1e9, 0.001],
    [65000.01, 0.01],
    [123456789.12345, 1e-4],
  ] as const) {
    let x = base;
    const src = Float64Array.from({ length: 2000 }, () => (x += (rnd() - 0.5) * step));
    for (const p of [P, 100]) check(src, p, p - 1, `near ${base} by ${step}`, 1e-10);
  }
});

test('STDDEV: a flat window has no deviation, whatever the price', () => {
  for (const price of [65000.01, 0.1, 1e9 + 0.3, 3e-7]) {
    const src = closes(200, {});
    src.fill(price, 100, 140);
    for (const [form, got] of [
      ['batch', batch(src, P).sd],
      ['streamed', streamed(src, P).sd],
    ] as const) {
      for (let i = 119; i < 140; i++) assert.equal(got[i], 0, `${form} ${price} bar ${i}`);
    }
  }
});

test('STDDEV: normal prices keep the E[x²] − E[x]² arithmetic bit for bit (TA-Lib order)', () => {
  for (const scale of [1, 1e-4, 65000, 1e9]) {
    const src = Float64Array.from(randomColumns(20_000, 9).close, (x) => x * scale);
    // (Windows of 2 to 5 bars of prices this close together are where that arithmetic loses digits,
    // up to 1.5 % with p = 2 here: those bars get the two-pass deviation.)
    for (const p of [20, 200]) {
      const want = new Float64Array(src.length).fill(NaN);
      let total = 0;
      let total2 = 0;
      for (let i = 0; i < src.length; i++) {
        total += src[i];
        total2 += src[i] * src[i];
        if (i >= p - 1) {
          const mean = total / p;
          const variance = total2 / p - mean * mean;
          want[i] = variance < TA_EPSILON ? 0 : Math.sqrt(variance);
          const t = src[i - p + 1];
          total -= t;
          total2 -= t * t;
        }
      }
      assert.equal(diffSeries(batch(src, p).sd, want, 0, 0), null, `stddev(${p}) ×${scale}`);
      assert.equal(diffSeries(streamed(src, p).sd, want, 0, 0), null, `StdDevState(${p}) ×${scale}`);
    }
  }
});

test('BOLL and HV: a 1e300 bar shows no NaN band and stops mattering once it has left the window', () => {
  const cols = randomColumns(300, 3);
  for (const f of ['open', 'high', 'low', 'close'] as const) cols[f][BAD] = 1e300;
  const clean = randomColumns(300, 3);
  for (const id of ['BOLL', 'HV']) {
    const def = BUILTIN_INDICATORS.find((d) => d.id === id)!;
    const params = defaults(def);
    const p = params.period as number;
    for (const [form, values] of [
      ['compute', def.compute(cols, params)],
      ['updater', def.createUpdater!(cols, params).values],
    ] as const) {
      for (const [key, arr] of Object.entries(values)) {
        for (let i = p; i < 300; i++) assert.ok(!Number.isNaN(arr[i]), `${id}.${key} ${form} bar ${i} is NaN`);
      }
    }
    if (id === 'BOLL') {
      const v = def.compute(cols, params);
      // From bar BAD + p on, every window is clean: the bands equal the deviation of the clean bars.
      const sd = fresh(cols.close, p);
      const mid = ref.sma(cols.close, p);
      for (let i = BAD + p; i < 300; i++) {
        assert.ok(Math.abs(v.middle[i] - mid[i]) <= 1e-12 * mid[i], `middle ${i}`);
        assert.ok(Math.abs(v.upper[i] - (mid[i] + 2 * sd[i])) <= 1e-9 * mid[i], `upper ${i}`);
      }
      // Bars before it keep their values (a block recomputed afresh may differ in the last digit).
      assert.equal(
        diffSeries(v.upper.subarray(0, BAD), def.compute(clean, params).upper.subarray(0, BAD), 1e-12, 0),
        null,
      );
    }
  }
});
