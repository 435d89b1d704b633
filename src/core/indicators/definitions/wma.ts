import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { WmaState } from '../kernels/index.js';
import { periodParam } from '../param-schemas.js';
import { makeStepper } from '../stepper.js';

const params = Type.Object({ period: periodParam(20, 'Look-back in bars', 1) });

/** WMA: TA-Lib `WMA` (linear weights, newest = `period`) of the close. */
export const wmaIndicator = defineIndicator({
  id: 'WMA',
  name: 'Weighted Moving Average',
  category: 'moving-average',
  params,
  paramOrder: ['period'],
  placement: 'overlay',
  inputs: ['close'],
  outputs: (p) => [{ key: 'wma', label: `WMA${p.period}`, style: 'line' }],
  stepper: (p) => {
    const s = new WmaState(p.period);
    return makeStepper([s], (c, i, out) => {
      out[0][i] = s.next(c.close[i]);
    });
  },
});
