import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { TA_EPSILON } from '../kernels/index.js';
import { makeStepper } from '../stepper.js';

const params = Type.Object({});

/** BOP: TA-Lib `BOP` = (close − open)/(high − low), 0 when the range is ≤ 0; no warm-up. */
export const bopIndicator = defineIndicator({
  id: 'BOP',
  name: 'Balance of Power',
  category: 'momentum',
  params,
  paramOrder: [],
  placement: 'pane',
  inputs: ['open', 'high', 'low', 'close'],
  outputs: () => [{ key: 'bop', label: 'BOP', style: 'histogram' }],
  stepper: () =>
    makeStepper([], (c, i, out) => {
      const range = c.high[i] - c.low[i];
      out[0][i] = range < TA_EPSILON ? 0 : (c.close[i] - c.open[i]) / range;
    }),
});
