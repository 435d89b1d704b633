/**
 * The bundle entry: defines `<kline-chart>` and `<chart-agent-panel>` for a plain
 * `<script type="module" src="kline-chart.js">`. The model client is a separate chunk loaded on the
 * first agent run.
 */
import './kline-chart/define.js';
import './chart-agent-panel/define.js';

export { KlineChart } from './kline-chart/index.js';
export { ChartAgentPanel } from './chart-agent-panel/index.js';
export { defineTool } from '../src/core/tools/index.js';
