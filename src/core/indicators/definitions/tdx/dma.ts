import { Type } from '@sinclair/typebox';
import { periodParam } from '../../param-schemas.js';
import { tdxMa, tdxMap } from '../../kernels/tdx.js';
import { defineFormulaIndicator } from './define-formula-indicator.js';

/** 通达信 DMA(10,50,10): DIF = MA(C, N1) − MA(C, N2); DIFMA = MA(DIF, M). */
export const tdxDmaIndicator = defineFormulaIndicator({
  id: 'DMA',
  name: 'Different of Moving Average (通达信)',
  category: 'trend',
  params: Type.Object({
    fast: periodParam(10, 'N1: fast MA period', 1),
    slow: periodParam(50, 'N2: slow MA period', 1),
    signal: periodParam(10, 'M: MA period of the DIFMA line', 1),
  }),
  paramOrder: ['fast', 'slow', 'signal'],
  placement: 'pane',
  inputs: ['close'],
  outputs: () => [
    { key: 'dif', label: 'DIF', style: 'line' },
    { key: 'ama', label: 'DIFMA', style: 'line' },
  ],
  formula: (c, p) => {
    const f = tdxMa(c.close, p.fast);
    const s = tdxMa(c.close, p.slow);
    const dif = tdxMap(c.length, (i) => f[i] - s[i]);
    return [dif, tdxMa(dif, p.signal)];
  },
});
