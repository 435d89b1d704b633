import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { TA_EPSILON } from '../kernels/index.js';
import { periodParam } from '../param-schemas.js';
import { makeStepper } from '../stepper.js';
import { ScalarState } from '../scalar-state.js';

const params = Type.Object({ period: periodParam(20, 'Look-back in bars', 1) });

/**
 * CCI: TA-Lib `CCI`: tp = (h + l + c)/3; CCI = (tp − SMA(tp)) / (0.015 · mean |tp − SMA(tp)|),
 * 0 when either is zero relative to the average (TA-Lib's `TA_IS_ZERO_SCALED`); the window mean is
 * re-summed every bar as TA-Lib does. First value at `period − 1`. O(period) per bar: the mean
 * deviation needs the whole window.
 */
export const cciIndicator = defineIndicator({
  id: 'CCI',
  name: 'Commodity Channel Index',
  category: 'momentum',
  params,
  paramOrder: ['period'],
  placement: 'pane',
  levels: [100, -100],
  inputs: ['high', 'low', 'close'],
  outputs: (p) => [{ key: 'cci', label: `CCI${p.period}`, style: 'line' }],
  stepper: (p) => {
    const n = p.period;
    const ring = new Float64Array(n);
    // v: [count, pos, overwritten slot value (checkpoint only)]
    const s = new ScalarState([0, 0, 0]);
    let savedSlot = 0;
    const st = makeStepper([s], (c, i, out) => {
      const v = s.v;
      const tp = (c.high[i] + c.low[i] + c.close[i]) / 3;
      const pos = v[1];
      ring[pos] = tp;
      v[1] = pos + 1 === n ? 0 : pos + 1;
      const count = ++v[0];
      if (count < n) {
        out[0][i] = NaN;
        return;
      }
      let sum = 0;
      for (let k = 0; k < n; k++) sum += ring[k];
      const avg = sum / n;
      let dev = 0;
      for (let k = 0; k < n; k++) dev += Math.abs(ring[k] - avg);
      const num = tp - avg;
      // Current TA-Lib's scale-aware zero test: a window of identical prices such as 0.1 leaves a
      // sub-epsilon residue in the average that must not turn into a ±66.7 reading.
      const scale = TA_EPSILON * Math.abs(avg);
      const md = dev / n;
      out[0][i] = Math.abs(num) > scale && md > scale ? num / (0.015 * md) : 0;
    });
    return {
      step: st.step,
      save: () => {
        st.save();
        savedSlot = ring[s.v[1]];
      },
      restore: () => {
        st.restore();
        ring[s.v[1]] = savedSlot;
      },
    };
  },
});
