import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { AtrState, trueRange } from '../kernels/index.js';
import { periodParam } from '../param-schemas.js';
import { makeStepper } from '../stepper.js';

const params = Type.Object({ period: periodParam(14, 'Look-back in bars', 1) });

/**
 * ATR: TA-Lib `ATR`: true range from bar 1, first value at index `period` = mean of the first
 * `period` true ranges, then `(prev·(n−1) + TR)/n`.
 */
export const atrIndicator = defineIndicator({
  id: 'ATR',
  name: 'Average True Range',
  category: 'volatility',
  params,
  paramOrder: ['period'],
  placement: 'pane',
  inputs: ['high', 'low', 'close'],
  outputs: (p) => [{ key: 'atr', label: `ATR${p.period}`, style: 'line' }],
  batch: (c, p, out) => {
    const n = c.length;
    const period = p.period;
    out[0].fill(NaN, 0, Math.min(n, period));
    if (period >= n) return;
    const h = c.high;
    const l = c.low;
    const cl = c.close;
    const o = out[0];
    let acc = 0;
    for (let i = 1; i <= period; i++) acc += trueRange(h[i], l[i], cl[i - 1]);
    acc /= period;
    o[period] = acc;
    const m = period - 1;
    for (let i = period + 1; i < n; i++) {
      const pc = cl[i - 1];
      let tr = h[i] - l[i];
      const a = Math.abs(pc - h[i]);
      if (a > tr) tr = a;
      const b = Math.abs(pc - l[i]);
      if (b > tr) tr = b;
      acc = (acc * m + tr) / period;
      o[i] = acc;
    }
  },
  stepper: (p) => {
    const s = new AtrState(p.period);
    return makeStepper([s], (c, i, out) => {
      out[0][i] = s.next(c.high[i], c.low[i], c.close[i]);
    });
  },
});
