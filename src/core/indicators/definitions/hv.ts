import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { StdDevState } from '../kernels/index.js';
import { periodParam } from '../param-schemas.js';
import { makeStepper } from '../stepper.js';
import { ScalarState } from '../scalar-state.js';

const params = Type.Object({
  period: periodParam(20, 'Look-back in returns', 1),
  annualization: periodParam(252, 'Bars per year (252 daily, 52 weekly, 365 crypto daily)', 1, 100000),
});

/**
 * HV (no TA-Lib function), historical volatility as TradingView computes it:
 * 100 · stdev(ln(close / prev close), n) · √annualization, population stdev (TA-Lib `STDDEV`
 * arithmetic); a return with a non-positive close counts as 0. First value at index n.
 */
export const hvIndicator = defineIndicator({
  id: 'HV',
  name: 'Historical Volatility',
  category: 'volatility',
  params,
  paramOrder: ['period', 'annualization'],
  placement: 'pane',
  inputs: ['close'],
  outputs: (p) => [{ key: 'hv', label: `HV${p.period}`, style: 'line' }],
  stepper: (p) => {
    const sd = new StdDevState(p.period);
    const scale = 100 * Math.sqrt(p.annualization);
    // v: [count, prevClose]
    const s = new ScalarState([0, 0]);
    return makeStepper([sd, s], (c, i, out) => {
      const v = s.v;
      const x = c.close[i];
      let hv = NaN;
      if (v[0]++ > 0) {
        const prev = v[1];
        const r = x > 0 && prev > 0 ? Math.log(x / prev) : 0;
        hv = sd.next(r) * scale;
      }
      v[1] = x;
      out[0][i] = hv;
    });
  },
});
