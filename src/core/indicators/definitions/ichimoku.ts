import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { LagState, RollingExtremeState } from '../kernels/index.js';
import { periodParam } from '../param-schemas.js';
import { makeStepper } from '../stepper.js';
import { ichimokuForward } from './ichimoku-forward.js';

const params = Type.Object({
  conversion: periodParam(9, 'Tenkan-sen (conversion line) period', 1),
  base: periodParam(26, 'Kijun-sen (base line) period', 1),
  spanB: periodParam(52, 'Senkou span B period', 1),
  displacement: periodParam(26, 'Displacement of the cloud and the lagging span', 1),
});

/**
 * ICHIMOKU (no TA-Lib function), as TradingView's built-in plots it, d = displacement:
 * tenkan = (HH9 + LL9)/2, kijun = (HH26 + LL26)/2, spanA[i] = (tenkan + kijun)/2 of bar i − (d − 1),
 * spanB[i] = (HH52 + LL52)/2 of bar i − (d − 1), chikou[i] = close of bar i + (d − 1) (NaN for the
 * last d − 1 bars). The cloud's d − 1 points beyond the last bar come from `forward`
 * ({@link ichimokuForward}); the chart draws them and extends its time axis.
 */
export const ichimokuIndicator = defineIndicator({
  id: 'ICHIMOKU',
  name: 'Ichimoku Cloud',
  category: 'trend',
  params,
  paramOrder: ['conversion', 'base', 'spanB', 'displacement'],
  placement: 'overlay',
  inputs: ['high', 'low', 'close'],
  outputs: () => [
    { key: 'tenkan', label: 'TENKAN', style: 'line' },
    { key: 'kijun', label: 'KIJUN', style: 'line' },
    { key: 'spanA', label: 'SPAN A', style: 'band' },
    { key: 'spanB', label: 'SPAN B', style: 'band' },
    { key: 'chikou', label: 'CHIKOU', style: 'line' },
  ],
  forward: (columns, p) => ichimokuForward(columns, p),
  stepper: (p) => {
    const shift = p.displacement - 1;
    const h1 = new RollingExtremeState(p.conversion, true);
    const l1 = new RollingExtremeState(p.conversion, false);
    const h2 = new RollingExtremeState(p.base, true);
    const l2 = new RollingExtremeState(p.base, false);
    const h3 = new RollingExtremeState(p.spanB, true);
    const l3 = new RollingExtremeState(p.spanB, false);
    const lagA = new LagState(shift);
    const lagB = new LagState(shift);
    // Raw bar indices of the stepped bars: the lagging span lands `shift` stepped bars back,
    // which is not `i - shift` when gap bars were skipped.
    const lagIndex = new LagState(shift);
    return makeStepper([h1, l1, h2, l2, h3, l3, lagA, lagB, lagIndex], (c, i, out) => {
      const h = c.high[i];
      const l = c.low[i];
      const tenkan = (h1.next(h) + l1.next(l)) / 2;
      const kijun = (h2.next(h) + l2.next(l)) / 2;
      const b = (h3.next(h) + l3.next(l)) / 2;
      out[0][i] = tenkan;
      out[1][i] = kijun;
      out[2][i] = lagA.next((tenkan + kijun) / 2);
      out[3][i] = lagB.next(b);
      out[4][i] = NaN;
      const back = lagIndex.next(i);
      if (back === back) out[4][back] = c.close[i];
    });
  },
});
