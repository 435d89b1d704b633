export { KlineChart, type ChartToolsApi } from './kline-chart.js';
