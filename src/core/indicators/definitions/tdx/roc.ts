import { Type } from '@sinclair/typebox';
import { periodParam } from '../../param-schemas.js';
import { tdxDiv, tdxMa, tdxMap, tdxRef } from '../../kernels/tdx.js';
import { defineFormulaIndicator } from './define-formula-indicator.js';

/** 通达信 ROC(12,6): ROC = 100 × (C − REF(C, N)) / REF(C, N); MAROC = MA(ROC, M). */
export const tdxRocIndicator = defineFormulaIndicator({
  id: 'ROC',
  name: 'Rate of Change (通达信)',
  category: 'momentum',
  params: Type.Object({
    period: periodParam(12, 'N: look-back in bars', 1),
    signal: periodParam(6, 'M: MA period of the MAROC line', 1),
  }),
  paramOrder: ['period', 'signal'],
  placement: 'pane',
  inputs: ['close'],
  outputs: (p) => [
    { key: 'roc', label: `ROC${p.period}`, style: 'line' },
    { key: 'ma', label: 'MAROC', style: 'line' },
  ],
  formula: (c, p) => {
    const ref = tdxRef(c.close, p.period);
    const roc = tdxMap(c.length, (i) => 100 * tdxDiv(c.close[i] - ref[i], ref[i]));
    return [roc, tdxMa(roc, p.signal)];
  },
});
