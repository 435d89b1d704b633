import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { SmaState } from '../kernels/index.js';
import { periodParam } from '../param-schemas.js';
import { makeStepper } from '../stepper.js';

const params = Type.Object({
  fast: periodParam(10, 'Fast SMA period', 1),
  slow: periodParam(50, 'Slow SMA period', 1),
  signal: periodParam(10, 'SMA period of the AMA line', 1),
});

/** DMA (no TA-Lib function): DIF = SMA(close, fast) − SMA(close, slow); AMA = SMA(DIF, signal). */
export const dmaIndicator = defineIndicator({
  id: 'DMA',
  name: 'Different of Moving Averages',
  category: 'trend',
  params,
  paramOrder: ['fast', 'slow', 'signal'],
  placement: 'pane',
  inputs: ['close'],
  outputs: () => [
    { key: 'dif', label: 'DIF', style: 'line' },
    { key: 'ama', label: 'AMA', style: 'line' },
  ],
  stepper: (p) => {
    const f = new SmaState(p.fast);
    const s = new SmaState(p.slow);
    const a = new SmaState(p.signal);
    return makeStepper([f, s, a], (c, i, out) => {
      const x = c.close[i];
      const dif = f.next(x) - s.next(x);
      out[0][i] = dif;
      out[1][i] = dif === dif ? a.next(dif) : NaN;
    });
  },
});
