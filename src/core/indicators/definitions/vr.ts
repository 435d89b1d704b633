import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { RollingSumState, SmaState } from '../kernels/index.js';
import { periodParam } from '../param-schemas.js';
import { makeStepper } from '../stepper.js';
import { ScalarState } from '../scalar-state.js';

const params = Type.Object({
  period: periodParam(26, 'Look-back in bars', 1),
  signal: periodParam(6, 'SMA period of the MAVR line', 1),
});

/**
 * VR (no TA-Lib function), volume ratio over the last n close-to-close changes:
 * VR = (AV + CV/2) / (BV + CV/2) · 100 with AV/BV/CV the volume of up/down/unchanged bars; NaN when
 * the denominator is 0 (undefined ratio). First at index n; MAVR = SMA(VR, signal).
 */
export const vrIndicator = defineIndicator({
  id: 'VR',
  name: 'Volume Ratio',
  category: 'volume',
  params,
  paramOrder: ['period', 'signal'],
  placement: 'pane',
  inputs: ['close', 'volume'],
  outputs: () => [
    { key: 'vr', label: 'VR', style: 'line' },
    { key: 'ma', label: 'MAVR', style: 'line' },
  ],
  stepper: (p) => {
    const up = new RollingSumState(p.period);
    const down = new RollingSumState(p.period);
    const flat = new RollingSumState(p.period);
    const ma = new SmaState(p.signal);
    // v: [count, prevClose]
    const s = new ScalarState([0, 0]);
    return makeStepper([up, down, flat, ma, s], (c, i, out) => {
      const v = s.v;
      const x = c.close[i];
      const vol = c.volume[i];
      let vr = NaN;
      if (v[0]++ > 0) {
        const prev = v[1];
        const a = up.next(x > prev ? vol : 0);
        const b = down.next(x < prev ? vol : 0);
        const f = flat.next(x === prev ? vol : 0);
        const den = b + f / 2;
        if (den !== 0) vr = ((a + f / 2) / den) * 100;
      }
      v[1] = x;
      out[0][i] = vr;
      out[1][i] = vr === vr ? ma.next(vr) : NaN;
    });
  },
});
