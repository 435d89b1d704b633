/**
 * `kline-chart-agent/elements/kline-chart`: defines `<kline-chart>` alone (no agent panel, so the
 * model client is never part of the app) and exports what a host needs around it.
 */
import './kline-chart/define.js';

export * from './kline-chart/index.js';
export { defineTool, ToolCallError } from '../src/core/tools/index.js';
export { createBinanceSource, createUrlSource } from '../src/core/data/index.js';
export type { Bar, Bars, DataSource, Period } from '../src/core/data/index.js';
export { Type } from '@sinclair/typebox';
