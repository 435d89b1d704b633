import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { SmaState } from '../kernels/index.js';
import { periodParam } from '../param-schemas.js';
import { makeStepper } from '../stepper.js';

const params = Type.Object({
  fast: periodParam(5, 'Fast SMA period of the median price', 1),
  slow: periodParam(34, 'Slow SMA period of the median price', 1),
});

/** AO (no TA-Lib function), Bill Williams: SMA((h + l)/2, fast) − SMA((h + l)/2, slow). */
export const aoIndicator = defineIndicator({
  id: 'AO',
  name: 'Awesome Oscillator',
  category: 'momentum',
  params,
  paramOrder: ['fast', 'slow'],
  placement: 'pane',
  inputs: ['high', 'low'],
  outputs: () => [{ key: 'ao', label: 'AO', style: 'histogram' }],
  stepper: (p) => {
    const f = new SmaState(p.fast);
    const s = new SmaState(p.slow);
    return makeStepper([f, s], (c, i, out) => {
      const m = (c.high[i] + c.low[i]) / 2;
      out[0][i] = f.next(m) - s.next(m);
    });
  },
});
