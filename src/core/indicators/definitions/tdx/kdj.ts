import { Type } from '@sinclair/typebox';
import { periodParam } from '../../param-schemas.js';
import { tdxExtreme, tdxMap, tdxSma } from '../../kernels/tdx.js';
import { defineFormulaIndicator } from './define-formula-indicator.js';

/**
 * 通达信 KDJ(9,3,3): RSV = (C − LLV(L, N)) / (HHV(H, N) − LLV(L, N)) × 100; K = SMA(RSV, M1, 1);
 * D = SMA(K, M2, 1); J = 3K − 2D. HHV/LLV use the bars available early on, so values start at bar
 * 0; K and D start from 50 (the customary seed). A flat range (HHV = LLV) keeps the previous RSV
 * (50 before any), so K and D hold steady instead of sliding to 0.
 */
export const tdxKdjIndicator = defineFormulaIndicator({
  id: 'KDJ',
  name: 'KDJ Stochastic (通达信)',
  category: 'momentum',
  params: Type.Object({
    period: periodParam(9, 'N: RSV look-back in bars', 1),
    kSmooth: periodParam(3, 'M1: K = SMA(RSV, M1, 1)', 1),
    dSmooth: periodParam(3, 'M2: D = SMA(K, M2, 1)', 1),
  }),
  paramOrder: ['period', 'kSmooth', 'dSmooth'],
  placement: 'pane',
  inputs: ['high', 'low', 'close'],
  outputs: () => [
    { key: 'k', label: 'K', style: 'line' },
    { key: 'd', label: 'D', style: 'line' },
    { key: 'j', label: 'J', style: 'line' },
  ],
  formula: (c, p) => {
    const hh = tdxExtreme(c.high, p.period, true);
    const ll = tdxExtreme(c.low, p.period, false);
    let last = 50;
    const rsv = tdxMap(c.length, (i) => {
      const range = hh[i] - ll[i];
      if (range !== 0) last = ((c.close[i] - ll[i]) / range) * 100;
      return last;
    });
    const k = tdxSma(rsv, p.kSmooth, 1, 50);
    const d = tdxSma(k, p.dSmooth, 1, 50);
    return [k, d, tdxMap(c.length, (i) => 3 * k[i] - 2 * d[i])];
  },
});
