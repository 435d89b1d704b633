import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { RollingSumState, isZero, trueRange } from '../kernels/index.js';
import { periodParam } from '../param-schemas.js';
import { makeStepper } from '../stepper.js';
import { ScalarState } from '../scalar-state.js';

const params = Type.Object({
  period1: periodParam(7, 'Shortest period (weight 4)', 1),
  period2: periodParam(14, 'Middle period (weight 2)', 1),
  period3: periodParam(28, 'Longest period (weight 1)', 1),
});

/**
 * ULTOSC: TA-Lib `ULTOSC`: buying pressure close − min(low, prev close) over true range, summed
 * over three periods (sorted shortest first, weights 4/2/1; a zero-range sum contributes 0);
 * 100·(4a1 + 2a2 + a3)/7, first at the longest period.
 */
export const ultoscIndicator = defineIndicator({
  id: 'ULTOSC',
  name: 'Ultimate Oscillator',
  category: 'momentum',
  params,
  paramOrder: ['period1', 'period2', 'period3'],
  placement: 'pane',
  levels: [70, 30],
  inputs: ['high', 'low', 'close'],
  outputs: () => [{ key: 'ultosc', label: 'UO', style: 'line' }],
  stepper: (p) => {
    const [p1, p2, p3] = [p.period1, p.period2, p.period3].sort((a, b) => a - b);
    const a1 = new RollingSumState(p1);
    const b1 = new RollingSumState(p1);
    const a2 = new RollingSumState(p2);
    const b2 = new RollingSumState(p2);
    const a3 = new RollingSumState(p3);
    const b3 = new RollingSumState(p3);
    // v: [count, prevClose]
    const s = new ScalarState([0, 0]);
    return makeStepper([a1, b1, a2, b2, a3, b3, s], (c, i, out) => {
      const v = s.v;
      const close = c.close[i];
      let result = NaN;
      if (v[0]++ > 0) {
        const low = c.low[i];
        const pc = v[1];
        const bp = close - (low < pc ? low : pc);
        const tr = trueRange(c.high[i], low, pc);
        const s1 = a1.next(bp);
        const t1 = b1.next(tr);
        const s2 = a2.next(bp);
        const t2 = b2.next(tr);
        const s3 = a3.next(bp);
        const t3 = b3.next(tr);
        if (s3 === s3) {
          let o = 0;
          if (!isZero(t1)) o += 4 * (s1 / t1);
          if (!isZero(t2)) o += 2 * (s2 / t2);
          if (!isZero(t3)) o += s3 / t3;
          result = 100 * (o / 7);
        }
      }
      v[1] = close;
      out[0][i] = result;
    });
  },
});
