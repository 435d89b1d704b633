import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { LagState, RollingSumState, isZero } from '../kernels/index.js';
import { periodParam } from '../param-schemas.js';
import { makeStepper } from '../stepper.js';
import { ScalarState } from '../scalar-state.js';

const params = Type.Object({ period: periodParam(30, 'Efficiency-ratio look-back in bars', 1) });

/**
 * KAMA: TA-Lib `KAMA` (Kaufman adaptive MA, fast 2 / slow 30 smoothing constants). The first value,
 * at index `period`, starts from the previous close; ER = 1 when the path length is ≤ the net move
 * or zero, as in TA-Lib.
 */
export const kamaIndicator = defineIndicator({
  id: 'KAMA',
  name: 'Kaufman Adaptive Moving Average',
  category: 'moving-average',
  params,
  paramOrder: ['period'],
  placement: 'overlay',
  inputs: ['close'],
  outputs: (p) => [{ key: 'kama', label: `KAMA${p.period}`, style: 'line' }],
  stepper: (p) => {
    const n = p.period;
    const constMax = 2 / (30 + 1);
    const constDiff = 2 / (2 + 1) - constMax;
    const path = new RollingSumState(n);
    const lag = new LagState(n);
    // v: [count, prevClose, kama]
    const s = new ScalarState([0, 0, 0]);
    return makeStepper([path, lag, s], (c, i, out) => {
      const v = s.v;
      const x = c.close[i];
      const count = ++v[0];
      const old = lag.next(x);
      let result = NaN;
      if (count > 1) {
        const sumRoc = path.next(Math.abs(x - v[1]));
        if (count > n) {
          if (count === n + 1) v[2] = v[1];
          const roc = x - old;
          const er = sumRoc <= roc || isZero(sumRoc) ? 1 : Math.abs(roc / sumRoc);
          let sc = er * constDiff + constMax;
          sc *= sc;
          v[2] = (x - v[2]) * sc + v[2];
          result = v[2];
        }
      }
      v[1] = x;
      out[0][i] = result;
    });
  },
});
