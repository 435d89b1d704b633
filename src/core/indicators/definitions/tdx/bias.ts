import { Type } from '@sinclair/typebox';
import { periodsParam } from '../../param-schemas.js';
import { tdxDiv, tdxMa, tdxMap } from '../../kernels/tdx.js';
import { defineFormulaIndicator } from './define-formula-indicator.js';

/** 通达信 BIAS(6,12,24): BIASn = (C − MA(C, n)) / MA(C, n) × 100, one line per period. */
export const tdxBiasIndicator = defineFormulaIndicator({
  id: 'BIAS',
  name: 'Bias Ratio (通达信)',
  category: 'momentum',
  params: Type.Object({ periods: periodsParam([6, 12, 24], 'L1, L2, L3: one BIAS line per period', 1, 8) }),
  paramOrder: ['periods'],
  placement: 'pane',
  inputs: ['close'],
  outputs: (p) => p.periods.map((n, k) => ({ key: `bias${k + 1}`, label: `BIAS${n}`, style: 'line' as const })),
  formula: (c, p) =>
    p.periods.map((n) => {
      const ma = tdxMa(c.close, n);
      return tdxMap(c.length, (i) => tdxDiv(c.close[i] - ma[i], ma[i]) * 100);
    }),
});
