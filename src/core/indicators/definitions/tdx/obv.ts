import { Type } from '@sinclair/typebox';
import { periodParam } from '../../param-schemas.js';
import { tdxMa, tdxMap, tdxRef, tdxSum } from '../../kernels/tdx.js';
import { defineFormulaIndicator } from './define-formula-indicator.js';

/**
 * 通达信 OBV(30): OBV = SUM(IF(C > REF(C,1), V, IF(C < REF(C,1), −V, 0)), 0) (a running total from
 * bar 1, where the first change is known); MAOBV = MA(OBV, M).
 */
export const tdxObvIndicator = defineFormulaIndicator({
  id: 'OBV',
  name: 'On-Balance Volume (通达信)',
  category: 'volume',
  params: Type.Object({ signal: periodParam(30, 'M: MA period of the MAOBV line', 1) }),
  paramOrder: ['signal'],
  placement: 'pane',
  inputs: ['close', 'volume'],
  outputs: () => [
    { key: 'obv', label: 'OBV', style: 'line' },
    { key: 'ma', label: 'MAOBV', style: 'line' },
  ],
  formula: (c, p) => {
    const pc = tdxRef(c.close, 1);
    const step = tdxMap(c.length, (i) =>
      pc[i] !== pc[i] ? NaN : c.close[i] > pc[i] ? c.volume[i] : c.close[i] < pc[i] ? -c.volume[i] : 0,
    );
    const obv = tdxSum(step, 0);
    return [obv, tdxMa(obv, p.signal)];
  },
});
