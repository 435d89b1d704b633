import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { LagState, SmaState } from '../kernels/index.js';
import { periodParam } from '../param-schemas.js';
import { makeStepper } from '../stepper.js';

const params = Type.Object({
  period: periodParam(12, 'Look-back in bars', 1),
  signal: periodParam(6, 'SMA period of the MAMTM line', 1),
});

/**
 * MTM: TA-Lib `MOM` = close − close n bars ago (first at `period`); MAMTM = SMA(MTM, signal)
 * (the common Chinese companion line, no TA-Lib function).
 */
export const mtmIndicator = defineIndicator({
  id: 'MTM',
  name: 'Momentum',
  category: 'momentum',
  params,
  paramOrder: ['period', 'signal'],
  placement: 'pane',
  inputs: ['close'],
  outputs: () => [
    { key: 'mtm', label: 'MTM', style: 'line' },
    { key: 'ma', label: 'MAMTM', style: 'line' },
  ],
  stepper: (p) => {
    const lag = new LagState(p.period);
    const ma = new SmaState(p.signal);
    return makeStepper([lag, ma], (c, i, out) => {
      const x = c.close[i];
      const old = lag.next(x);
      const m = x - old;
      out[0][i] = m;
      out[1][i] = m === m ? ma.next(m) : NaN;
    });
  },
});
