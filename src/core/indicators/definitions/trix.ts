import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { EmaState, SmaState } from '../kernels/index.js';
import { periodParam } from '../param-schemas.js';
import { makeStepper } from '../stepper.js';
import { ScalarState } from '../scalar-state.js';

const params = Type.Object({
  period: periodParam(12, 'Period of each of the three EMAs', 1),
  signal: periodParam(9, 'SMA period of the MATRIX line', 1),
});

/**
 * TRIX: TA-Lib `TRIX` = 1-bar ROC (in %) of EMA(EMA(EMA(close))) (0 when the previous value is 0),
 * first at `3·(period − 1) + 1`; MATRIX = SMA(TRIX, signal) (Chinese companion line).
 */
export const trixIndicator = defineIndicator({
  id: 'TRIX',
  name: 'Triple Exponential Average Rate of Change',
  category: 'momentum',
  params,
  paramOrder: ['period', 'signal'],
  placement: 'pane',
  inputs: ['close'],
  outputs: () => [
    { key: 'trix', label: 'TRIX', style: 'line' },
    { key: 'ma', label: 'MATRIX', style: 'line' },
  ],
  stepper: (p) => {
    const e1 = new EmaState(p.period);
    const e2 = new EmaState(p.period);
    const e3 = new EmaState(p.period);
    const ma = new SmaState(p.signal);
    const prev = new ScalarState([NaN]);
    return makeStepper([e1, e2, e3, ma, prev], (c, i, out) => {
      let t = NaN;
      const a = e1.next(c.close[i]);
      if (a === a) {
        const b = e2.next(a);
        if (b === b) {
          const e = e3.next(b);
          if (e === e) {
            const before = prev.v[0];
            if (before === before) t = before !== 0 ? (e / before - 1) * 100 : 0;
            prev.v[0] = e;
          }
        }
      }
      out[0][i] = t;
      out[1][i] = t === t ? ma.next(t) : NaN;
    });
  },
});
