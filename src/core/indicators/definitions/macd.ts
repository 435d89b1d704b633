import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { emaK } from '../kernels/index.js';
import { periodParam } from '../param-schemas.js';
import { MACD_STEPPER, macdPeriods } from './study-stepper-slots.js';

const params = Type.Object({
  fast: periodParam(12, 'Fast EMA period', 1),
  slow: periodParam(26, 'Slow EMA period', 1),
  signal: periodParam(9, 'Signal EMA period', 1),
});

/**
 * MACD: TA-Lib `MACD`. Both price EMAs are seeded with SMAs whose windows END on the same bar
 * (slow − 1): the fast seed is the mean of closes [slow − fast, slow − 1], not of the first `fast`
 * closes. The signal EMA is seeded with the mean of the first `signal` MACD values. All three
 * outputs start at `slow + signal − 2` (TA-Lib's outBegIdx); hist = MACD − signal, labelled HIST
 * (通达信's MACD bar is twice that: the `tdx` convention).
 */
export const macdIndicator = defineIndicator({
  id: 'MACD',
  name: 'Moving Average Convergence Divergence',
  category: 'momentum',
  params,
  paramOrder: ['fast', 'slow', 'signal'],
  placement: 'pane',
  inputs: ['close'],
  outputs: () => [
    { key: 'macd', label: 'DIF', style: 'line' },
    { key: 'signal', label: 'DEA', style: 'line' },
    { key: 'hist', label: 'HIST', style: 'histogram' },
  ],
  batch: (c, p, out) => {
    const [fast, slow] = macdPeriods(p);
    const signal = p.signal;
    const x = c.close;
    const n = c.length;
    const begin = slow + signal - 2;
    for (const o of out) o.fill(NaN, 0, Math.min(n, begin));
    if (begin >= n) return;
    const fk = emaK(fast);
    const sk = emaK(slow);
    const gk = emaK(signal);
    let total = 0;
    let today = 0;
    for (let i = slow - fast; i > 0; i--) total += x[today++];
    let prevFast = 0;
    for (let i = fast; i > 0; i--) {
      prevFast += x[today];
      total += x[today++];
    }
    let prevSlow = total / slow;
    prevFast = prevFast / fast;
    let macd = prevFast - prevSlow;
    let prevSignal = macd;
    for (let i = signal - 1; i > 0; i--) {
      const v = x[today++];
      prevFast = (v - prevFast) * fk + prevFast;
      prevSlow = (v - prevSlow) * sk + prevSlow;
      macd = prevFast - prevSlow;
      prevSignal += macd;
    }
    prevSignal = prevSignal / signal;
    const om = out[0];
    const os = out[1];
    const oh = out[2];
    om[begin] = macd;
    os[begin] = prevSignal;
    oh[begin] = macd - prevSignal;
    for (let i = begin + 1; i < n; i++) {
      const v = x[i];
      prevFast = (v - prevFast) * fk + prevFast;
      prevSlow = (v - prevSlow) * sk + prevSlow;
      macd = prevFast - prevSlow;
      prevSignal = (macd - prevSignal) * gk + prevSignal;
      om[i] = macd;
      os[i] = prevSignal;
      oh[i] = macd - prevSignal;
    }
  },
  stepper: MACD_STEPPER.stepper,
});
