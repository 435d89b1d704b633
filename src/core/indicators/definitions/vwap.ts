import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { SessionDayTracker } from '../session-day.js';
import { ScalarState } from '../stepper.js';

const params = Type.Object({});

/**
 * VWAP (no TA-Lib function), session-anchored: resets at each day boundary in the market timezone
 * (`columns.timezone`, UTC when absent); VWAP = Σ(tp·volume) / Σ(volume) since the session start,
 * tp = (high + low + close)/3. NaN while the session has traded no volume yet.
 */
export const vwapIndicator = defineIndicator({
  id: 'VWAP',
  name: 'Volume Weighted Average Price (session)',
  category: 'volume',
  params,
  paramOrder: [],
  placement: 'overlay',
  inputs: ['high', 'low', 'close', 'volume'],
  outputs: () => [{ key: 'vwap', label: 'VWAP', style: 'line' }],
  stepper: (_p, columns) => {
    const day = new SessionDayTracker(columns.timezone);
    // v: [Σ tp·v, Σ v]
    const s = new ScalarState([0, 0]);
    let savedDay = day.snapshot();
    return {
      step: (c, i, out) => {
        const v = s.v;
        if (day.isNewDay(c.time[i])) {
          v[0] = 0;
          v[1] = 0;
        }
        const vol = c.volume[i];
        v[0] += ((c.high[i] + c.low[i] + c.close[i]) / 3) * vol;
        v[1] += vol;
        out[0][i] = v[1] > 0 ? v[0] / v[1] : NaN;
      },
      save: () => {
        s.save();
        savedDay = day.snapshot();
      },
      restore: () => {
        s.restore();
        day.reset(savedDay);
      },
    };
  },
});
