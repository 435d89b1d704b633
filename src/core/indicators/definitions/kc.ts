import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { AtrState, EmaState } from '../kernels/index.js';
import { periodParam } from '../param-schemas.js';
import { numberParam } from '../number-param.js';
import { makeStepper } from '../stepper.js';

const params = Type.Object({
  period: periodParam(20, 'EMA period of the middle line', 1),
  atrPeriod: periodParam(10, 'ATR period of the band width', 1),
  multiplier: numberParam(2, 'Band width in ATRs', 0, 10),
});

/**
 * KC (no TA-Lib function), Keltner Channel as StockCharts defines it:
 * middle = EMA(close, period); upper/lower = middle ± multiplier · ATR(atrPeriod), with TA-Lib's
 * EMA and ATR; values start when both are defined.
 */
export const kcIndicator = defineIndicator({
  id: 'KC',
  name: 'Keltner Channel',
  category: 'volatility',
  params,
  paramOrder: ['period', 'atrPeriod', 'multiplier'],
  placement: 'overlay',
  inputs: ['high', 'low', 'close'],
  outputs: () => [
    { key: 'upper', label: 'UPPER', style: 'line' },
    { key: 'middle', label: 'MID', style: 'line' },
    { key: 'lower', label: 'LOWER', style: 'line' },
  ],
  stepper: (p) => {
    const mid = new EmaState(p.period);
    const atr = new AtrState(p.atrPeriod);
    return makeStepper([mid, atr], (c, i, out) => {
      const m = mid.next(c.close[i]);
      const a = atr.next(c.high[i], c.low[i], c.close[i]);
      const ok = m === m && a === a;
      const w = a * p.multiplier;
      out[0][i] = ok ? m + w : NaN;
      out[1][i] = ok ? m : NaN;
      out[2][i] = ok ? m - w : NaN;
    });
  },
});
