import { Type } from '@sinclair/typebox';
import { periodsParam } from '../../param-schemas.js';
import { tdxDiv, tdxMap, tdxRef, tdxSma } from '../../kernels/tdx.js';
import { defineFormulaIndicator } from './define-formula-indicator.js';

/**
 * 通达信 RSI(6,12,24): LC = REF(C, 1); RSIn = SMA(MAX(C − LC, 0), n, 1) / SMA(ABS(C − LC), n, 1) × 100,
 * one line per period, from bar 1 (0 while there has been no change at all).
 */
export const tdxRsiIndicator = defineFormulaIndicator({
  id: 'RSI',
  name: 'Relative Strength Index (通达信)',
  category: 'momentum',
  params: Type.Object({ periods: periodsParam([6, 12, 24], 'N1, N2, N3: one RSI line per period', 1, 8) }),
  paramOrder: ['periods'],
  placement: 'pane',
  inputs: ['close'],
  outputs: (p) =>
    p.periods.map((n, k) => ({ key: k === 0 ? 'rsi' : `rsi${k + 1}`, label: `RSI${n}`, style: 'line' as const })),
  formula: (c, p) => {
    const lc = tdxRef(c.close, 1);
    const up = tdxMap(c.length, (i) => Math.max(c.close[i] - lc[i], 0) + (lc[i] - lc[i]));
    const move = tdxMap(c.length, (i) => Math.abs(c.close[i] - lc[i]));
    return p.periods.map((n) => {
      const a = tdxSma(up, n, 1);
      const b = tdxSma(move, n, 1);
      return tdxMap(c.length, (i) => tdxDiv(a[i], b[i]) * 100);
    });
  },
});
