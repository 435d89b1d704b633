import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { sma } from '../kernels/index.js';
import { periodsParam } from '../param-schemas.js';
import { MA_STEPPER } from './study-stepper-slots.js';

const params = Type.Object({
  periods: periodsParam([5, 10, 20], 'Periods of the simple moving averages, one line each (MA(5,20) → [5, 20])'),
});

/** MA: TA-Lib `SMA` of the close for each period; first value at index `period - 1`. */
export const maIndicator = defineIndicator({
  id: 'MA',
  name: 'Moving Average',
  category: 'moving-average',
  params,
  paramOrder: ['periods'],
  placement: 'overlay',
  inputs: ['close'],
  outputs: (p) => p.periods.map((n, k) => ({ key: `ma${k + 1}`, label: `MA${n}`, style: 'line' as const })),
  batch: (c, p, out) => {
    for (let k = 0; k < p.periods.length; k++) {
      out[k].fill(NaN, 0, Math.min(c.length, p.periods[k] - 1));
      sma(c.close, p.periods[k], out[k]);
    }
  },
  stepper: MA_STEPPER.stepper,
});
