import { IndicatorSettings } from './indicator-settings.js';

// Defined only where there is a registry (a browser), so importing this module in Node (SSR) is safe.
if (typeof customElements !== 'undefined' && !customElements.get('kline-indicator-settings'))
  customElements.define('kline-indicator-settings', IndicatorSettings);
