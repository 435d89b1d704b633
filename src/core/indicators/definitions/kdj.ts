import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { RollingExtremeState, rollingMax, rollingMin } from '../kernels/index.js';
import { periodParam } from '../param-schemas.js';
import { ScalarState, makeStepper } from '../stepper.js';

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
    const n = c.length;
    const first = p.period - 1;
    if (first >= n) return;
    const ok = out[0];
    const od = out[1];
    const oj = out[2];
    // The K and D outputs hold the rolling extremes until they are overwritten bar by bar.
    rollingMax(c.high, p.period, ok);
    rollingMin(c.low, p.period, od);
    const close = c.close;
    const m1 = p.kSmooth;
    const m2 = p.dSmooth;
    let k = 50;
    let d = 50;
    for (let i = first; i < n; i++) {
      const hh = ok[i];
      const ll = od[i];
      const range = hh - ll;
      const rsv = range !== 0 ? ((close[i] - ll) / range) * 100 : 0;
      k = ((m1 - 1) * k + rsv) / m1;
      d = ((m2 - 1) * d + k) / m2;
      ok[i] = k;
      od[i] = d;
      oj[i] = 3 * k - 2 * d;
    }
  },
  stepper: (p) => {
    const hi = new RollingExtremeState(p.period, true);
    const lo = new RollingExtremeState(p.period, false);
    const s = new ScalarState([50, 50]);
    const m1 = p.kSmooth;
    const m2 = p.dSmooth;
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
      const k = ((m1 - 1) * v[0] + rsv) / m1;
      const d = ((m2 - 1) * v[1] + k) / m2;
      v[0] = k;
      v[1] = d;
      out[0][i] = k;
      out[1][i] = d;
      out[2][i] = 3 * k - 2 * d;
    });
  },
});
