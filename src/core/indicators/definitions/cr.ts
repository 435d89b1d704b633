import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { LagState, RollingSumState, SmaState } from '../kernels/index.js';
import { periodParam } from '../param-schemas.js';
import { makeStepper } from '../stepper.js';
import { ScalarState } from '../scalar-state.js';

const params = Type.Object({
  period: periodParam(26, 'Look-back in bars', 1),
  ma1: periodParam(10, 'First MA period', 1),
  ma2: periodParam(20, 'Second MA period', 1),
  ma3: periodParam(40, 'Third MA period', 1),
  ma4: periodParam(60, 'Fourth MA period', 1),
});

/**
 * CR (no TA-Lib function), the Chinese energy indicator:
 * mid = (prev high + prev low)/2; CR = Σ max(0, high − mid) / Σ max(0, mid − low) · 100 over n bars
 * (first at index n; NaN when the denominator is 0); each MAk = REF(SMA(CR, Mk), ⌊Mk/2.5 + 1⌋), the
 * SMA shifted forward by ⌊Mk/2.5 + 1⌋ bars, as the usual formula writes it. An SMA needs Mk CR values
 * in a row: where CR has no value (a flat stretch) the averages start over instead of stepping over it.
 */
export const crIndicator = defineIndicator({
  id: 'CR',
  name: 'CR Energy',
  category: 'momentum',
  params,
  paramOrder: ['period', 'ma1', 'ma2', 'ma3', 'ma4'],
  placement: 'pane',
  inputs: ['high', 'low'],
  outputs: () => [
    { key: 'cr', label: 'CR', style: 'line' },
    { key: 'ma1', label: 'MA1', style: 'line' },
    { key: 'ma2', label: 'MA2', style: 'line' },
    { key: 'ma3', label: 'MA3', style: 'line' },
    { key: 'ma4', label: 'MA4', style: 'line' },
  ],
  stepper: (p) => {
    const up = new RollingSumState(p.period);
    const down = new RollingSumState(p.period);
    const mas = [p.ma1, p.ma2, p.ma3, p.ma4].map((m) => new SmaState(m));
    const lags = [p.ma1, p.ma2, p.ma3, p.ma4].map((m) => new LagState(Math.floor(m / 2.5 + 1)));
    // v: [count, prevHigh, prevLow, run1..run4 (CR values in a row fed to each SMA)]
    const s = new ScalarState([0, 0, 0, 0, 0, 0, 0]);
    return makeStepper([up, down, ...mas, ...lags, s], (c, i, out) => {
      const v = s.v;
      const h = c.high[i];
      const l = c.low[i];
      let cr = NaN;
      if (v[0]++ > 0) {
        const mid = (v[1] + v[2]) / 2;
        const a = up.next(h > mid ? h - mid : 0);
        const b = down.next(mid > l ? mid - l : 0);
        if (a === a && b !== 0) cr = (a / b) * 100;
      }
      v[1] = h;
      v[2] = l;
      out[0][i] = cr;
      for (let k = 0; k < 4; k++) {
        // The shifted average advances once per stepped bar, NaN until its SMA has a whole window
        // of CR values since the last bar without one (then the window holds only those).
        let m = NaN;
        if (cr === cr) {
          const avg = mas[k].next(cr);
          if (++v[3 + k] >= mas[k].period) m = avg;
        } else v[3 + k] = 0;
        out[k + 1][i] = lags[k].next(m);
      }
    });
  },
});
