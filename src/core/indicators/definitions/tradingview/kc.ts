import { Type } from '@sinclair/typebox';
import { periodParam } from '../../param-schemas.js';
import { numberParam } from '../../number-param.js';
import { pineAtr, pineEma } from '../../kernels/pine.js';
import { tdxMap } from '../../kernels/tdx.js';
import { defineFormulaIndicator } from '../tdx/define-formula-indicator.js';

/**
 * TradingView Keltner Channels (built-in script, "Average True Range" bands, exponential):
 * ma = ta.ema(close, length); upper/lower = ma ± mult · ta.atr(atrlength).
 */
export const tradingviewKcIndicator = defineFormulaIndicator({
  id: 'KC',
  name: 'Keltner Channels (TradingView)',
  category: 'volatility',
  params: Type.Object({
    period: periodParam(20, 'Length of the EMA basis', 1),
    atrPeriod: periodParam(10, 'ATR length of the bands', 1),
    multiplier: numberParam(2, 'Multiplier', 0, 10),
  }),
  paramOrder: ['period', 'atrPeriod', 'multiplier'],
  placement: 'overlay',
  inputs: ['high', 'low', 'close'],
  outputs: () => [
    { key: 'upper', label: 'UPPER', style: 'line' },
    { key: 'middle', label: 'MID', style: 'line' },
    { key: 'lower', label: 'LOWER', style: 'line' },
  ],
  formula: (c, p) => {
    const ma = pineEma(c.close, p.period);
    const atr = pineAtr(c.high, c.low, c.close, p.atrPeriod);
    return [
      tdxMap(c.length, (i) => ma[i] + p.multiplier * atr[i]),
      ma,
      tdxMap(c.length, (i) => ma[i] - p.multiplier * atr[i]),
    ];
  },
});
