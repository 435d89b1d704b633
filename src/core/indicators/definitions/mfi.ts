import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { RollingSumState, isZero } from '../kernels/index.js';
import { periodParam } from '../param-schemas.js';
import { makeStepper } from '../stepper.js';
import { ScalarState } from '../scalar-state.js';

const params = Type.Object({ period: periodParam(14, 'Look-back in bars', 1) });

/**
 * MFI: TA-Lib `MFI`: typical price tp = (h + l + c)/3; money flow tp·volume counts as positive
 * when tp rose, negative when it fell, neither when equal; MFI = 100·pos/(pos + neg) over the last
 * `period` changes, first at index `period`. When pos + neg is zero (no volume, flat prices) the
 * value is 0. (TA-Lib 0.4 uses "pos + neg < 1", which zeroes instruments with small prices; we use
 * its `TA_IS_ZERO` test instead.)
 */
export const mfiIndicator = defineIndicator({
  id: 'MFI',
  name: 'Money Flow Index',
  category: 'volume',
  params,
  paramOrder: ['period'],
  placement: 'pane',
  levels: [80, 20],
  inputs: ['high', 'low', 'close', 'volume'],
  outputs: (p) => [{ key: 'mfi', label: `MFI${p.period}`, style: 'line' }],
  stepper: (p) => {
    const pos = new RollingSumState(p.period);
    const neg = new RollingSumState(p.period);
    // v: [count, prevTp]
    const s = new ScalarState([0, 0]);
    return makeStepper([pos, neg, s], (c, i, out) => {
      const v = s.v;
      const tp = (c.high[i] + c.low[i] + c.close[i]) / 3;
      let result = NaN;
      if (v[0]++ > 0) {
        const mf = tp * c.volume[i];
        const prev = v[1];
        const a = pos.next(tp > prev ? mf : 0);
        const b = neg.next(tp < prev ? mf : 0);
        if (a === a) {
          const sum = a + b;
          result = isZero(sum) ? 0 : 100 * (a / sum);
        }
      }
      v[1] = tp;
      out[0][i] = result;
    });
  },
});
