import { Type } from '@sinclair/typebox';
import { periodParam } from '../../param-schemas.js';
import { numberParam } from '../../number-param.js';
import { pineAtr } from '../../kernels/pine.js';
import { defineFormulaIndicator } from '../tdx/define-formula-indicator.js';

/**
 * TradingView SuperTrend (`ta.supertrend(factor, atrPeriod)` as the Pine reference writes it out):
 * bands hl2 ± factor · ta.atr(atrPeriod); lowerBand := lowerBand > nz(lowerBand[1]) or close[1] <
 * nz(lowerBand[1]) ? lowerBand : lowerBand[1], upperBand mirrored; direction 1 (down) on the first
 * ATR bar, then if the previous SuperTrend was the upper band: close > upperBand ? −1 : 1, else
 * close < lowerBand ? 1 : −1. `up` shows the lower band while direction is −1, `down` the upper.
 */
export const tradingviewSupertrendIndicator = defineFormulaIndicator({
  id: 'SUPERTREND',
  name: 'SuperTrend (TradingView)',
  category: 'trend',
  params: Type.Object({
    period: periodParam(10, 'ATR length', 1),
    multiplier: numberParam(3, 'Factor', 0, 20),
  }),
  paramOrder: ['period', 'multiplier'],
  placement: 'overlay',
  inputs: ['high', 'low', 'close'],
  outputs: () => [
    { key: 'up', label: 'UP', style: 'line' },
    { key: 'down', label: 'DOWN', style: 'line' },
  ],
  formula: (c, p) => {
    const n = c.length;
    const atr = pineAtr(c.high, c.low, c.close, p.period);
    const up = new Float64Array(n).fill(NaN);
    const down = new Float64Array(n).fill(NaN);
    let prevLower = NaN;
    let prevUpper = NaN;
    let prevSuper = NaN;
    for (let i = 0; i < n; i++) {
      const src = (c.high[i] + c.low[i]) / 2;
      let lower = src - p.multiplier * atr[i];
      let upper = src + p.multiplier * atr[i];
      const pl = prevLower !== prevLower ? 0 : prevLower;
      const pu = prevUpper !== prevUpper ? 0 : prevUpper;
      const prevClose = i > 0 ? c.close[i - 1] : NaN;
      lower = lower > pl || prevClose < pl ? lower : pl;
      upper = upper < pu || prevClose > pu ? upper : pu;
      let direction: number;
      if (i === 0 || atr[i - 1] !== atr[i - 1]) direction = 1;
      else if (prevSuper === pu) direction = c.close[i] > upper ? -1 : 1;
      else direction = c.close[i] < lower ? 1 : -1;
      const st = atr[i] !== atr[i] ? NaN : direction === -1 ? lower : upper;
      if (direction === -1) up[i] = st;
      else down[i] = st;
      prevLower = atr[i] !== atr[i] ? NaN : lower;
      prevUpper = atr[i] !== atr[i] ? NaN : upper;
      prevSuper = st;
    }
    return [up, down];
  },
});
