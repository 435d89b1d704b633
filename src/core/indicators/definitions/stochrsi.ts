import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { RollingExtremeState, RsiState, SmaState } from '../kernels/index.js';
import { periodParam } from '../param-schemas.js';
import { makeStepper } from '../stepper.js';

const params = Type.Object({
  period: periodParam(14, 'RSI period', 2),
  kPeriod: periodParam(5, 'Look-back of the stochastic over RSI (fast %K)', 1),
  dPeriod: periodParam(3, 'SMA period of fast %D', 1),
});

/**
 * STOCHRSI: TA-Lib `STOCHRSI` = `STOCHF` applied to RSI (fast %K = (rsi − min)/((max − min)/100),
 * 0 for a flat range; %D = SMA(%K)); both start at `period + (kPeriod − 1) + (dPeriod − 1)`.
 */
export const stochrsiIndicator = defineIndicator({
  id: 'STOCHRSI',
  name: 'Stochastic RSI',
  category: 'momentum',
  params,
  paramOrder: ['period', 'kPeriod', 'dPeriod'],
  placement: 'pane',
  levels: [80, 20],
  inputs: ['close'],
  outputs: () => [
    { key: 'k', label: 'K', style: 'line' },
    { key: 'd', label: 'D', style: 'line' },
  ],
  stepper: (p) => {
    const rsi = new RsiState(p.period);
    const hi = new RollingExtremeState(p.kPeriod, true);
    const lo = new RollingExtremeState(p.kPeriod, false);
    const sd = new SmaState(p.dPeriod);
    return makeStepper([rsi, hi, lo, sd], (c, i, out) => {
      const r = rsi.next(c.close[i]);
      let k = NaN;
      let d = NaN;
      if (r === r) {
        const h = hi.next(r);
        const l = lo.next(r);
        if (h === h) {
          const diff = (h - l) / 100;
          k = diff !== 0 ? (r - l) / diff : 0;
          d = sd.next(k);
        }
      }
      const ready = d === d;
      out[0][i] = ready ? k : NaN;
      out[1][i] = ready ? d : NaN;
    });
  },
});
