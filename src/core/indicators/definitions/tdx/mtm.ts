import { Type } from '@sinclair/typebox';
import { periodParam } from '../../param-schemas.js';
import { tdxMa, tdxMap, tdxRef } from '../../kernels/tdx.js';
import { defineFormulaIndicator } from './define-formula-indicator.js';

/** 通达信 MTM(12,6): MTM = C − REF(C, N); MTMMA = MA(MTM, M). */
export const tdxMtmIndicator = defineFormulaIndicator({
  id: 'MTM',
  name: 'Momentum (通达信)',
  category: 'momentum',
  params: Type.Object({
    period: periodParam(12, 'N: look-back in bars', 1),
    signal: periodParam(6, 'M: MA period of the MTMMA line', 1),
  }),
  paramOrder: ['period', 'signal'],
  placement: 'pane',
  inputs: ['close'],
  outputs: () => [
    { key: 'mtm', label: 'MTM', style: 'line' },
    { key: 'ma', label: 'MTMMA', style: 'line' },
  ],
  formula: (c, p) => {
    const ref = tdxRef(c.close, p.period);
    const mtm = tdxMap(c.length, (i) => c.close[i] - ref[i]);
    return [mtm, tdxMa(mtm, p.signal)];
  },
});
