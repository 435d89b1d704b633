import { IndicatorPicker } from './indicator-picker.js';

// Defined only where there is a registry (a browser), so importing this module in Node (SSR) is safe.
if (typeof customElements !== 'undefined' && !customElements.get('kline-indicator-picker'))
  customElements.define('kline-indicator-picker', IndicatorPicker);
