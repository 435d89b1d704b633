import { Type } from '@sinclair/typebox';
import { periodParam } from '../../param-schemas.js';
import { numberParam } from '../../number-param.js';
import { tdxMa, tdxMap, tdxStd } from '../../kernels/tdx.js';
import { defineFormulaIndicator } from './define-formula-indicator.js';

/** 通达信 BOLL(20,2): MID = MA(C, N); UPPER/LOWER = MID ± P × STD(C, N), STD being the sample σ. */
export const tdxBollIndicator = defineFormulaIndicator({
  id: 'BOLL',
  name: 'Bollinger Bands (通达信)',
  category: 'volatility',
  params: Type.Object({
    period: periodParam(20, 'N: look-back in bars', 2),
    multiplier: numberParam(2, 'P: band width in sample standard deviations', 0, 10),
  }),
  paramOrder: ['period', 'multiplier'],
  placement: 'overlay',
  inputs: ['close'],
  outputs: () => [
    { key: 'upper', label: 'UPPER', style: 'line' },
    { key: 'middle', label: 'MID', style: 'line' },
    { key: 'lower', label: 'LOWER', style: 'line' },
  ],
  formula: (c, p) => {
    const mid = tdxMa(c.close, p.period);
    const sd = tdxStd(c.close, p.period);
    return [
      tdxMap(c.length, (i) => mid[i] + p.multiplier * sd[i]),
      mid,
      tdxMap(c.length, (i) => mid[i] - p.multiplier * sd[i]),
    ];
  },
});
