import { Type } from '@sinclair/typebox';
import { periodParam } from '../../param-schemas.js';
import { tdxDiv, tdxMa, tdxMap, tdxRef } from '../../kernels/tdx.js';
import { defineFormulaIndicator } from './define-formula-indicator.js';

/**
 * 通达信 EMV(14,9): VOLUME = MA(V, N) / V; MID = 100 × (H + L − REF(H + L, 1)) / (H + L);
 * EMV = MA(MID × VOLUME × (H − L) / MA(H − L, N), N); MAEMV = MA(EMV, M). A zero-volume bar has no
 * VOLUME ratio, so the EMV windows that hold it show no value (as in TDX and Pine).
 */
export const tdxEmvIndicator = defineFormulaIndicator({
  id: 'EMV',
  name: 'Ease of Movement (通达信)',
  category: 'volume',
  params: Type.Object({
    period: periodParam(14, 'N: MA period', 1),
    signal: periodParam(9, 'M: MA period of the MAEMV line', 1),
  }),
  paramOrder: ['period', 'signal'],
  placement: 'pane',
  inputs: ['high', 'low', 'volume'],
  outputs: () => [
    { key: 'emv', label: 'EMV', style: 'line' },
    { key: 'ma', label: 'MAEMV', style: 'line' },
  ],
  formula: (c, p) => {
    const n = c.length;
    const hl = tdxMap(n, (i) => c.high[i] + c.low[i]);
    const prev = tdxRef(hl, 1);
    const mav = tdxMa(c.volume, p.period);
    const volume = tdxMap(n, (i) => (c.volume[i] === 0 ? NaN : mav[i] / c.volume[i]));
    const mid = tdxMap(n, (i) => 100 * tdxDiv(hl[i] - prev[i], hl[i]));
    const range = tdxMap(n, (i) => c.high[i] - c.low[i]);
    const maRange = tdxMa(range, p.period);
    const emv = tdxMa(
      tdxMap(n, (i) => mid[i] * volume[i] * tdxDiv(range[i], maRange[i])),
      p.period,
    );
    return [emv, tdxMa(emv, p.signal)];
  },
});
