import { Type } from '@sinclair/typebox';
import { periodParam } from '../../param-schemas.js';
import { numberParam } from '../../number-param.js';
import { tdxExtreme } from '../../kernels/tdx.js';
import { defineFormulaIndicator } from './define-formula-indicator.js';

/**
 * 通达信 SAR(N,S,M) — SAR(10,2,20): N bars decide the start, step S % and cap M %. 通达信 ships SAR
 * as a built-in, described in its help (抛物转向) rule by rule:
 * 1. The first N bars decide the trend (up when the close rose over them); the first SAR, at bar
 *    N − 1, is LLV(L, N) in an up-trend, HHV(H, N) in a down-trend; EP is the other extreme.
 * 2. SAR(t) = SAR(t−1) + AF·(EP(t−1) − SAR(t−1)), never inside the two previous bars' range (up:
 *    at most their lows; down: at least their highs).
 * 3. AF starts at S % and grows by S % (up to M %) on each bar whose high is above the previous
 *    bar's (down: low below the previous low); EP is the trend's extreme.
 * 4. Price through the SAR (an up-trend's low below it, a down-trend's high above it) reverses the
 *    trend on that bar: the SAR becomes HHV(H, N) (new down-trend) or LLV(L, N) (new up-trend) of
 *    the last N bars, EP that bar's low/high, AF = S %.
 */
export const tdxSarIndicator = defineFormulaIndicator({
  id: 'SAR',
  name: 'Parabolic SAR (通达信)',
  category: 'trend',
  params: Type.Object({
    period: periodParam(10, 'N: bars that decide the start and the SAR after a reversal', 2),
    step: numberParam(2, 'S: acceleration step in percent (also the start)', 0, 100),
    maximum: numberParam(20, 'M: acceleration cap in percent', 0, 100),
  }),
  paramOrder: ['period', 'step', 'maximum'],
  placement: 'overlay',
  inputs: ['high', 'low', 'close'],
  outputs: () => [{ key: 'sar', label: 'SAR', style: 'dots' }],
  formula: (c, p) => {
    const { high: h, low: l, close: cl, length: len } = c;
    const out = new Float64Array(len).fill(NaN);
    const n = p.period;
    if (len < n) return [out];
    const hhv = tdxExtreme(h, n, true);
    const llv = tdxExtreme(l, n, false);
    const step = p.step / 100;
    const cap = p.maximum / 100;
    let up = cl[n - 1] > cl[0];
    let sar = up ? llv[n - 1] : hhv[n - 1];
    let ep = up ? hhv[n - 1] : llv[n - 1];
    let af = Math.min(step, cap);
    out[n - 1] = sar;
    for (let t = n; t < len; t++) {
      let s = sar + af * (ep - sar);
      s = up ? Math.min(s, l[t - 1], l[t - 2]) : Math.max(s, h[t - 1], h[t - 2]);
      if (up ? l[t] < s : h[t] > s) {
        up = !up;
        sar = up ? llv[t] : hhv[t];
        ep = up ? h[t] : l[t];
        af = Math.min(step, cap);
      } else {
        sar = s;
        if (up ? h[t] > h[t - 1] : l[t] < l[t - 1]) af = Math.min(af + step, cap);
        ep = up ? Math.max(ep, h[t]) : Math.min(ep, l[t]);
      }
      out[t] = sar;
    }
    return [out];
  },
});
