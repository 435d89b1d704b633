import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { WmaState } from '../kernels/index.js';
import { periodParam } from '../param-schemas.js';
import { makeStepper } from '../stepper.js';

const params = Type.Object({ period: periodParam(20, 'Look-back in bars', 2) });

/**
 * HMA (no TA-Lib function), Alan Hull:
 * HMA = WMA(2·WMA(close, ⌊n/2⌋) − WMA(close, n), ⌊√n⌋), WMA as TA-Lib's; first value at
 * `n − 1 + ⌊√n⌋ − 1`.
 */
export const hmaIndicator = defineIndicator({
  id: 'HMA',
  name: 'Hull Moving Average',
  category: 'moving-average',
  params,
  paramOrder: ['period'],
  placement: 'overlay',
  inputs: ['close'],
  outputs: (p) => [{ key: 'hma', label: `HMA${p.period}`, style: 'line' }],
  stepper: (p) => {
    const half = new WmaState(Math.max(1, Math.floor(p.period / 2)));
    const full = new WmaState(p.period);
    const smooth = new WmaState(Math.max(1, Math.floor(Math.sqrt(p.period))));
    return makeStepper([half, full, smooth], (c, i, out) => {
      const x = c.close[i];
      const h = half.next(x);
      const f = full.next(x);
      out[0][i] = f === f ? smooth.next(2 * h - f) : NaN;
    });
  },
});
