export {
  ChartAgentPanel,
  type AgentRunDetail,
  type AgentConnectionDetail,
  type WebSearchFunction,
} from './chart-agent-panel.js';
export { panelStrings, resolvePanelLocale, type PanelLocale, type PanelStrings } from './panel-strings.js';
export { loadChartAgentPanel, autoloadChartAgentPanel } from './load-chart-agent-panel.js';
export type { ChartAgentPanelEventDetails, ChartAgentPanelEventMap } from './chart-agent-panel-events.js';
