import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { AtrState } from '../kernels/index.js';
import { periodParam } from '../param-schemas.js';
import { numberParam } from '../number-param.js';
import { makeStepper } from '../stepper.js';
import { ScalarState } from '../scalar-state.js';

const params = Type.Object({
  period: periodParam(10, 'ATR period', 1),
  multiplier: numberParam(3, 'Band distance in ATRs', 0, 20),
});

/**
 * SUPERTREND (no TA-Lib function), TradingView's `ta.supertrend` with TA-Lib's ATR:
 * lower = hl2 − m·ATR, kept at the previous lower unless it rises or the previous close fell below
 * it; upper = hl2 + m·ATR likewise mirrored; the trend flips up when close > upper after a
 * downtrend and down when close < lower after an uptrend (the first bar starts as a downtrend).
 * `up` shows the lower band while the trend is up, `down` the upper band while it is down.
 */
export const supertrendIndicator = defineIndicator({
  id: 'SUPERTREND',
  name: 'SuperTrend',
  category: 'trend',
  params,
  paramOrder: ['period', 'multiplier'],
  placement: 'overlay',
  inputs: ['high', 'low', 'close'],
  outputs: () => [
    { key: 'up', label: 'UP', style: 'line' },
    { key: 'down', label: 'DOWN', style: 'line' },
  ],
  stepper: (p) => {
    const atr = new AtrState(p.period);
    // v: [started, lower, upper, direction (1 down, -1 up), prevClose]
    const s = new ScalarState([0, 0, 0, 1, NaN]);
    return makeStepper([atr, s], (c, i, out) => {
      const v = s.v;
      const close = c.close[i];
      const a = atr.next(c.high[i], c.low[i], close);
      out[0][i] = NaN;
      out[1][i] = NaN;
      if (a === a) {
        const mid = (c.high[i] + c.low[i]) / 2;
        let lower = mid - p.multiplier * a;
        let upper = mid + p.multiplier * a;
        let dir: number;
        if (v[0] === 0) {
          dir = 1;
        } else {
          const prevLower = v[1];
          const prevUpper = v[2];
          const prevClose = v[4];
          if (!(lower > prevLower || prevClose < prevLower)) lower = prevLower;
          if (!(upper < prevUpper || prevClose > prevUpper)) upper = prevUpper;
          // Previous supertrend was the upper band exactly when the previous direction was down.
          dir = v[3] === 1 ? (close > upper ? -1 : 1) : close < lower ? 1 : -1;
        }
        v[0] = 1;
        v[1] = lower;
        v[2] = upper;
        v[3] = dir;
        if (dir === -1) out[0][i] = lower;
        else out[1][i] = upper;
      }
      v[4] = close;
    });
  },
});
