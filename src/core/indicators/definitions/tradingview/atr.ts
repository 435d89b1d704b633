import { Type } from '@sinclair/typebox';
import { periodParam } from '../../param-schemas.js';
import { pineAtr } from '../../kernels/pine.js';
import { defineFormulaIndicator } from '../tdx/define-formula-indicator.js';

/**
 * TradingView ATR (`ta.atr`): ta.rma(ta.tr(true), n), the first true range being high − low, so
 * the first value is at bar n − 1 (TA-Lib starts at n, without the first bar's range).
 */
export const tradingviewAtrIndicator = defineFormulaIndicator({
  id: 'ATR',
  name: 'Average True Range (TradingView)',
  category: 'volatility',
  params: Type.Object({ period: periodParam(14, 'Length', 1) }),
  paramOrder: ['period'],
  placement: 'pane',
  inputs: ['high', 'low', 'close'],
  outputs: (p) => [{ key: 'atr', label: `ATR${p.period}`, style: 'line' }],
  formula: (c, p) => [pineAtr(c.high, c.low, c.close, p.period)],
});
