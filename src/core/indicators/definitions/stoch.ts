import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { RollingExtremeState, SmaState, rollingMax, rollingMin, sma } from '../kernels/index.js';
import { periodParam } from '../param-schemas.js';
import { makeStepper } from '../stepper.js';

const params = Type.Object({
  kPeriod: periodParam(14, 'Fast %K look-back in bars', 1),
  kSmooth: periodParam(3, 'SMA period turning fast %K into slow %K', 1),
  dPeriod: periodParam(3, 'SMA period of slow %D', 1),
});

/** Fast %K as TA-Lib computes it: divide by (range / 100); 0 for a flat range. */
function fastK(close: number, hh: number, ll: number): number {
  const diff = (hh - ll) / 100;
  return diff !== 0 ? (close - ll) / diff : 0;
}

/**
 * STOCH: TA-Lib `STOCH` with SMA slowing: slow %K = SMA(fast %K, kSmooth), %D = SMA(slow %K,
 * dPeriod); both start at `(kPeriod − 1) + (kSmooth − 1) + (dPeriod − 1)`.
 */
export const stochIndicator = defineIndicator({
  id: 'STOCH',
  name: 'Stochastic Oscillator',
  category: 'momentum',
  params,
  paramOrder: ['kPeriod', 'kSmooth', 'dPeriod'],
  placement: 'pane',
  inputs: ['high', 'low', 'close'],
  outputs: () => [
    { key: 'k', label: 'K', style: 'line' },
    { key: 'd', label: 'D', style: 'line' },
  ],
  batch: (c, p, out) => {
    const n = c.length;
    const begin = p.kPeriod - 1 + (p.kSmooth - 1) + (p.dPeriod - 1);
    if (begin >= n) return;
    const hh = new Float64Array(n);
    const ll = new Float64Array(n);
    rollingMax(c.high, p.kPeriod, hh);
    rollingMin(c.low, p.kPeriod, ll);
    const close = c.close;
    const fk = hh; // reuse: fast %K overwrites the highs it no longer needs
    for (let i = p.kPeriod - 1; i < n; i++) fk[i] = fastK(close[i], hh[i], ll[i]);
    const slowK = ll;
    sma(fk, p.kSmooth, slowK, p.kPeriod - 1);
    sma(slowK, p.dPeriod, out[1], p.kPeriod + p.kSmooth - 2);
    out[0].set(slowK.subarray(begin), begin);
  },
  stepper: (p) => {
    const hi = new RollingExtremeState(p.kPeriod, true);
    const lo = new RollingExtremeState(p.kPeriod, false);
    const sk = new SmaState(p.kSmooth);
    const sd = new SmaState(p.dPeriod);
    return makeStepper([hi, lo, sk, sd], (c, i, out) => {
      const h = hi.next(c.high[i]);
      const l = lo.next(c.low[i]);
      let k = NaN;
      let d = NaN;
      if (h === h) {
        k = sk.next(fastK(c.close[i], h, l));
        if (k === k) d = sd.next(k);
      }
      const ready = d === d;
      out[0][i] = ready ? k : NaN;
      out[1][i] = ready ? d : NaN;
    });
  },
});
