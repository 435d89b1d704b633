import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { RollingSumState } from '../kernels/index.js';
import { periodParam } from '../param-schemas.js';
import { makeStepper } from '../stepper.js';

const params = Type.Object({ period: periodParam(20, 'Look-back in bars', 1) });

/**
 * VWMA (no TA-Lib function): Σ(close·volume, n) / Σ(volume, n); NaN when the window traded no
 * volume (a price level is undefined there). First value at `n − 1`.
 */
export const vwmaIndicator = defineIndicator({
  id: 'VWMA',
  name: 'Volume Weighted Moving Average',
  category: 'moving-average',
  params,
  paramOrder: ['period'],
  placement: 'overlay',
  inputs: ['close', 'volume'],
  outputs: (p) => [{ key: 'vwma', label: `VWMA${p.period}`, style: 'line' }],
  stepper: (p) => {
    const pv = new RollingSumState(p.period);
    const vol = new RollingSumState(p.period);
    return makeStepper([pv, vol], (c, i, out) => {
      const v = c.volume[i];
      const a = pv.next(c.close[i] * v);
      const b = vol.next(v);
      out[0][i] = b > 0 ? a / b : NaN;
    });
  },
});
