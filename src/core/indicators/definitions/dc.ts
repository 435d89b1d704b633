import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { RollingExtremeState } from '../kernels/index.js';
import { periodParam } from '../param-schemas.js';
import { makeStepper } from '../stepper.js';

const params = Type.Object({ period: periodParam(20, 'Look-back in bars', 1) });

/**
 * DC (no TA-Lib function), Donchian Channel: upper = highest high over n bars (current included),
 * lower = lowest low, middle = (upper + lower) / 2; first value at `n − 1`.
 */
export const dcIndicator = defineIndicator({
  id: 'DC',
  name: 'Donchian Channel',
  category: 'volatility',
  params,
  paramOrder: ['period'],
  placement: 'overlay',
  inputs: ['high', 'low'],
  outputs: () => [
    { key: 'upper', label: 'UPPER', style: 'line' },
    { key: 'middle', label: 'MID', style: 'line' },
    { key: 'lower', label: 'LOWER', style: 'line' },
  ],
  stepper: (p) => {
    const hi = new RollingExtremeState(p.period, true);
    const lo = new RollingExtremeState(p.period, false);
    return makeStepper([hi, lo], (c, i, out) => {
      const u = hi.next(c.high[i]);
      const l = lo.next(c.low[i]);
      out[0][i] = u;
      out[1][i] = (u + l) / 2;
      out[2][i] = l;
    });
  },
});
