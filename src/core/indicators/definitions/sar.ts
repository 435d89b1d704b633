import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { numberParam } from '../number-param.js';
import { makeStepper } from '../stepper.js';
import { ScalarState } from '../scalar-state.js';

const params = Type.Object({
  acceleration: numberParam(0.02, 'Acceleration factor step (and start)', 0, 1),
  maximum: numberParam(0.2, 'Acceleration factor cap', 0, 1),
});

/**
 * SAR: TA-Lib `SAR` (Wilder's parabolic stop-and-reverse). The initial direction comes from the
 * −DM of bar 1 versus bar 0; first value at index 1; the SAR never enters the last two bars' range.
 */
export const sarIndicator = defineIndicator({
  id: 'SAR',
  name: 'Parabolic SAR',
  category: 'trend',
  params,
  paramOrder: ['acceleration', 'maximum'],
  placement: 'overlay',
  inputs: ['high', 'low'],
  outputs: () => [{ key: 'sar', label: 'SAR', style: 'dots' }],
  stepper: (p) => {
    const maximum = p.maximum;
    const accel = p.acceleration > maximum ? maximum : p.acceleration;
    // v: [count, isLong, af, ep, sar, lastHigh, lastLow]
    const s = new ScalarState([0, 0, 0, 0, 0, 0, 0]);
    return makeStepper([s], (c, i, out) => {
      const v = s.v;
      const newHigh = c.high[i];
      const newLow = c.low[i];
      const count = ++v[0];
      if (count === 1) {
        v[5] = newHigh;
        v[6] = newLow;
        out[0][i] = NaN;
        return;
      }
      let prevHigh: number;
      let prevLow: number;
      if (count === 2) {
        const diffP = newHigh - v[5];
        const diffM = v[6] - newLow;
        const minusDM = diffM > 0 && diffP < diffM ? diffM : 0;
        v[1] = minusDM > 0 ? 0 : 1;
        v[2] = accel;
        if (v[1] === 1) {
          v[3] = newHigh;
          v[4] = v[6];
        } else {
          v[3] = newLow;
          v[4] = v[5];
        }
        // TA-Lib treats the first bar as its own previous bar for the range clamps.
        prevHigh = newHigh;
        prevLow = newLow;
      } else {
        prevHigh = v[5];
        prevLow = v[6];
      }
      let af = v[2];
      let ep = v[3];
      let sar = v[4];
      let output: number;
      if (v[1] === 1) {
        if (newLow <= sar) {
          v[1] = 0;
          sar = ep;
          if (sar < prevHigh) sar = prevHigh;
          if (sar < newHigh) sar = newHigh;
          output = sar;
          af = accel;
          ep = newLow;
          sar = sar + af * (ep - sar);
          if (sar < prevHigh) sar = prevHigh;
          if (sar < newHigh) sar = newHigh;
        } else {
          output = sar;
          if (newHigh > ep) {
            ep = newHigh;
            af += accel;
            if (af > maximum) af = maximum;
          }
          sar = sar + af * (ep - sar);
          if (sar > prevLow) sar = prevLow;
          if (sar > newLow) sar = newLow;
        }
      } else if (newHigh >= sar) {
        v[1] = 1;
        sar = ep;
        if (sar > prevLow) sar = prevLow;
        if (sar > newLow) sar = newLow;
        output = sar;
        af = accel;
        ep = newHigh;
        sar = sar + af * (ep - sar);
        if (sar > prevLow) sar = prevLow;
        if (sar > newLow) sar = newLow;
      } else {
        output = sar;
        if (newLow < ep) {
          ep = newLow;
          af += accel;
          if (af > maximum) af = maximum;
        }
        sar = sar + af * (ep - sar);
        if (sar < prevHigh) sar = prevHigh;
        if (sar < newHigh) sar = newHigh;
      }
      v[2] = af;
      v[3] = ep;
      v[4] = sar;
      v[5] = newHigh;
      v[6] = newLow;
      out[0][i] = output;
    });
  },
});
