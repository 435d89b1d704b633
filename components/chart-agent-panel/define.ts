import { ChartAgentPanel } from './chart-agent-panel.js';

if (!customElements.get('chart-agent-panel')) customElements.define('chart-agent-panel', ChartAgentPanel);
