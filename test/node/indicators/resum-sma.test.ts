import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BUILTIN_INDICATORS, SmaState, sma } from '../../../src/core/indicators/index.js';
import { defaults, diffSeries, plantedColumn, randomColumns } from './fixtures.js';
import * as ref from './reference.js';

// What a bar far out of scale (1e300 from a bad feed), an Infinity in a derived series or two 1e308
// that overflow their sum do to the SMA kernel (src/core/indicators/kernels/sma.ts): once the bar has
// left the window, every value must again be the plain mean of the window.

const P = 20;
const BAD = 150;

function closes(n: number, bad: Record<number, number>): Float64Array {
  return plantedColumn(n, 42, 'close', bad);
}

function batch(src: Float64Array, p: number): Float64Array {
  const out = new Float64Array(src.length).fill(NaN);
  sma(src, p, out);
  return out;
}

function streamed(src: Float64Array, p: number): Float64Array {
  const s = new SmaState(p);
  return Float64Array.from(src, (x) => s.next(x));
}

/** Values from bar `from` on equal the fresh mean of each window to 1e-12 relative. */
function assertFreshFrom(actual: Float64Array, src: Float64Array, p: number, from: number, what: string): void {
  const want = ref.sma(src, p);
  // (diffSeries lets Infinity match anything: its relative tolerance is then Infinity too.)
  assert.ok(actual.subarray(from).every(Number.isFinite), `${what}: not finite from bar ${from}`);
  const d = diffSeries(actual.subarray(from), want.subarray(from), 1e-12, 0);
  assert.equal(d, null, `${what} (from bar ${from}): ${d}`);
}

for (const [label, bad] of [
  ['a bar at 1e300', { [BAD]: 1e300 }],
  ['a bar at -1e300', { [BAD]: -1e300 }],
  ['Infinity', { [BAD]: Infinity }],
  ['NaN', { [BAD]: NaN }],
  ['two bars at 1e308 (their sum overflows)', { [BAD]: 1e308, [BAD + 3]: 1e308 }],
  ['a bar at 1e12 among prices near 100', { [BAD]: 1e12 }],
] as const) {
  test(`SMA batch and SmaState: after ${label} leaves the window, values are the window's mean again`, () => {
    const src = closes(400, bad);
    const last = Math.max(...Object.keys(bad).map(Number));
    for (const p of [1, 2, P, 60]) {
      const b = batch(src, p);
      const s = streamed(src, p);
      assertFreshFrom(b, src, p, last + p, `sma(${p})`);
      assertFreshFrom(s, src, p, last + p, `SmaState(${p})`);
      // Batch and streaming forms agree (the batch recomputes a whole block of bars afresh, the
      // streaming form its sum once): the chart's live ticks do not jump.
      assert.equal(diffSeries(b, s, 1e-12, 0), null, `batch = streamed (${p})`);
    }
  });
}

test('SMA: an extreme bar in the window gives what the plain sum gives; the bars before it are untouched', () => {
  const src = closes(300, { [BAD]: 1e300 });
  const b = batch(src, P);
  assert.equal(diffSeries(b.subarray(0, BAD), ref.sma(src, P).subarray(0, BAD), 1e-12, 0), null);
  for (let i = BAD; i < BAD + P; i++) assert.equal(b[i], 1e300 / P, `bar ${i}`);
});

test('SmaState: a checkpoint restores the state across a refresh of the sum', () => {
  const src = closes(300, { [BAD]: 1e300 });
  const s = new SmaState(P);
  for (let i = 0; i < BAD + P - 1; i++) s.next(src[i]);
  s.save();
  const first = s.next(src[BAD + P - 1]); // the 1e300 bar leaves with this one: the sum is refreshed
  s.restore();
  assert.equal(s.next(src[BAD + P - 1]), first);
  const want = ref.sma(src, P);
  for (let i = BAD + P; i < 300; i++) assert.ok(Math.abs(s.next(src[i]) - want[i]) <= 1e-12 * want[i], `bar ${i}`);
});

test('SMA: normal prices keep the running-sum arithmetic bit for bit (TA-Lib order)', () => {
  for (const scale of [1, 1e-6, 65000, 1e9]) {
    const src = Float64Array.from(randomColumns(20_000, 9).close, (x) => x * scale);
    for (const p of [5, 20, 200]) {
      const want = new Float64Array(src.length).fill(NaN);
      let total = 0;
      for (let i = 0; i < src.length; i++) {
        total += src[i];
        if (i >= p - 1) {
          want[i] = total / p;
          total -= src[i - p + 1];
        }
      }
      assert.equal(diffSeries(batch(src, p), want, 0, 0), null, `sma(${p}) ×${scale}`);
      assert.equal(diffSeries(streamed(src, p), want, 0, 0), null, `SmaState(${p}) ×${scale}`);
    }
  }
});

test('MA and VOL: a 1e300 close or volume stops mattering once it has left the window', () => {
  const cols = randomColumns(300, 3);
  for (const f of ['open', 'high', 'low', 'close'] as const) cols[f][BAD] = 1e300;
  cols.volume[BAD + 1] = 1e300;
  for (const id of ['MA', 'VOL']) {
    const def = BUILTIN_INDICATORS.find((d) => d.id === id)!;
    const params = defaults(def);
    const values = def.compute(cols, params);
    const live = def.createUpdater!(cols, params).values;
    for (const [key, arr] of Object.entries(values)) {
      if (key === 'volume') continue;
      const src = id === 'MA' ? cols.close : cols.volume;
      const p = (params.periods as number[])[Number(key.replace(/\D/g, '')) - 1];
      assertFreshFrom(arr, src, p, BAD + 1 + p, `${id}.${key}`);
      assertFreshFrom(live[key], src, p, BAD + 1 + p, `${id}.${key} (updater)`);
    }
  }
});
