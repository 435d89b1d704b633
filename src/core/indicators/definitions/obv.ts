import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { makeStepper } from '../stepper.js';
import { ScalarState } from '../scalar-state.js';

const params = Type.Object({});

/** OBV: TA-Lib `OBV`: starts at the first bar's volume, then ± volume as the close rises or falls. */
export const obvIndicator = defineIndicator({
  id: 'OBV',
  name: 'On Balance Volume',
  category: 'volume',
  params,
  paramOrder: [],
  placement: 'pane',
  inputs: ['close', 'volume'],
  outputs: () => [{ key: 'obv', label: 'OBV', style: 'line' }],
  stepper: () => {
    // v: [count, obv, prevClose]
    const s = new ScalarState([0, 0, 0]);
    return makeStepper([s], (c, i, out) => {
      const v = s.v;
      const close = c.close[i];
      const vol = c.volume[i];
      if (v[0]++ === 0) v[1] = vol;
      else if (close > v[2]) v[1] += vol;
      else if (close < v[2]) v[1] -= vol;
      v[2] = close;
      out[0][i] = v[1];
    });
  },
});
