import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { StdDevState, TA_EPSILON } from '../kernels/index.js';
import { numberParam, periodParam } from '../param-schemas.js';
import { makeStepper } from '../stepper.js';

const params = Type.Object({
  period: periodParam(20, 'Look-back in bars', 1),
  multiplier: numberParam(2, 'Band width in population standard deviations', 0, 10),
});

/**
 * BOLL: TA-Lib `BBANDS` with an SMA middle and the population standard deviation
 * (E[x²] − E[x]², 0 below `TA_EPSILON`); first value at `period − 1`.
 */
export const bollIndicator = defineIndicator({
  id: 'BOLL',
  name: 'Bollinger Bands',
  category: 'volatility',
  params,
  paramOrder: ['period', 'multiplier'],
  placement: 'overlay',
  inputs: ['close'],
  outputs: () => [
    { key: 'upper', label: 'UPPER', style: 'line' },
    { key: 'middle', label: 'MID', style: 'line' },
    { key: 'lower', label: 'LOWER', style: 'line' },
  ],
  batch: (c, p, out) => {
    const src = c.close;
    const n = c.length;
    const period = p.period;
    const mult = p.multiplier;
    const first = period - 1;
    const up = out[0];
    const mid = out[1];
    const lo = out[2];
    for (const o of out) o.fill(NaN, 0, Math.min(n, first));
    if (first >= n) return;
    let total = 0;
    let total2 = 0;
    for (let i = 0; i < first; i++) {
      const x = src[i];
      total += x;
      total2 += x * x;
    }
    for (let i = first; i < n; i++) {
      const x = src[i];
      total += x;
      total2 += x * x;
      const mean = total / period;
      const variance = total2 / period - mean * mean;
      const dev = (variance < TA_EPSILON ? 0 : Math.sqrt(variance)) * mult;
      mid[i] = mean;
      up[i] = mean + dev;
      lo[i] = mean - dev;
      const t = src[i - first];
      total -= t;
      total2 -= t * t;
    }
  },
  stepper: (p) => {
    const sd = new StdDevState(p.period);
    return makeStepper([sd], (c, i, out) => {
      const d = sd.next(c.close[i]) * p.multiplier;
      const m = sd.mean;
      out[0][i] = m + d;
      out[1][i] = m;
      out[2][i] = m - d;
    });
  },
});
