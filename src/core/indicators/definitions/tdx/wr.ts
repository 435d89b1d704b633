import { Type } from '@sinclair/typebox';
import { periodParam } from '../../param-schemas.js';
import { tdxDiv, tdxExtreme, tdxMap } from '../../kernels/tdx.js';
import { defineFormulaIndicator } from './define-formula-indicator.js';

/**
 * 通达信 WR(10,6): WRn = 100 × (HHV(H, n) − C) / (HHV(H, n) − LLV(L, n)), 0..100 (100 at the low),
 * two lines; HHV/LLV use the bars available early on, so values start at bar 0 (0 on a flat range).
 */
export const tdxWrIndicator = defineFormulaIndicator({
  id: 'WR',
  name: 'Williams %R (通达信)',
  category: 'momentum',
  params: Type.Object({
    period: periodParam(10, 'N: first line look-back', 1),
    period2: periodParam(6, 'N1: second line look-back', 1),
  }),
  paramOrder: ['period', 'period2'],
  placement: 'pane',
  inputs: ['high', 'low', 'close'],
  outputs: (p) => [
    { key: 'wr', label: `WR${p.period}`, style: 'line' },
    { key: 'wr2', label: `WR${p.period2}`, style: 'line' },
  ],
  formula: (c, p) =>
    [p.period, p.period2].map((n) => {
      const hh = tdxExtreme(c.high, n, true);
      const ll = tdxExtreme(c.low, n, false);
      return tdxMap(c.length, (i) => 100 * tdxDiv(hh[i] - c.close[i], hh[i] - ll[i]));
    }),
});
