import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { RollingExtremeState } from '../kernels/index.js';
import { periodParam } from '../param-schemas.js';
import { makeStepper } from '../stepper.js';
import { ScalarState } from '../scalar-state.js';

/**
 * Weights of K = ((m1 − 1)·K + RSV)/m1 as (1 − 1/m1)·K + (1/m1)·RSV: multiplications keep a
 * division off the loop-carried chain (batch and stepper use the same form, so they agree exactly).
 */
function smoothing(m1: number, m2: number): [number, number, number, number] {
  return [(m1 - 1) / m1, 1 / m1, (m2 - 1) / m2, 1 / m2];
}

const params = Type.Object({
  period: periodParam(9, 'RSV look-back in bars', 1),
  kSmooth: periodParam(3, 'K smoothing (K = ((m1 − 1)·K + RSV) / m1)', 1),
  dSmooth: periodParam(3, 'D smoothing (D = ((m2 − 1)·D + K) / m2)', 1),
});

/**
 * KDJ (no TA-Lib function), the common Chinese convention:
 * RSV = (close − LLV(low, n)) / (HHV(high, n) − LLV(low, n)) · 100 (0 when the range is flat, like
 * TA-Lib's STOCH); K = ((m1 − 1)·K₋₁ + RSV)/m1, D = ((m2 − 1)·D₋₁ + K)/m2, both seeded at 50;
 * J = 3K − 2D. First value at `n − 1`.
 */
export const kdjIndicator = defineIndicator({
  id: 'KDJ',
  name: 'KDJ Stochastic',
  category: 'momentum',
  params,
  paramOrder: ['period', 'kSmooth', 'dSmooth'],
  placement: 'pane',
  inputs: ['high', 'low', 'close'],
  outputs: () => [
    { key: 'k', label: 'K', style: 'line' },
    { key: 'd', label: 'D', style: 'line' },
    { key: 'j', label: 'J', style: 'line' },
  ],
  batch: (c, p, out) => {
    // One fused pass: two monotonic deques (values and indices in power-of-two rings) for the
    // highest high and lowest low, then the K/D recursion.
    const n = c.length;
    const period = p.period;
    const ok = out[0];
    const od = out[1];
    const oj = out[2];
    const warm = Math.min(n, period - 1);
    ok.fill(NaN, 0, warm);
    od.fill(NaN, 0, warm);
    oj.fill(NaN, 0, warm);
    if (period - 1 >= n) return;
    const high = c.high;
    const low = c.low;
    const close = c.close;
    let cap = 2;
    while (cap < period + 1) cap <<= 1;
    const mask = cap - 1;
    const hv = new Float64Array(cap);
    const hi = new Int32Array(cap);
    const lv = new Float64Array(cap);
    const li = new Int32Array(cap);
    let hHead = 0;
    let hTail = 0;
    let lHead = 0;
    let lTail = 0;
    const [ka, kb, da, db] = smoothing(p.kSmooth, p.dSmooth);
    let k = 50;
    let d = 50;
    for (let i = 0; i < n; i++) {
      const h = high[i];
      while (hTail > hHead && hv[(hTail - 1) & mask] <= h) hTail--;
      hv[hTail & mask] = h;
      hi[hTail & mask] = i;
      hTail++;
      if (hi[hHead & mask] <= i - period) hHead++;
      const l = low[i];
      while (lTail > lHead && lv[(lTail - 1) & mask] >= l) lTail--;
      lv[lTail & mask] = l;
      li[lTail & mask] = i;
      lTail++;
      if (li[lHead & mask] <= i - period) lHead++;
      if (i < period - 1) continue;
      const hh = hv[hHead & mask];
      const ll = lv[lHead & mask];
      const range = hh - ll;
      const rsv = range !== 0 ? ((close[i] - ll) / range) * 100 : 0;
      k = ka * k + kb * rsv;
      d = da * d + db * k;
      ok[i] = k;
      od[i] = d;
      oj[i] = 3 * k - 2 * d;
    }
  },
  stepper: (p) => {
    const hi = new RollingExtremeState(p.period, true);
    const lo = new RollingExtremeState(p.period, false);
    const s = new ScalarState([50, 50]);
    const [ka, kb, da, db] = smoothing(p.kSmooth, p.dSmooth);
    return makeStepper([hi, lo, s], (c, i, out) => {
      const hh = hi.next(c.high[i]);
      const ll = lo.next(c.low[i]);
      if (hh !== hh) {
        out[0][i] = NaN;
        out[1][i] = NaN;
        out[2][i] = NaN;
        return;
      }
      const v = s.v;
      const range = hh - ll;
      const rsv = range !== 0 ? ((c.close[i] - ll) / range) * 100 : 0;
      const k = ka * v[0] + kb * rsv;
      const d = da * v[1] + db * k;
      v[0] = k;
      v[1] = d;
      out[0][i] = k;
      out[1][i] = d;
      out[2][i] = 3 * k - 2 * d;
    });
  },
});
