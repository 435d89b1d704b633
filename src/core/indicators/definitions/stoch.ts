import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { RollingExtremeState, SmaState } from '../kernels/index.js';
import { RESUM_DROP, windowSum } from '../kernels/window-sum.js';
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
 * A ring SMA's total after the value at `oldest` (written over next) went out, as SmaState (kernels/sma.ts)
 * leaves it: summed afresh from the ring when it fell below 1/RESUM_DROP of that value or is not finite.
 */
function dropOldest(ring: Float64Array, oldest: number, total: number): number {
  const t = ring[oldest];
  const a = Math.abs((total -= t));
  if (a * RESUM_DROP >= Math.abs(t) && a < Infinity) return total;
  return windowSum(ring, oldest + 1 === ring.length ? 0 : oldest + 1, ring.length - 1);
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
  levels: [80, 20],
  inputs: ['high', 'low', 'close'],
  outputs: () => [
    { key: 'k', label: 'K', style: 'line' },
    { key: 'd', label: 'D', style: 'line' },
  ],
  batch: (c, p, out) => {
    // One fused pass: monotonic deques for the extremes, then the two SMAs as ring-buffer running
    // totals with the same arithmetic order as SmaState (add, divide, drop the oldest, sum afresh when
    // the total collapsed: dropOldest), so the live K and D equal these bit for bit.
    const n = c.length;
    const kp = p.kPeriod;
    const ks = p.kSmooth;
    const dp = p.dPeriod;
    const begin = kp - 1 + (ks - 1) + (dp - 1);
    out[0].fill(NaN, 0, Math.min(n, begin));
    out[1].fill(NaN, 0, Math.min(n, begin));
    if (begin >= n) return;
    const high = c.high;
    const low = c.low;
    const close = c.close;
    let cap = 2;
    while (cap < kp + 1) cap <<= 1;
    const mask = cap - 1;
    const hv = new Float64Array(cap);
    const hi = new Int32Array(cap);
    const lv = new Float64Array(cap);
    const li = new Int32Array(cap);
    let hHead = 0;
    let hTail = 0;
    let lHead = 0;
    let lTail = 0;
    const kRing = new Float64Array(ks);
    const dRing = new Float64Array(dp);
    let kPos = 0;
    let dPos = 0;
    let kCount = 0;
    let dCount = 0;
    let kTotal = 0;
    let dTotal = 0;
    const outK = out[0];
    const outD = out[1];
    for (let i = 0; i < n; i++) {
      const h = high[i];
      while (hTail > hHead && hv[(hTail - 1) & mask] <= h) hTail--;
      hv[hTail & mask] = h;
      hi[hTail & mask] = i;
      hTail++;
      if (hi[hHead & mask] <= i - kp) hHead++;
      const l = low[i];
      while (lTail > lHead && lv[(lTail - 1) & mask] >= l) lTail--;
      lv[lTail & mask] = l;
      li[lTail & mask] = i;
      lTail++;
      if (li[lHead & mask] <= i - kp) lHead++;
      if (i < kp - 1) continue;
      const fk = fastK(close[i], hv[hHead & mask], lv[lHead & mask]);
      kTotal += fk;
      kRing[kPos] = fk;
      kPos = kPos + 1 === ks ? 0 : kPos + 1;
      if (++kCount < ks) continue;
      const slowK = kTotal / ks;
      kTotal = dropOldest(kRing, kPos, kTotal);
      dTotal += slowK;
      dRing[dPos] = slowK;
      dPos = dPos + 1 === dp ? 0 : dPos + 1;
      if (++dCount < dp) continue;
      outK[i] = slowK;
      outD[i] = dTotal / dp;
      dTotal = dropOldest(dRing, dPos, dTotal);
    }
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
