import { Type } from '@sinclair/typebox';
import { periodParam } from '../../param-schemas.js';
import { tdxDiv, tdxMa, tdxMap, tdxRef, tdxSum } from '../../kernels/tdx.js';
import { defineFormulaIndicator } from './define-formula-indicator.js';

/**
 * 通达信 VR(26,6): TH/TL/TQ = SUM(IF(C >, <, = REF(C,1), V, 0), N); VR = 100 × (2·TH + TQ) / (2·TL + TQ);
 * MAVR = MA(VR, M).
 */
export const tdxVrIndicator = defineFormulaIndicator({
  id: 'VR',
  name: 'Volume Ratio (通达信)',
  category: 'volume',
  params: Type.Object({
    period: periodParam(26, 'N: look-back in bars', 1),
    signal: periodParam(6, 'M: MA period of the MAVR line', 1),
  }),
  paramOrder: ['period', 'signal'],
  placement: 'pane',
  inputs: ['close', 'volume'],
  outputs: () => [
    { key: 'vr', label: 'VR', style: 'line' },
    { key: 'ma', label: 'MAVR', style: 'line' },
  ],
  formula: (c, p) => {
    const n = c.length;
    const pc = tdxRef(c.close, 1);
    const pick = (want: number) =>
      tdxSum(
        tdxMap(n, (i) => (pc[i] !== pc[i] ? NaN : Math.sign(c.close[i] - pc[i]) === want ? c.volume[i] : 0)),
        p.period,
      );
    const th = pick(1);
    const tl = pick(-1);
    const tq = pick(0);
    const vr = tdxMap(n, (i) => 100 * tdxDiv(th[i] * 2 + tq[i], tl[i] * 2 + tq[i]));
    return [vr, tdxMa(vr, p.signal)];
  },
});
