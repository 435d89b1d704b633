import { Type } from '@sinclair/typebox';
import { periodParam } from '../../param-schemas.js';
import { tdxMa, tdxMap, tdxRef, tdxSum } from '../../kernels/tdx.js';
import { defineFormulaIndicator } from './define-formula-indicator.js';

/** 通达信 PSY(12,6): PSY = COUNT(C > REF(C,1), N) / N × 100; PSYMA = MA(PSY, M). */
export const tdxPsyIndicator = defineFormulaIndicator({
  id: 'PSY',
  name: 'Psychological Line (通达信)',
  category: 'momentum',
  params: Type.Object({
    period: periodParam(12, 'N: look-back in bars', 1),
    signal: periodParam(6, 'M: MA period of the PSYMA line', 1),
  }),
  paramOrder: ['period', 'signal'],
  placement: 'pane',
  inputs: ['close'],
  outputs: () => [
    { key: 'psy', label: 'PSY', style: 'line' },
    { key: 'ma', label: 'PSYMA', style: 'line' },
  ],
  formula: (c, p) => {
    const pc = tdxRef(c.close, 1);
    const up = tdxMap(c.length, (i) => (pc[i] !== pc[i] ? NaN : c.close[i] > pc[i] ? 1 : 0));
    const count = tdxSum(up, p.period);
    const psy = tdxMap(c.length, (i) => (count[i] / p.period) * 100);
    return [psy, tdxMa(psy, p.signal)];
  },
});
