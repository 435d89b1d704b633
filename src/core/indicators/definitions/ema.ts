import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { EmaState, ema } from '../kernels/index.js';
import { periodParam } from '../param-schemas.js';
import { makeStepper } from '../stepper.js';

const params = Type.Object({ period: periodParam(20, 'Look-back in bars', 1) });

/** EMA: TA-Lib `EMA` of the close, seeded with the SMA of the first `period` closes. */
export const emaIndicator = defineIndicator({
  id: 'EMA',
  name: 'Exponential Moving Average',
  category: 'moving-average',
  params,
  paramOrder: ['period'],
  placement: 'overlay',
  inputs: ['close'],
  outputs: (p) => [{ key: 'ema', label: `EMA${p.period}`, style: 'line' }],
  batch: (c, p, out) => {
    out[0].fill(NaN, 0, Math.min(c.length, p.period - 1));
    ema(c.close, p.period, out[0]);
  },
  stepper: (p) => {
    const s = new EmaState(p.period);
    return makeStepper([s], (c, i, out) => {
      out[0][i] = s.next(c.close[i]);
    });
  },
});
