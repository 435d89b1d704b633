import { Type } from '@sinclair/typebox';
import { periodParam } from '../../param-schemas.js';
import { tdxEma, tdxMap } from '../../kernels/tdx.js';
import { defineFormulaIndicator } from './define-formula-indicator.js';

/**
 * 通达信 MACD: DIF = EMA(C, SHORT) − EMA(C, LONG); DEA = EMA(DIF, MID); MACD = (DIF − DEA) × 2.
 * TDX's EMA starts at the first bar (Y = C there), so all three show values from bar 0.
 */
export const tdxMacdIndicator = defineFormulaIndicator({
  id: 'MACD',
  name: 'Moving Average Convergence Divergence (通达信)',
  category: 'momentum',
  params: Type.Object({
    fast: periodParam(12, 'SHORT: fast EMA period', 1),
    slow: periodParam(26, 'LONG: slow EMA period', 1),
    signal: periodParam(9, 'MID: EMA period of DEA', 1),
  }),
  paramOrder: ['fast', 'slow', 'signal'],
  placement: 'pane',
  inputs: ['close'],
  outputs: () => [
    { key: 'macd', label: 'DIF', style: 'line' },
    { key: 'signal', label: 'DEA', style: 'line' },
    { key: 'hist', label: 'MACD', style: 'histogram' },
  ],
  formula: (c, p) => {
    const fast = tdxEma(c.close, p.fast);
    const slow = tdxEma(c.close, p.slow);
    const dif = tdxMap(c.length, (i) => fast[i] - slow[i]);
    const dea = tdxEma(dif, p.signal);
    return [dif, dea, tdxMap(c.length, (i) => (dif[i] - dea[i]) * 2)];
  },
});
