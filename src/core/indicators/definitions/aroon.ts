import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { RollingExtremeState } from '../kernels/index.js';
import { periodParam } from '../param-schemas.js';
import { makeStepper } from '../stepper.js';

const params = Type.Object({ period: periodParam(14, 'Look-back in bars', 1) });

/**
 * AROON: TA-Lib `AROON` over the last period + 1 bars: up = 100/n · (n − bars since the highest
 * high), down likewise with the lowest low; ties go to the most recent bar; first at `period`.
 */
export const aroonIndicator = defineIndicator({
  id: 'AROON',
  name: 'Aroon',
  category: 'trend',
  params,
  paramOrder: ['period'],
  placement: 'pane',
  inputs: ['high', 'low'],
  outputs: () => [
    { key: 'up', label: 'UP', style: 'line' },
    { key: 'down', label: 'DOWN', style: 'line' },
  ],
  stepper: (p) => {
    const n = p.period;
    const factor = 100 / n;
    const hi = new RollingExtremeState(n + 1, true);
    const lo = new RollingExtremeState(n + 1, false);
    return makeStepper([hi, lo], (c, i, out) => {
      const h = hi.next(c.high[i]);
      lo.next(c.low[i]);
      if (h === h) {
        out[0][i] = factor * (n - hi.ago());
        out[1][i] = factor * (n - lo.ago());
      } else {
        out[0][i] = NaN;
        out[1][i] = NaN;
      }
    });
  },
});
