import { Type } from '@sinclair/typebox';
import { periodParam } from '../../param-schemas.js';
import { pineSma } from '../../kernels/pine.js';
import { tdxMap } from '../../kernels/tdx.js';
import { defineFormulaIndicator } from '../tdx/define-formula-indicator.js';

/**
 * TradingView Ease of Movement (built-in script): `eom = ta.sma(div * ta.change(hl2) * (high - low) / volume, length)`
 * with div = 10000. A zero-volume bar divides by zero, which is `na` in Pine, so every window
 * holding it has no value (TA-Lib-style EMV counts it as 0). MAEMV = ta.sma(eom, signal) is kept
 * as the second line.
 */
export const tradingviewEmvIndicator = defineFormulaIndicator({
  id: 'EMV',
  name: 'Ease of Movement (TradingView)',
  category: 'volume',
  params: Type.Object({
    period: periodParam(14, 'Length', 1),
    signal: periodParam(9, 'SMA length of the MAEMV line', 1),
  }),
  paramOrder: ['period', 'signal'],
  placement: 'pane',
  inputs: ['high', 'low', 'volume'],
  outputs: () => [
    { key: 'emv', label: 'EOM', style: 'line' },
    { key: 'ma', label: 'MAEMV', style: 'line' },
  ],
  formula: (c, p) => {
    const raw = tdxMap(c.length, (i) => {
      if (i === 0 || c.volume[i] === 0) return NaN;
      const change = (c.high[i] + c.low[i]) / 2 - (c.high[i - 1] + c.low[i - 1]) / 2;
      return (10000 * change * (c.high[i] - c.low[i])) / c.volume[i];
    });
    const eom = pineSma(raw, p.period);
    return [eom, pineSma(eom, p.signal)];
  },
});
