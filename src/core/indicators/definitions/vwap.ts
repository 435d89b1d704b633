import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { ScalarState } from '../scalar-state.js';
import { AnchorTracker } from '../vwap-anchor.js';

const params = Type.Object({
  anchor: Type.Union(
    [
      Type.Literal('session'),
      Type.Literal('week'),
      Type.Literal('month'),
      Type.Integer({ minimum: 0, description: 'A bar time (epoch ms): the VWAP starts there' }),
    ],
    {
      default: 'session',
      description:
        "Where the VWAP starts over: 'session' (each trading day, from the instrument's session), 'week', 'month', or a bar time in epoch ms (one VWAP from that bar on)",
    },
  ),
});

/**
 * VWAP (no TA-Lib function), anchored as Pine's `ta.vwap(hlc3, anchor)`: VWAP = Σ(tp·volume) /
 * Σ(volume) since the anchor, tp = (high + low + close)/3. `session` starts over at each trading
 * day in the market timezone (`columns.timezone`, UTC when absent; the day opens at
 * `columns.sessionStart`, the instrument's session), `week` on Mondays, `month` on the 1st; a time
 * anchor starts at the first bar at or after it (no value before). NaN while the period has traded
 * no volume yet (Pine: 0 / 0 is na).
 */
export const vwapIndicator = defineIndicator({
  id: 'VWAP',
  name: 'Volume Weighted Average Price (anchored)',
  category: 'volume',
  params,
  paramOrder: ['anchor'],
  placement: 'overlay',
  inputs: ['high', 'low', 'close', 'volume'],
  outputs: () => [{ key: 'vwap', label: 'VWAP', style: 'line' }],
  stepper: (p, columns) => {
    const anchor = p.anchor;
    const from = typeof anchor === 'number' ? anchor : -Infinity;
    const period = new AnchorTracker(anchor, columns.timezone, columns.sessionStart);
    // v: [Σ tp·v, Σ v]
    const s = new ScalarState([0, 0]);
    let saved = period.snapshot();
    return {
      step: (c, i, out) => {
        const v = s.v;
        const t = c.time[i];
        if (period.isNew(t)) {
          v[0] = 0;
          v[1] = 0;
        }
        if (t < from) {
          out[0][i] = NaN;
          return;
        }
        const vol = c.volume[i];
        v[0] += ((c.high[i] + c.low[i] + c.close[i]) / 3) * vol;
        v[1] += vol;
        out[0][i] = v[1] > 0 ? v[0] / v[1] : NaN;
      },
      save: () => {
        s.save();
        saved = period.snapshot();
      },
      restore: () => {
        s.restore();
        period.reset(saved);
      },
    };
  },
});
