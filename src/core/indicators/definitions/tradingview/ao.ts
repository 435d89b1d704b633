import type { IndicatorDefinition } from '../../indicator-definition.js';
import { aoIndicator } from '../ao.js';

/**
 * TradingView Awesome Oscillator (built-in script): `ao = ta.sma(hl2, 5) - ta.sma(hl2, 34)`, the
 * same values as the default form, plotted as columns coloured by `diff = ao - ao[1]`:
 * `diff <= 0 ? red : green` (falling or flat down-coloured, rising up-coloured), not by sign.
 */
export const tradingviewAoIndicator: typeof aoIndicator = {
  ...aoIndicator,
  name: 'Awesome Oscillator (TradingView)',
  outputs: (p) => aoIndicator.outputs(p).map((o) => ({ ...o, colorBy: 'change' as const })),
} satisfies IndicatorDefinition<typeof aoIndicator.params>;
