import { SmaState, emaK } from '../kernels/index.js';
import { makeStepper } from '../stepper.js';
import { ScalarState } from '../scalar-state.js';
import { MACD_STEPPER, MA_STEPPER, macdPeriods } from './study-stepper-slots.js';

/**
 * Supplies the steppers of MA and MACD (ma.ts, macd.ts: their full computations are batch kernels), which only
 * a live tick's running state runs: stepped-updater.ts calls this when it loads (issue #12).
 */
export function fillStudySteppers(): void {
  MA_STEPPER.fill((p) => {
    const states = p.periods.map((n) => new SmaState(n));
    return makeStepper(states, (c, i, out) => {
      const x = c.close[i];
      for (let k = 0; k < states.length; k++) out[k][i] = states[k].next(x);
    });
  });
  MACD_STEPPER.fill((p) => {
    const [fast, slow] = macdPeriods(p);
    const signal = p.signal;
    const fk = emaK(fast);
    const sk = emaK(slow);
    const gk = emaK(signal);
    // v: [count, slowAcc, fastAcc, signalAcc]
    const s = new ScalarState([0, 0, 0, 0]);
    return makeStepper([s], (c, i, out) => {
      const v = s.v;
      const x = c.close[i];
      const n = v[0]++;
      let macd = NaN;
      let sig = NaN;
      if (n < slow) {
        if (n >= slow - fast) v[2] += x;
        v[1] += x;
        if (n === slow - 1) {
          v[1] = v[1] / slow;
          v[2] = v[2] / fast;
          macd = v[2] - v[1];
          v[3] = macd;
          if (signal === 1) sig = v[3] = v[3] / signal;
        }
      } else {
        v[2] = (x - v[2]) * fk + v[2];
        v[1] = (x - v[1]) * sk + v[1];
        macd = v[2] - v[1];
        const k = n - (slow - 1); // index of this MACD value, the seed's first one being 0
        if (k < signal - 1) {
          v[3] += macd;
        } else if (k === signal - 1) {
          v[3] = (v[3] + macd) / signal;
          sig = v[3];
        } else {
          v[3] = (macd - v[3]) * gk + v[3];
          sig = v[3];
        }
      }
      const ready = sig === sig;
      out[0][i] = ready ? macd : NaN;
      out[1][i] = ready ? sig : NaN;
      out[2][i] = ready ? macd - sig : NaN;
    });
  });
}
