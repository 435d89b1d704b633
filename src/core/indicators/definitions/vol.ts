import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { SmaState } from '../kernels/index.js';
import { periodsParam } from '../param-schemas.js';
import { makeStepper } from '../stepper.js';

const params = Type.Object({
  periods: periodsParam([5, 10], 'Periods of the volume moving averages (may be empty)', 0, 6),
});

/**
 * VOL (no TA-Lib function): the volume itself (histogram; the renderer colours it by the bar's
 * direction) plus SMA(volume, n) for each period.
 */
export const volIndicator = defineIndicator({
  id: 'VOL',
  name: 'Volume',
  category: 'volume',
  params,
  paramOrder: ['periods'],
  placement: 'pane',
  inputs: ['volume'],
  passThrough: { 0: 'volume' },
  outputs: (p) => [
    { key: 'volume', label: 'VOLUME', style: 'histogram' as const },
    ...p.periods.map((n, k) => ({ key: `ma${k + 1}`, label: `MA${n}`, style: 'line' as const })),
  ],
  stepper: (p) => {
    const states = p.periods.map((n) => new SmaState(n));
    return makeStepper(states, (c, i, out) => {
      const v = c.volume[i];
      out[0][i] = v;
      for (let k = 0; k < states.length; k++) out[k + 1][i] = states[k].next(v);
    });
  },
});
