import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { EmaState } from '../kernels/index.js';
import { periodParam } from '../param-schemas.js';
import { makeStepper } from '../stepper.js';

const params = Type.Object({ period: periodParam(20, 'Look-back in bars', 1) });

/** DEMA: TA-Lib `DEMA` = 2·EMA − EMA(EMA), each EMA SMA-seeded; first value at `2·(period − 1)`. */
export const demaIndicator = defineIndicator({
  id: 'DEMA',
  name: 'Double Exponential Moving Average',
  category: 'moving-average',
  params,
  paramOrder: ['period'],
  placement: 'overlay',
  inputs: ['close'],
  outputs: (p) => [{ key: 'dema', label: `DEMA${p.period}`, style: 'line' }],
  stepper: (p) => {
    const e1 = new EmaState(p.period);
    const e2 = new EmaState(p.period);
    return makeStepper([e1, e2], (c, i, out) => {
      const a = e1.next(c.close[i]);
      out[0][i] = a === a ? 2 * a - e2.next(a) : NaN;
    });
  },
});
