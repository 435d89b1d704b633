import { Type } from '@sinclair/typebox';
import { defineIndicator } from '../define-indicator.js';
import { makeStepper } from '../stepper.js';
import { ScalarState } from '../scalar-state.js';

const params = Type.Object({});

/** Money-flow volume of one bar (TA-Lib `AD`): ((c − l) − (h − c)) / (h − l) · v, 0 when h ≤ l. */
export function moneyFlowVolume(high: number, low: number, close: number, volume: number): number {
  const range = high - low;
  return range > 0 ? ((close - low - (high - close)) / range) * volume : 0;
}

/** AD: TA-Lib `AD` (Chaikin accumulation/distribution line), cumulative from the first bar. */
export const adIndicator = defineIndicator({
  id: 'AD',
  name: 'Accumulation/Distribution',
  category: 'volume',
  params,
  paramOrder: [],
  placement: 'pane',
  inputs: ['high', 'low', 'close', 'volume'],
  outputs: () => [{ key: 'ad', label: 'AD', style: 'line' }],
  stepper: () => {
    const s = new ScalarState([0]);
    return makeStepper([s], (c, i, out) => {
      s.v[0] += moneyFlowVolume(c.high[i], c.low[i], c.close[i], c.volume[i]);
      out[0][i] = s.v[0];
    });
  },
});
