import { Type } from '@sinclair/typebox';
import { periodParam } from '../../param-schemas.js';
import { tdxDiv, tdxMa, tdxMap, tdxRef, tdxSum } from '../../kernels/tdx.js';
import { defineFormulaIndicator } from './define-formula-indicator.js';

/**
 * 通达信 CR(26,10,20,40,62): MID = REF(H + L, 1) / 2; CR = SUM(MAX(0, H − MID), N) / SUM(MAX(0, MID − L), N) × 100;
 * MAi = REF(MA(CR, Mi), Mi / 2.5 + 1) (the shift truncated to whole bars). The averages need Mi
 * present CR values: they never step over a missing one.
 */
export const tdxCrIndicator = defineFormulaIndicator({
  id: 'CR',
  name: 'CR Energy (通达信)',
  category: 'momentum',
  params: Type.Object({
    period: periodParam(26, 'N: look-back in bars', 1),
    ma1: periodParam(10, 'M1: first MA period', 1),
    ma2: periodParam(20, 'M2: second MA period', 1),
    ma3: periodParam(40, 'M3: third MA period', 1),
    ma4: periodParam(62, 'M4: fourth MA period', 1),
  }),
  paramOrder: ['period', 'ma1', 'ma2', 'ma3', 'ma4'],
  placement: 'pane',
  inputs: ['high', 'low'],
  outputs: () => [
    { key: 'cr', label: 'CR', style: 'line' },
    { key: 'ma1', label: 'MA1', style: 'line' },
    { key: 'ma2', label: 'MA2', style: 'line' },
    { key: 'ma3', label: 'MA3', style: 'line' },
    { key: 'ma4', label: 'MA4', style: 'line' },
  ],
  formula: (c, p) => {
    const n = c.length;
    const mid = tdxRef(
      tdxMap(n, (i) => (c.high[i] + c.low[i]) / 2),
      1,
    );
    const up = tdxSum(
      tdxMap(n, (i) => Math.max(0, c.high[i] - mid[i]) + (mid[i] - mid[i])),
      p.period,
    );
    const down = tdxSum(
      tdxMap(n, (i) => Math.max(0, mid[i] - c.low[i]) + (mid[i] - mid[i])),
      p.period,
    );
    const cr = tdxMap(n, (i) => tdxDiv(up[i], down[i]) * 100);
    const shifted = (m: number) => tdxRef(tdxMa(cr, m), Math.floor(m / 2.5 + 1));
    return [cr, shifted(p.ma1), shifted(p.ma2), shifted(p.ma3), shifted(p.ma4)];
  },
});
