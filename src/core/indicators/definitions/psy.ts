import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { RollingSumState, SmaState } from '../kernels/index.js';
import { periodParam } from '../param-schemas.js';
import { makeStepper } from '../stepper.js';
import { ScalarState } from '../scalar-state.js';

const params = Type.Object({
  period: periodParam(12, 'Look-back in bars', 1),
  signal: periodParam(6, 'SMA period of the PSYMA line', 1),
});

/**
 * PSY (no TA-Lib function), psychological line: PSY = (number of the last n closes above their
 * previous close) / n · 100, first at index n; PSYMA = SMA(PSY, signal).
 */
export const psyIndicator = defineIndicator({
  id: 'PSY',
  name: 'Psychological Line',
  category: 'momentum',
  params,
  paramOrder: ['period', 'signal'],
  placement: 'pane',
  inputs: ['close'],
  outputs: () => [
    { key: 'psy', label: 'PSY', style: 'line' },
    { key: 'ma', label: 'PSYMA', style: 'line' },
  ],
  stepper: (p) => {
    const ups = new RollingSumState(p.period);
    const ma = new SmaState(p.signal);
    // v: [count, prevClose]
    const s = new ScalarState([0, 0]);
    return makeStepper([ups, ma, s], (c, i, out) => {
      const v = s.v;
      const x = c.close[i];
      let psy = NaN;
      if (v[0]++ > 0) psy = (ups.next(x > v[1] ? 1 : 0) / p.period) * 100;
      v[1] = x;
      out[0][i] = psy;
      out[1][i] = psy === psy ? ma.next(psy) : NaN;
    });
  },
});
