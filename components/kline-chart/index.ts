export type { SetBarsOptions, DataRequestDetail } from './chart-data-controller.js';
export { KlineChart, type ChartToolsApi } from './kline-chart.js';
