import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { periodParam } from '../param-schemas.js';
import { numberParam } from '../number-param.js';
import { makeStepper } from '../stepper.js';
import { ScalarState } from '../scalar-state.js';

const params = Type.Object({
  period: periodParam(5, 'Period of each of the six EMAs', 1),
  vFactor: numberParam(0.7, 'Volume factor (Tillson’s b)', 0, 1),
});

/**
 * T3: TA-Lib `T3` (Tillson). Six cascaded EMAs `k·x + (1−k)·e`, each seeded with the average of its
 * first `period` inputs; output `c1·e6 + c2·e5 + c3·e4 + c4·e3`, first value at `6·(period − 1)`.
 */
export const t3Indicator = defineIndicator({
  id: 'T3',
  name: 'Tillson T3 Moving Average',
  category: 'moving-average',
  params,
  paramOrder: ['period', 'vFactor'],
  placement: 'overlay',
  inputs: ['close'],
  outputs: (p) => [{ key: 't3', label: `T3(${p.period})`, style: 'line' }],
  stepper: (p) => {
    const n = p.period;
    const k = 2 / (n + 1);
    const omk = 1 - k;
    const a = p.vFactor;
    const a2 = a * a;
    const c1 = -(a2 * a);
    const c2 = 3 * (a2 - c1);
    const c3 = -6 * a2 - 3 * (a - c1);
    const c4 = 1 + 3 * a - c1 + 3 * a2;
    // v[0..5]: e1..e6, v[6..11]: inputs seen per level
    const s = new ScalarState(new Array<number>(12).fill(0));
    return makeStepper([s], (c, i, out) => {
      const v = s.v;
      let x = c.close[i];
      let result = NaN;
      for (let level = 0; level < 6; level++) {
        const seen = ++v[6 + level];
        if (seen < n) {
          v[level] += x;
          break;
        }
        if (seen === n) {
          v[level] = (v[level] + x) / n;
        } else {
          v[level] = k * x + omk * v[level];
        }
        x = v[level];
        if (level === 5) result = c1 * v[5] + c2 * v[4] + c3 * v[3] + c4 * v[2];
      }
      out[0][i] = result;
    });
  },
});
