import { Type } from '@sinclair/typebox';
import { periodParam } from '../../param-schemas.js';
import { tdxDiv, tdxMa, tdxMap, tdxRef, tdxSum } from '../../kernels/tdx.js';
import { defineFormulaIndicator } from './define-formula-indicator.js';

/**
 * 通达信 DMI(14,6): TR = SUM(MAX(MAX(H − L, ABS(H − REF(C,1))), ABS(L − REF(C,1))), N);
 * HD = H − REF(H,1); LD = REF(L,1) − L; DMP = SUM(IF(HD > 0 && HD > LD, HD, 0), N);
 * DMM = SUM(IF(LD > 0 && LD > HD, LD, 0), N); PDI = DMP × 100 / TR; MDI = DMM × 100 / TR;
 * ADX = MA(ABS(MDI − PDI) / (MDI + PDI) × 100, M); ADXR = (ADX + REF(ADX, M)) / 2.
 */
export const tdxDmiIndicator = defineFormulaIndicator({
  id: 'DMI',
  name: 'Directional Movement Index (通达信)',
  category: 'trend',
  params: Type.Object({
    period: periodParam(14, 'N: sum length of TR and the directional moves', 1),
    smooth: periodParam(6, 'M: MA length of ADX and the ADXR lag', 1),
  }),
  paramOrder: ['period', 'smooth'],
  placement: 'pane',
  inputs: ['high', 'low', 'close'],
  outputs: () => [
    { key: 'pdi', label: 'PDI', style: 'line' },
    { key: 'mdi', label: 'MDI', style: 'line' },
    { key: 'adx', label: 'ADX', style: 'line' },
    { key: 'adxr', label: 'ADXR', style: 'line' },
  ],
  formula: (c, p) => {
    const n = c.length;
    const { high: h, low: l } = c;
    const pc = tdxRef(c.close, 1);
    const ph = tdxRef(h, 1);
    const pl = tdxRef(l, 1);
    const tr = tdxSum(
      tdxMap(n, (i) => Math.max(Math.max(h[i] - l[i], Math.abs(h[i] - pc[i])), Math.abs(l[i] - pc[i]))),
      p.period,
    );
    const hd = tdxMap(n, (i) => h[i] - ph[i]);
    const ld = tdxMap(n, (i) => pl[i] - l[i]);
    const dmp = tdxSum(
      tdxMap(n, (i) => (hd[i] !== hd[i] ? NaN : hd[i] > 0 && hd[i] > ld[i] ? hd[i] : 0)),
      p.period,
    );
    const dmm = tdxSum(
      tdxMap(n, (i) => (ld[i] !== ld[i] ? NaN : ld[i] > 0 && ld[i] > hd[i] ? ld[i] : 0)),
      p.period,
    );
    const pdi = tdxMap(n, (i) => tdxDiv(dmp[i] * 100, tr[i]));
    const mdi = tdxMap(n, (i) => tdxDiv(dmm[i] * 100, tr[i]));
    const adx = tdxMa(
      tdxMap(n, (i) => tdxDiv(Math.abs(mdi[i] - pdi[i]), mdi[i] + pdi[i]) * 100),
      p.smooth,
    );
    const lag = tdxRef(adx, p.smooth);
    return [pdi, mdi, adx, tdxMap(n, (i) => (adx[i] + lag[i]) / 2)];
  },
});
