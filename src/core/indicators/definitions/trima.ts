import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { SmaState } from '../kernels/index.js';
import { periodParam } from '../param-schemas.js';
import { makeStepper } from '../stepper.js';

const params = Type.Object({ period: periodParam(20, 'Look-back in bars', 1) });

/**
 * TRIMA: TA-Lib `TRIMA`, the triangular average, computed as an SMA of an SMA (odd period n:
 * both (n+1)/2; even: n/2 then n/2+1), which is the same weighting; first value at `period − 1`.
 */
export const trimaIndicator = defineIndicator({
  id: 'TRIMA',
  name: 'Triangular Moving Average',
  category: 'moving-average',
  params,
  paramOrder: ['period'],
  placement: 'overlay',
  inputs: ['close'],
  outputs: (p) => [{ key: 'trima', label: `TRIMA${p.period}`, style: 'line' }],
  stepper: (p) => {
    const n = p.period;
    const first = n % 2 === 1 ? (n + 1) / 2 : n / 2;
    const second = n % 2 === 1 ? (n + 1) / 2 : n / 2 + 1;
    const a = new SmaState(first);
    const b = new SmaState(second);
    return makeStepper([a, b], (c, i, out) => {
      const x = a.next(c.close[i]);
      out[0][i] = x === x ? b.next(x) : NaN;
    });
  },
});
