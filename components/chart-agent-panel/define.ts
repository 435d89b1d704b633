import { ChartAgentPanel } from './chart-agent-panel.js';

// Defined only where there is a registry (a browser), so importing this module in Node (SSR) is safe.
if (typeof customElements !== 'undefined' && !customElements.get('chart-agent-panel'))
  customElements.define('chart-agent-panel', ChartAgentPanel);
