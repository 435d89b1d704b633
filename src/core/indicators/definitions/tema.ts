import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { EmaState } from '../kernels/index.js';
import { periodParam } from '../param-schemas.js';
import { makeStepper } from '../stepper.js';

const params = Type.Object({ period: periodParam(20, 'Look-back in bars', 1) });

/** TEMA: TA-Lib `TEMA` = 3·E1 − 3·E2 + E3 (nested SMA-seeded EMAs); first value at `3·(period − 1)`. */
export const temaIndicator = defineIndicator({
  id: 'TEMA',
  name: 'Triple Exponential Moving Average',
  category: 'moving-average',
  params,
  paramOrder: ['period'],
  placement: 'overlay',
  inputs: ['close'],
  outputs: (p) => [{ key: 'tema', label: `TEMA${p.period}`, style: 'line' }],
  stepper: (p) => {
    const e1 = new EmaState(p.period);
    const e2 = new EmaState(p.period);
    const e3 = new EmaState(p.period);
    return makeStepper([e1, e2, e3], (c, i, out) => {
      let v = NaN;
      const a = e1.next(c.close[i]);
      if (a === a) {
        const b = e2.next(a);
        if (b === b) {
          const d = e3.next(b);
          if (d === d) v = 3 * a - 3 * b + d;
        }
      }
      out[0][i] = v;
    });
  },
});
