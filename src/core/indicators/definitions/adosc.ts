import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { emaK } from '../kernels/index.js';
import { periodParam } from '../param-schemas.js';
import { makeStepper } from '../stepper.js';
import { ScalarState } from '../scalar-state.js';
import { moneyFlowVolume } from './ad.js';

const params = Type.Object({
  fast: periodParam(3, 'Fast EMA period of the A/D line', 1),
  slow: periodParam(10, 'Slow EMA period of the A/D line', 1),
});

/**
 * ADOSC: TA-Lib `ADOSC` (Chaikin oscillator) = EMA_fast(AD) − EMA_slow(AD), both EMAs seeded with
 * the first A/D value (not an SMA) and updated as `k·ad + (1−k)·ema`; first at max(fast, slow) − 1.
 */
export const adoscIndicator = defineIndicator({
  id: 'ADOSC',
  name: 'Chaikin A/D Oscillator',
  category: 'volume',
  params,
  paramOrder: ['fast', 'slow'],
  placement: 'pane',
  inputs: ['high', 'low', 'close', 'volume'],
  outputs: () => [{ key: 'adosc', label: 'ADOSC', style: 'line' }],
  stepper: (p) => {
    const fk = emaK(p.fast);
    const sk = emaK(p.slow);
    const begin = Math.max(p.fast, p.slow) - 1;
    // v: [count, ad, fastEma, slowEma]
    const s = new ScalarState([0, 0, 0, 0]);
    return makeStepper([s], (c, i, out) => {
      const v = s.v;
      v[1] += moneyFlowVolume(c.high[i], c.low[i], c.close[i], c.volume[i]);
      const n = v[0]++;
      if (n === 0) {
        v[2] = v[1];
        v[3] = v[1];
      } else {
        v[2] = fk * v[1] + (1 - fk) * v[2];
        v[3] = sk * v[1] + (1 - sk) * v[3];
      }
      out[0][i] = n >= begin ? v[2] - v[3] : NaN;
    });
  },
});
