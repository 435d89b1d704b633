import { Type } from '@sinclair/typebox';
import { periodParam } from '../../param-schemas.js';
import { tdxAvedev, tdxDiv, tdxMa, tdxMap } from '../../kernels/tdx.js';
import { defineFormulaIndicator } from './define-formula-indicator.js';

/** 通达信 CCI(14): TYP = (H + L + C) / 3; CCI = (TYP − MA(TYP, N)) × 1000 / (15 × AVEDEV(TYP, N)). */
export const tdxCciIndicator = defineFormulaIndicator({
  id: 'CCI',
  name: 'Commodity Channel Index (通达信)',
  category: 'momentum',
  params: Type.Object({ period: periodParam(14, 'N: look-back in bars', 1) }),
  paramOrder: ['period'],
  placement: 'pane',
  inputs: ['high', 'low', 'close'],
  outputs: (p) => [{ key: 'cci', label: `CCI${p.period}`, style: 'line' }],
  formula: (c, p) => {
    const typ = tdxMap(c.length, (i) => (c.high[i] + c.low[i] + c.close[i]) / 3);
    const ma = tdxMa(typ, p.period);
    const dev = tdxAvedev(typ, p.period);
    return [tdxMap(c.length, (i) => tdxDiv((typ[i] - ma[i]) * 1000, 15 * dev[i]))];
  },
});
