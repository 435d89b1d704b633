import { Type } from '@sinclair/typebox';
import { periodParam } from '../../param-schemas.js';
import { tdxDiv, tdxMap, tdxRef, tdxSum } from '../../kernels/tdx.js';
import { defineFormulaIndicator } from './define-formula-indicator.js';

/** 通达信 BRAR(26): BR = SUM(MAX(0, H − REF(C,1)), N) / SUM(MAX(0, REF(C,1) − L), N) × 100; AR = SUM(H − O, N) / SUM(O − L, N) × 100. */
export const tdxBrarIndicator = defineFormulaIndicator({
  id: 'BRAR',
  name: 'BRAR Sentiment (通达信)',
  category: 'momentum',
  params: Type.Object({ period: periodParam(26, 'N: look-back in bars', 1) }),
  paramOrder: ['period'],
  placement: 'pane',
  inputs: ['open', 'high', 'low', 'close'],
  outputs: () => [
    { key: 'br', label: 'BR', style: 'line' },
    { key: 'ar', label: 'AR', style: 'line' },
  ],
  formula: (c, p) => {
    const n = c.length;
    const pc = tdxRef(c.close, 1);
    const up = tdxSum(
      tdxMap(n, (i) => Math.max(0, c.high[i] - pc[i]) + (pc[i] - pc[i])),
      p.period,
    );
    const down = tdxSum(
      tdxMap(n, (i) => Math.max(0, pc[i] - c.low[i]) + (pc[i] - pc[i])),
      p.period,
    );
    const ho = tdxSum(
      tdxMap(n, (i) => c.high[i] - c.open[i]),
      p.period,
    );
    const ol = tdxSum(
      tdxMap(n, (i) => c.open[i] - c.low[i]),
      p.period,
    );
    return [tdxMap(n, (i) => tdxDiv(up[i], down[i]) * 100), tdxMap(n, (i) => tdxDiv(ho[i], ol[i]) * 100)];
  },
});
