import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { LagState, isZero, trueRange } from '../kernels/index.js';
import { periodParam } from '../param-schemas.js';
import { makeStepper } from '../stepper.js';
import { ScalarState } from '../scalar-state.js';

const params = Type.Object({ period: periodParam(14, 'Look-back in bars for DI, ADX and ADXR', 1) });

/**
 * DMI: TA-Lib `PLUS_DI`, `MINUS_DI`, `ADX`, `ADXR` in one pass. DM and TR are summed over bars
 * 1..n−1, then Wilder-smoothed (`prev − prev/n + x`) from bar n (first DI, 0 when TR is 0);
 * ADX = mean of the first n DX values (first at 2n − 1), then `(prev·(n−1) + DX)/n` (unchanged when
 * DX is undefined); ADXR = (ADX + ADX n−1 bars earlier)/2 (first at 3n − 2).
 */
export const dmiIndicator = defineIndicator({
  id: 'DMI',
  name: 'Directional Movement Index',
  category: 'trend',
  params,
  paramOrder: ['period'],
  placement: 'pane',
  inputs: ['high', 'low', 'close'],
  outputs: () => [
    { key: 'pdi', label: '+DI', style: 'line' },
    { key: 'mdi', label: '-DI', style: 'line' },
    { key: 'adx', label: 'ADX', style: 'line' },
    { key: 'adxr', label: 'ADXR', style: 'line' },
  ],
  stepper: (p) => {
    const n = p.period;
    const lagAdx = new LagState(n - 1);
    // v: [count, prevHigh, prevLow, prevClose, plusDM, minusDM, tr, sumDX, adx]
    const s = new ScalarState([0, 0, 0, 0, 0, 0, 0, 0, 0]);
    return makeStepper([lagAdx, s], (c, i, out) => {
      const v = s.v;
      const high = c.high[i];
      const low = c.low[i];
      const t = v[0]++;
      let pdi = NaN;
      let mdi = NaN;
      let adx = NaN;
      let adxr = NaN;
      if (t > 0) {
        const diffP = high - v[1];
        const diffM = v[2] - low;
        const tr = trueRange(high, low, v[3]);
        if (t >= n) {
          v[5] -= v[5] / n;
          v[4] -= v[4] / n;
        }
        if (diffM > 0 && diffP < diffM) v[5] += diffM;
        else if (diffP > 0 && diffP > diffM) v[4] += diffP;
        v[6] = t >= n ? v[6] - v[6] / n + tr : v[6] + tr;
        if (t >= n) {
          let dx = NaN;
          if (!isZero(v[6])) {
            mdi = 100 * (v[5] / v[6]);
            pdi = 100 * (v[4] / v[6]);
            const sum = mdi + pdi;
            if (!isZero(sum)) dx = 100 * (Math.abs(mdi - pdi) / sum);
          } else {
            mdi = 0;
            pdi = 0;
          }
          if (t < 2 * n - 1) {
            if (dx === dx) v[7] += dx;
          } else {
            if (t === 2 * n - 1) {
              if (dx === dx) v[7] += dx;
              v[8] = v[7] / n;
            } else if (dx === dx) {
              v[8] = (v[8] * (n - 1) + dx) / n;
            }
            adx = v[8];
            const old = lagAdx.next(adx);
            if (old === old) adxr = (adx + old) / 2;
          }
        }
      }
      v[1] = high;
      v[2] = low;
      v[3] = c.close[i];
      out[0][i] = pdi;
      out[1][i] = mdi;
      out[2][i] = adx;
      out[3][i] = adxr;
    });
  },
});
