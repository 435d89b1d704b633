import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { RollingSumState } from '../kernels/index.js';
import { periodParam } from '../param-schemas.js';
import { makeStepper } from '../stepper.js';
import { moneyFlowVolume } from './ad.js';

const params = Type.Object({ period: periodParam(20, 'Look-back in bars', 1) });

/**
 * CMF (no TA-Lib function), Chaikin Money Flow: Σ money-flow volume (as in AD) / Σ volume over n
 * bars; NaN when the window traded no volume (undefined ratio). First value at `n − 1`.
 */
export const cmfIndicator = defineIndicator({
  id: 'CMF',
  name: 'Chaikin Money Flow',
  category: 'volume',
  params,
  paramOrder: ['period'],
  placement: 'pane',
  inputs: ['high', 'low', 'close', 'volume'],
  outputs: (p) => [{ key: 'cmf', label: `CMF${p.period}`, style: 'line' }],
  stepper: (p) => {
    const mf = new RollingSumState(p.period);
    const vol = new RollingSumState(p.period);
    return makeStepper([mf, vol], (c, i, out) => {
      const v = c.volume[i];
      const a = mf.next(moneyFlowVolume(c.high[i], c.low[i], c.close[i], v));
      const b = vol.next(v);
      out[0][i] = b > 0 ? a / b : NaN;
    });
  },
});
