import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { RollingExtremeState } from '../kernels/index.js';
import { periodParam } from '../param-schemas.js';
import { makeStepper } from '../stepper.js';

const params = Type.Object({ period: periodParam(14, 'Look-back in bars', 1) });

/**
 * WR: TA-Lib `WILLR` = (HH − close) / ((HH − LL) / −100), i.e. −100..0; 0 for a flat range;
 * first value at `period − 1`.
 */
export const wrIndicator = defineIndicator({
  id: 'WR',
  name: 'Williams %R',
  category: 'momentum',
  params,
  paramOrder: ['period'],
  placement: 'pane',
  levels: [-20, -80],
  inputs: ['high', 'low', 'close'],
  outputs: (p) => [{ key: 'wr', label: `WR${p.period}`, style: 'line' }],
  stepper: (p) => {
    const hi = new RollingExtremeState(p.period, true);
    const lo = new RollingExtremeState(p.period, false);
    return makeStepper([hi, lo], (c, i, out) => {
      const h = hi.next(c.high[i]);
      const l = lo.next(c.low[i]);
      if (h !== h) {
        out[0][i] = NaN;
        return;
      }
      const diff = (h - l) / -100;
      out[0][i] = diff !== 0 ? (h - c.close[i]) / diff : 0;
    });
  },
});
