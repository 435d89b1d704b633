import { Type } from '@sinclair/typebox';
import { periodParam } from '../../param-schemas.js';
import { pineEma } from '../../kernels/pine.js';
import { tdxMap } from '../../kernels/tdx.js';
import { defineFormulaIndicator } from '../tdx/define-formula-indicator.js';

/**
 * TradingView MACD (`ta.macd`): macd = ta.ema(close, fast) − ta.ema(close, slow); signal =
 * ta.ema(macd, signal); hist = macd − signal. Each `ta.ema` is seeded with the SMA of its own first
 * n values (the fast one at bar fast − 1, where TA-Lib aligns it with the slow seed), so DIF differs
 * from TA-Lib's, decaying; DIF from bar slow − 1, signal and histogram from slow + signal − 2.
 */
export const tradingviewMacdIndicator = defineFormulaIndicator({
  id: 'MACD',
  name: 'Moving Average Convergence Divergence (TradingView)',
  category: 'momentum',
  params: Type.Object({
    fast: periodParam(12, 'Fast length', 1),
    slow: periodParam(26, 'Slow length', 1),
    signal: periodParam(9, 'Signal smoothing', 1),
  }),
  paramOrder: ['fast', 'slow', 'signal'],
  placement: 'pane',
  inputs: ['close'],
  outputs: () => [
    { key: 'macd', label: 'MACD', style: 'line' },
    { key: 'signal', label: 'Signal', style: 'line' },
    { key: 'hist', label: 'Histogram', style: 'histogram' },
  ],
  formula: (c, p) => {
    const fast = pineEma(c.close, p.fast);
    const slow = pineEma(c.close, p.slow);
    const macd = tdxMap(c.length, (i) => fast[i] - slow[i]);
    const signal = pineEma(macd, p.signal);
    return [macd, signal, tdxMap(c.length, (i) => macd[i] - signal[i])];
  },
});
