import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { makeStepper } from '../stepper.js';
import { ScalarState } from '../scalar-state.js';

const params = Type.Object({});

/**
 * PVT (no TA-Lib function), price-volume trend: 0 at the first bar, then
 * PVT += (close − prev close)/prev close · volume (adds 0 when the previous close is 0).
 */
export const pvtIndicator = defineIndicator({
  id: 'PVT',
  name: 'Price Volume Trend',
  category: 'volume',
  params,
  paramOrder: [],
  placement: 'pane',
  inputs: ['close', 'volume'],
  outputs: () => [{ key: 'pvt', label: 'PVT', style: 'line' }],
  stepper: () => {
    // v: [count, pvt, prevClose]
    const s = new ScalarState([0, 0, 0]);
    return makeStepper([s], (c, i, out) => {
      const v = s.v;
      const close = c.close[i];
      if (v[0]++ > 0 && v[2] !== 0) v[1] += ((close - v[2]) / v[2]) * c.volume[i];
      v[2] = close;
      out[0][i] = v[1];
    });
  },
});
