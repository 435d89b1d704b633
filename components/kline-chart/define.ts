import { KlineChart } from './kline-chart.js';

// Defined only where there is a registry (a browser), so importing this module in Node (SSR) is safe.
if (typeof customElements !== 'undefined' && !customElements.get('kline-chart'))
  customElements.define('kline-chart', KlineChart);
