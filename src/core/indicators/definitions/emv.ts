import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { SmaState } from '../kernels/index.js';
import { periodParam } from '../param-schemas.js';
import { makeStepper } from '../stepper.js';
import { ScalarState } from '../scalar-state.js';

const params = Type.Object({
  period: periodParam(14, 'SMA period of the raw ease of movement', 1),
  signal: periodParam(9, 'SMA period of the MAEMV line', 1),
});

/**
 * EMV (no TA-Lib function), Arms' ease of movement as TradingView scales it:
 * raw = 10000 · (hl2 − prev hl2) · (h − l) / volume (0 on a zero-volume bar), from bar 1;
 * EMV = SMA(raw, period) (first at `period`), MAEMV = SMA(EMV, signal).
 */
export const emvIndicator = defineIndicator({
  id: 'EMV',
  name: 'Ease of Movement',
  category: 'volume',
  params,
  paramOrder: ['period', 'signal'],
  placement: 'pane',
  inputs: ['high', 'low', 'volume'],
  outputs: () => [
    { key: 'emv', label: 'EMV', style: 'line' },
    { key: 'ma', label: 'MAEMV', style: 'line' },
  ],
  stepper: (p) => {
    const ma = new SmaState(p.period);
    const sig = new SmaState(p.signal);
    // v: [count, prevMid]
    const s = new ScalarState([0, 0]);
    return makeStepper([ma, sig, s], (c, i, out) => {
      const v = s.v;
      const h = c.high[i];
      const l = c.low[i];
      const mid = (h + l) / 2;
      let e = NaN;
      if (v[0]++ > 0) {
        const vol = c.volume[i];
        const raw = vol !== 0 ? (10000 * (mid - v[1]) * (h - l)) / vol : 0;
        e = ma.next(raw);
      }
      v[1] = mid;
      out[0][i] = e;
      out[1][i] = e === e ? sig.next(e) : NaN;
    });
  },
});
