export { KlineChart, type ChartToolsApi } from './kline-chart.js';
export type { ChartPrimitive, PrimitiveScales } from './chart-primitive.js';
export type { PriceLineMovedDetail } from './overlay-layer-controller.js';
