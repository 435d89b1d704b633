import { KlineChart } from './kline-chart.js';

if (!customElements.get('kline-chart')) customElements.define('kline-chart', KlineChart);
