/**
 * The bundle entry: defines `<kline-chart>` and `<chart-agent-panel>` for a plain
 * `<script type="module" src="kline-chart.js">`. The model client is a separate chunk loaded on the
 * first agent run.
 */
import './kline-chart/define.js';
import './chart-agent-panel/define.js';

export { KlineChart } from './kline-chart/index.js';
export { ChartAgentPanel } from './chart-agent-panel/index.js';
export { defineTool, ToolCallError } from '../src/core/tools/index.js';
/** Data sources a host can register (`chart.registerDataSource(...)`), e.g. Binance behind a proxy. */
export { createBinanceSource, createUrlSource } from '../src/core/data/index.js';
/** Builds a study for `chart.registerIndicator(...)` the way the built-ins are built. */
export { defineIndicator } from '../src/core/indicators/index.js';
/** TypeBox's `Type`, so a host page can write a tool's parameter schema without a build step. */
export { Type } from '@sinclair/typebox';
