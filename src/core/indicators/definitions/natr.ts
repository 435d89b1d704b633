import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { AtrState, isZero } from '../kernels/index.js';
import { periodParam } from '../param-schemas.js';
import { makeStepper } from '../stepper.js';

const params = Type.Object({ period: periodParam(14, 'Look-back in bars', 1) });

/** NATR: TA-Lib `NATR` = ATR / close · 100 (0 for a zero close); first value at index `period`. */
export const natrIndicator = defineIndicator({
  id: 'NATR',
  name: 'Normalized Average True Range',
  category: 'volatility',
  params,
  paramOrder: ['period'],
  placement: 'pane',
  inputs: ['high', 'low', 'close'],
  outputs: (p) => [{ key: 'natr', label: `NATR${p.period}`, style: 'line' }],
  stepper: (p) => {
    const s = new AtrState(p.period);
    return makeStepper([s], (c, i, out) => {
      const close = c.close[i];
      const a = s.next(c.high[i], c.low[i], close);
      out[0][i] = a === a ? (isZero(close) ? 0 : (a / close) * 100) : NaN;
    });
  },
});
