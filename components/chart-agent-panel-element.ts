/**
 * `kline-chart-agent/elements/chart-agent-panel`: defines `<chart-agent-panel>` alone. Its model
 * client (`openai`, an optional peer dependency) is imported on the first run.
 */
import './chart-agent-panel/define.js';

export * from './chart-agent-panel/index.js';
