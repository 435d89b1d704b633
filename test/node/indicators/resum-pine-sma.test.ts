import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pineSma } from '../../../src/core/indicators/kernels/pine.js';
import { diffSeries, randomColumns } from './fixtures.js';
import * as ref from './reference.js';

// Pine's ta.sma and TDX's MA (src/core/indicators/kernels/pine.ts, the tradingview and tdx study forms).

const BAD = 150;

for (const [label, bad] of [
  ['a bar at 1e300', 1e300],
  ['Infinity', Infinity],
  ['-Infinity', -Infinity],
] as const) {
  test(`pineSma: after ${label} leaves the window, values are the window's mean again`, () => {
    const src = Float64Array.from(randomColumns(400, 8).close);
    src[BAD] = bad;
    for (const n of [1, 5, 20]) {
      const d = diffSeries(pineSma(src, n).subarray(BAD + n), ref.sma(src, n).subarray(BAD + n), 1e-12, 0);
      assert.equal(d, null, `${label} (${n}): ${d}`);
    }
  });
}

test('pineSma: normal values keep the running-sum arithmetic bit for bit', () => {
  const src = Float64Array.from(randomColumns(20_000, 9).close);
  for (const n of [5, 34]) {
    const want = new Float64Array(src.length).fill(NaN);
    let total = 0;
    for (let i = 0; i < src.length; i++) {
      total += src[i];
      if (i >= n) total -= src[i - n];
      if (i >= n - 1) want[i] = total / n;
    }
    assert.equal(diffSeries(pineSma(src, n), want, 0, 0), null, `${n}`);
  }
});
