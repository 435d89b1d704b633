import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { StdDevState, stddev } from '../kernels/index.js';
import { periodParam } from '../param-schemas.js';
import { numberParam } from '../number-param.js';
import { makeStepper } from '../stepper.js';

const params = Type.Object({
  period: periodParam(20, 'Look-back in bars', 1),
  multiplier: numberParam(2, 'Band width in population standard deviations', 0, 10),
});

/**
 * BOLL: TA-Lib `BBANDS` with an SMA middle and the population standard deviation
 * (E[x²] − E[x]², 0 below `TA_EPSILON`, afresh from the window when that difference lost its digits:
 * kernels/stddev.ts); first value at `period − 1`.
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
    const n = c.length;
    const first = p.period - 1;
    const up = out[0];
    const mid = out[1];
    const lo = out[2];
    for (const o of out) o.fill(NaN, 0, Math.min(n, first));
    // The deviations go to `up` first, the means to `mid`.
    stddev(c.close, p.period, up, 0, n, mid);
    for (let i = first; i < n; i++) {
      const dev = up[i] * p.multiplier;
      up[i] = mid[i] + dev;
      lo[i] = mid[i] - dev;
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
