import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { SmaState } from '../kernels/index.js';
import { periodParam } from '../param-schemas.js';
import { makeStepper } from '../stepper.js';

const params = Type.Object({
  p1: periodParam(3, 'First SMA period', 1),
  p2: periodParam(6, 'Second SMA period', 1),
  p3: periodParam(12, 'Third SMA period', 1),
  p4: periodParam(24, 'Fourth SMA period', 1),
});

/** BBI (no TA-Lib function), bull and bear index: (SMA3 + SMA6 + SMA12 + SMA24) / 4 of the close. */
export const bbiIndicator = defineIndicator({
  id: 'BBI',
  name: 'Bull and Bear Index',
  category: 'moving-average',
  params,
  paramOrder: ['p1', 'p2', 'p3', 'p4'],
  placement: 'overlay',
  inputs: ['close'],
  outputs: () => [{ key: 'bbi', label: 'BBI', style: 'line' }],
  stepper: (p) => {
    const s = [p.p1, p.p2, p.p3, p.p4].map((n) => new SmaState(n));
    return makeStepper(s, (c, i, out) => {
      const x = c.close[i];
      out[0][i] = (s[0].next(x) + s[1].next(x) + s[2].next(x) + s[3].next(x)) / 4;
    });
  },
});
