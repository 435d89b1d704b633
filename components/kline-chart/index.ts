export type { SetBarsOptions, DataRequestDetail } from './chart-data-controller.js';
export { KlineChart, type ChartToolsApi } from './kline-chart.js';
export type { ChartPrimitive, PrimitiveScales } from './chart-primitive.js';
export type { PriceLineMovedDetail } from './overlay-layer-controller.js';
export type {
  KlineChartEventDetails,
  KlineChartEventMap,
  KlineReadyDetail,
  KlineDataLoadDetail,
  KlineContextChangeDetail,
  KlineSelectionChangeDetail,
  KlineChangeDetail,
  KlineErrorDetail,
  KlinePrimitiveClickDetail,
  PriceAlertDetail,
} from './kline-chart-events.js';
