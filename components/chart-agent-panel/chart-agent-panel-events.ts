import type { AgentEvent } from '../../src/protocol/index.js';
import type { AgentConnectionDetail, AgentRunDetail } from './chart-agent-panel.js';

/** Every event `<chart-agent-panel>` dispatches, by name, with its `detail`. */
export interface ChartAgentPanelEventDetails {
  /** Every runtime event, redacted. */
  'agent-event': AgentEvent;
  'agent-run-start': AgentRunDetail;
  'agent-run-end': AgentRunDetail;
  'agent-connection-change': AgentConnectionDetail;
}

/** The events as `CustomEvent`s, for `addEventListener` typing. */
export type ChartAgentPanelEventMap = {
  [K in keyof ChartAgentPanelEventDetails]: CustomEvent<ChartAgentPanelEventDetails[K]>;
};

declare global {
  // `panel.addEventListener('agent-run-end', (e) => e.detail.status)` is typed.
  interface HTMLElementEventMap extends ChartAgentPanelEventMap {}
}
