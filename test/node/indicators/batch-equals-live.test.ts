import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BUILTIN_INDICATORS, SmaState, StdDevState, sma, stddev } from '../../../src/core/indicators/index.js';
import { defaults, diffSeries, head, randomColumns, type TestColumns } from './fixtures.js';

// The running-sum kernels sum a window afresh when its total collapses (kernels/window-sum.ts). The batch
// forms must do so at the same bars as the streaming ones: a study updated bar by bar while live must equal
// the same study computed again over the whole series, bit for bit (not just to a tolerance).

/** Values ~100 with runs of exact zeros (a fast %K at the low, a money flow on the other side). */
function withZeroRuns(n: number): Float64Array {
  const src = Float64Array.from(randomColumns(n, 11).close);
  for (let i = 40; i < n; i += 37) src.fill(0, i, i + 6);
  return src;
}

test('SMA: batch equals SmaState bit for bit when the window sums to 0 (a total that collapsed)', () => {
  const src = withZeroRuns(3000);
  for (const p of [2, 3, 5]) {
    const batch = new Float64Array(src.length).fill(NaN);
    sma(src, p, batch);
    const s = new SmaState(p);
    const live = Float64Array.from(src, (x) => s.next(x));
    assert.equal(diffSeries(batch, live, 0, 0), null, `sma(${p})`);
    // A window of zeros is 0, not the rounding left by the values that went out.
    assert.equal(batch[45], 0, `sma(${p}) over zeros`);
  }
});

test('STDDEV: batch means and deviations equal StdDevState bit for bit on prices near 1e9 moving by cents', () => {
  const src = Float64Array.from(randomColumns(3000, 3).close, (x) => 1e9 + x / 100);
  const p = 20;
  const dev = new Float64Array(src.length).fill(NaN);
  const means = new Float64Array(src.length).fill(NaN);
  stddev(src, p, dev, 0, src.length, means);
  const s = new StdDevState(p);
  const liveDev = new Float64Array(src.length);
  const liveMean = new Float64Array(src.length);
  src.forEach((x, i) => {
    liveDev[i] = s.next(x);
    liveMean[i] = s.mean;
  });
  assert.equal(diffSeries(dev, liveDev, 0, 0), null, 'deviation');
  assert.equal(diffSeries(means, liveMean, 0, 0), null, 'mean');
});

function liveValues(
  id: string,
  cols: TestColumns,
): { full: Record<string, Float64Array>; live: Record<string, Float64Array> } {
  const def = BUILTIN_INDICATORS.find((d) => d.id === id)!;
  const params = defaults(def);
  const updater = def.createUpdater!(head(cols, 5), params);
  for (let i = 5; i < cols.length; i++) updater.update(head(cols, i + 1), true);
  return { full: def.compute(cols, params), live: updater.values };
}

test('BOLL on prices near 1e9: the live middle band equals the recomputed one (and the plain SMA) bit for bit', () => {
  const cols = randomColumns(3000, 2);
  for (const f of ['open', 'high', 'low', 'close'] as const) cols[f].forEach((x, i) => (cols[f][i] = 1e9 + x / 100));
  const { full, live } = liveValues('BOLL', cols);
  for (const key of ['upper', 'middle', 'lower']) assert.equal(diffSeries(full[key], live[key], 0, 0), null, key);
  const ma = new Float64Array(cols.length).fill(NaN);
  sma(cols.close, 20, ma);
  assert.equal(diffSeries(full.middle, ma, 0, 0), null, 'middle = SMA(close, 20)');
});

test('STOCH closing at the low for bars on end: live K and D equal the recomputed ones bit for bit', () => {
  const cols = randomColumns(1500, 4);
  // A slide: each bar closes at its low, below every earlier low of the look-back (fast %K exactly 0).
  for (let i = 300; i < 1500; i += 200)
    for (let j = i; j < i + 8; j++) {
      cols.low[j] = Math.min(...cols.low.subarray(j - 14, j)) - 1;
      cols.close[j] = cols.low[j];
      cols.high[j] = Math.max(cols.open[j], cols.close[j]);
    }
  const { full, live } = liveValues('STOCH', cols);
  for (const key of ['k', 'd']) assert.equal(diffSeries(full[key], live[key], 0, 0), null, key);
  assert.equal(full.k[307], 0, 'slow %K over three fast %K of 0');
});
