import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { RsiState } from '../kernels/index.js';
import { periodParam } from '../param-schemas.js';
import { makeStepper } from '../stepper.js';

const params = Type.Object({ period: periodParam(14, 'Look-back in bars', 2) });

/** CMO: TA-Lib `CMO` = 100·(gain − loss)/(gain + loss) with RSI's Wilder averages; first at `period`. */
export const cmoIndicator = defineIndicator({
  id: 'CMO',
  name: 'Chande Momentum Oscillator',
  category: 'momentum',
  params,
  paramOrder: ['period'],
  placement: 'pane',
  inputs: ['close'],
  outputs: (p) => [{ key: 'cmo', label: `CMO${p.period}`, style: 'line' }],
  stepper: (p) => {
    const s = new RsiState(p.period, true);
    return makeStepper([s], (c, i, out) => {
      out[0][i] = s.next(c.close[i]);
    });
  },
});
