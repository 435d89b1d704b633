import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { LagState } from '../kernels/index.js';
import { periodParam } from '../param-schemas.js';
import { makeStepper } from '../stepper.js';

const params = Type.Object({ period: periodParam(10, 'Look-back in bars', 1) });

/** ROC: TA-Lib `ROC` = (close / close n bars ago − 1)·100, 0 when that close is 0; first at `period`. */
export const rocIndicator = defineIndicator({
  id: 'ROC',
  name: 'Rate of Change',
  category: 'momentum',
  params,
  paramOrder: ['period'],
  placement: 'pane',
  inputs: ['close'],
  outputs: (p) => [{ key: 'roc', label: `ROC${p.period}`, style: 'line' }],
  stepper: (p) => {
    const lag = new LagState(p.period);
    return makeStepper([lag], (c, i, out) => {
      const x = c.close[i];
      const old = lag.next(x);
      out[0][i] = old === old ? (old !== 0 ? (x / old - 1) * 100 : 0) : NaN;
    });
  },
});
