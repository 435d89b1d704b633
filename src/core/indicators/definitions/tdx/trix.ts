import { Type } from '@sinclair/typebox';
import { periodParam } from '../../param-schemas.js';
import { tdxDiv, tdxEma, tdxMa, tdxMap, tdxRef } from '../../kernels/tdx.js';
import { defineFormulaIndicator } from './define-formula-indicator.js';

/** 通达信 TRIX(12,9): MTR = EMA(EMA(EMA(C, N), N), N) seeded at bar 0; TRIX = (MTR − REF(MTR,1)) / REF(MTR,1) × 100; MATRIX = MA(TRIX, M). */
export const tdxTrixIndicator = defineFormulaIndicator({
  id: 'TRIX',
  name: 'Triple Exponential Average (通达信)',
  category: 'momentum',
  params: Type.Object({
    period: periodParam(12, 'N: period of each of the three EMAs', 1),
    signal: periodParam(9, 'M: MA period of the MATRIX line', 1),
  }),
  paramOrder: ['period', 'signal'],
  placement: 'pane',
  inputs: ['close'],
  outputs: () => [
    { key: 'trix', label: 'TRIX', style: 'line' },
    { key: 'ma', label: 'MATRIX', style: 'line' },
  ],
  formula: (c, p) => {
    const mtr = tdxEma(tdxEma(tdxEma(c.close, p.period), p.period), p.period);
    const prev = tdxRef(mtr, 1);
    const trix = tdxMap(c.length, (i) => tdxDiv(mtr[i] - prev[i], prev[i]) * 100);
    return [trix, tdxMa(trix, p.signal)];
  },
});
