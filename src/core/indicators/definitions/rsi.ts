import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { RsiState, TA_EPSILON } from '../kernels/index.js';
import { periodParam } from '../param-schemas.js';
import { makeStepper } from '../stepper.js';

const params = Type.Object({ period: periodParam(14, 'Look-back in bars', 2) });

/**
 * RSI: TA-Lib `RSI` (Wilder): gains and losses averaged over the first `period` changes, then
 * `avg = (avg·(n−1) + x) / n`; first value at index `period`; 0 when gains and losses are both 0.
 */
export const rsiIndicator = defineIndicator({
  id: 'RSI',
  name: 'Relative Strength Index',
  category: 'momentum',
  params,
  paramOrder: ['period'],
  placement: 'pane',
  levels: [70, 50, 30],
  inputs: ['close'],
  outputs: (p) => [{ key: 'rsi', label: `RSI${p.period}`, style: 'line' }],
  batch: (c, p, out) => {
    const x = c.close;
    const n = c.length;
    const period = p.period;
    const o = out[0];
    o.fill(NaN, 0, Math.min(n, period));
    if (period >= n) return;
    let gain = 0;
    let loss = 0;
    let prev = x[0];
    for (let i = 1; i <= period; i++) {
      const v = x[i];
      const d = v - prev;
      prev = v;
      if (d < 0) loss -= d;
      else gain += d;
    }
    loss /= period;
    gain /= period;
    let sum = gain + loss;
    o[period] = -TA_EPSILON < sum && sum < TA_EPSILON ? 0 : 100 * (gain / sum);
    const m = period - 1;
    for (let i = period + 1; i < n; i++) {
      const v = x[i];
      const d = v - prev;
      prev = v;
      loss *= m;
      gain *= m;
      if (d < 0) loss -= d;
      else gain += d;
      loss /= period;
      gain /= period;
      sum = gain + loss;
      o[i] = -TA_EPSILON < sum && sum < TA_EPSILON ? 0 : 100 * (gain / sum);
    }
  },
  stepper: (p) => {
    const s = new RsiState(p.period);
    return makeStepper([s], (c, i, out) => {
      out[0][i] = s.next(c.close[i]);
    });
  },
});
