import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { SmaState, sma } from '../kernels/index.js';
import { periodsParam } from '../param-schemas.js';
import { makeStepper } from '../stepper.js';

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
  stepper: (p) => {
    const states = p.periods.map((n) => new SmaState(n));
    return makeStepper(states, (c, i, out) => {
      const x = c.close[i];
      for (let k = 0; k < states.length; k++) out[k][i] = states[k].next(x);
    });
  },
});
