import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { SmaState } from '../kernels/index.js';
import { periodsParam } from '../param-schemas.js';
import { makeStepper } from '../stepper.js';

const params = Type.Object({
  periods: periodsParam([6, 12, 24], 'SMA periods, one BIAS line each'),
});

/**
 * BIAS (no TA-Lib function): (close − SMA(close, n)) / SMA(close, n) · 100 per period; NaN when the
 * SMA is 0 (undefined ratio). First value at `n − 1`.
 */
export const biasIndicator = defineIndicator({
  id: 'BIAS',
  name: 'Bias Ratio',
  category: 'momentum',
  params,
  paramOrder: ['periods'],
  placement: 'pane',
  inputs: ['close'],
  outputs: (p) => p.periods.map((n, k) => ({ key: `bias${k + 1}`, label: `BIAS${n}`, style: 'line' as const })),
  stepper: (p) => {
    const states = p.periods.map((n) => new SmaState(n));
    return makeStepper(states, (c, i, out) => {
      const x = c.close[i];
      for (let k = 0; k < states.length; k++) {
        const m = states[k].next(x);
        out[k][i] = m !== 0 ? ((x - m) / m) * 100 : NaN;
      }
    });
  },
});
