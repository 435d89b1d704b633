import { Type } from '@sinclair/typebox';
import { periodParam } from '../../param-schemas.js';
import { tdxMap } from '../../kernels/tdx.js';
import { defineFormulaIndicator } from '../tdx/define-formula-indicator.js';

/** Median spacing of the bars in days (0 with fewer than two bars). */
function barDays(time: Float64Array, n: number): number {
  if (n < 2) return 0;
  const gaps: number[] = [];
  for (let i = Math.max(1, n - 101); i < n; i++) gaps.push(time[i] - time[i - 1]);
  gaps.sort((a, b) => a - b);
  return gaps[gaps.length >> 1] / 86_400_000;
}

/**
 * TradingView HV (the built-in "Historical Volatility" script):
 * `hv = 100 * ta.stdev(math.log(close / close[1]), length) * math.sqrt(annual / per)` with
 * `per = timeframe.isintraday or timeframe.isdaily and timeframe.multiplier == 1 ? 1 : 7`;
 * `ta.stdev` is the population σ. `annual` is 365 (24/7 markets, Pine's own default); use 252 for
 * markets with sessions. `per` follows the bar spacing: 7 for bars two days apart or more.
 */
export const tradingviewHvIndicator = defineFormulaIndicator({
  id: 'HV',
  name: 'Historical Volatility (TradingView)',
  category: 'volatility',
  params: Type.Object({
    period: periodParam(10, 'length: look-back in returns', 1),
    annualization: periodParam(
      365,
      'annual: days per year (365 for 24/7 markets, 252 for markets with sessions)',
      1,
      100000,
    ),
  }),
  paramOrder: ['period', 'annualization'],
  placement: 'pane',
  inputs: ['close'],
  outputs: (p) => [{ key: 'hv', label: `HV${p.period}`, style: 'line' }],
  formula: (c, p) => {
    const n = c.length;
    const per = barDays(c.time, n) >= 2 ? 7 : 1;
    const scale = 100 * Math.sqrt(p.annualization / per);
    const r = tdxMap(n, (i) => (i === 0 ? NaN : Math.log(c.close[i] / c.close[i - 1])));
    const len = p.period;
    return [
      tdxMap(n, (i) => {
        if (i < len) return NaN;
        let mean = 0;
        for (let j = i - len + 1; j <= i; j++) mean += r[j];
        mean /= len;
        let ss = 0;
        for (let j = i - len + 1; j <= i; j++) ss += (r[j] - mean) * (r[j] - mean);
        return Math.sqrt(ss / len) * scale;
      }),
    ];
  },
});
