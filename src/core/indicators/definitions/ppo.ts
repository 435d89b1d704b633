import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { EmaState, SmaState, isZero } from '../kernels/index.js';
import { periodParam } from '../param-schemas.js';
import { makeStepper, type Stepper } from '../stepper.js';

const params = Type.Object({
  fast: periodParam(12, 'Fast moving-average period', 1),
  slow: periodParam(26, 'Slow moving-average period', 1),
  maType: Type.Union([Type.Literal('SMA'), Type.Literal('EMA')], {
    default: 'SMA',
    description: 'Moving-average type (TA-Lib default SMA)',
  }),
  signal: periodParam(9, 'EMA period of the signal line (not part of TA-Lib PPO)', 1),
});

/**
 * PPO: TA-Lib `PPO` = (fast MA − slow MA)/slow MA·100 (0 when slow MA is 0), MA type SMA by default;
 * first value at `slow − 1`. With EMA, each EMA is SMA-seeded over its own first `period` closes
 * (TA-Lib's `TA_INT_PO` calls `TA_MA` from bar 0, unlike MACD). `signal` is an EMA of PPO (an
 * extra TradingView-style line, not part of TA-Lib's PPO) and `hist` = PPO − signal.
 */
export const ppoIndicator = defineIndicator({
  id: 'PPO',
  name: 'Percentage Price Oscillator',
  category: 'momentum',
  params,
  paramOrder: ['fast', 'slow', 'maType', 'signal'],
  placement: 'pane',
  inputs: ['close'],
  outputs: () => [
    { key: 'ppo', label: 'PPO', style: 'line' },
    { key: 'signal', label: 'SIGNAL', style: 'line' },
    { key: 'hist', label: 'HIST', style: 'histogram' },
  ],
  stepper: (p): Stepper => {
    const fast = Math.min(p.fast, p.slow);
    const slow = Math.max(p.fast, p.slow);
    const sig = new EmaState(p.signal);
    const emit = (out: readonly Float64Array[], i: number, f: number, s: number): void => {
      const ppo = f === f && s === s ? (isZero(s) ? 0 : ((f - s) / s) * 100) : NaN;
      const g = ppo === ppo ? sig.next(ppo) : NaN;
      out[0][i] = ppo;
      out[1][i] = g;
      out[2][i] = g === g ? ppo - g : NaN;
    };
    if (p.maType === 'SMA') {
      const f = new SmaState(fast);
      const s = new SmaState(slow);
      return makeStepper([f, s, sig], (c, i, out) => {
        const x = c.close[i];
        emit(out, i, f.next(x), s.next(x));
      });
    }
    const f = new EmaState(fast);
    const s = new EmaState(slow);
    return makeStepper([f, s, sig], (c, i, out) => {
      const x = c.close[i];
      emit(out, i, f.next(x), s.next(x));
    });
  },
});
