import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { RollingSumState } from '../kernels/index.js';
import { periodParam } from '../param-schemas.js';
import { makeStepper } from '../stepper.js';
import { ScalarState } from '../scalar-state.js';

const params = Type.Object({ period: periodParam(26, 'Look-back in bars', 1) });

/**
 * BRAR (no TA-Lib function):
 * AR = Σ(high − open) / Σ(open − low) · 100 over n bars (first at n − 1);
 * BR = Σ max(0, high − prev close) / Σ max(0, prev close − low) · 100 over the last n bars that have a
 * previous bar (first at n). NaN when a denominator is 0 (undefined ratio).
 */
export const brarIndicator = defineIndicator({
  id: 'BRAR',
  name: 'BRAR Sentiment',
  category: 'momentum',
  params,
  paramOrder: ['period'],
  placement: 'pane',
  inputs: ['open', 'high', 'low', 'close'],
  outputs: () => [
    { key: 'br', label: 'BR', style: 'line' },
    { key: 'ar', label: 'AR', style: 'line' },
  ],
  stepper: (p) => {
    const ho = new RollingSumState(p.period);
    const ol = new RollingSumState(p.period);
    const hc = new RollingSumState(p.period);
    const cl = new RollingSumState(p.period);
    // v: [count, prevClose]
    const s = new ScalarState([0, 0]);
    return makeStepper([ho, ol, hc, cl, s], (c, i, out) => {
      const v = s.v;
      const h = c.high[i];
      const l = c.low[i];
      const o = c.open[i];
      const a = ho.next(h - o);
      const b = ol.next(o - l);
      out[1][i] = b !== 0 ? (a / b) * 100 : NaN;
      let br = NaN;
      if (v[0]++ > 0) {
        const pc = v[1];
        const up = hc.next(h > pc ? h - pc : 0);
        const down = cl.next(pc > l ? pc - l : 0);
        if (down !== 0) br = (up / down) * 100;
      }
      v[1] = c.close[i];
      out[0][i] = br;
    });
  },
});
