import type { ChartAgentPort } from './chart-agent-port.js';

/** Dispatched by a panel on `document` to find its chart. */
export const AGENT_CONNECT_EVENT = 'kline-agent-connect';
/** Dispatched by a chart on `document` when it becomes available after a panel asked. */
export const AGENT_AVAILABLE_EVENT = 'kline-agent-available';

export interface AgentConnectDetail {
  readonly chartId?: string;
  /**
   * The asking element. When several charts share `chartId`, the one nearest to it answers (same
   * shadow root, then closest common ancestor). Absent across frames. Typed `object`: the protocol
   * stays DOM-free (it also runs in Node); charts use it only when it is an `Element`.
   */
  readonly requester?: object;
  reply(port: ChartAgentPort): void;
}

export interface AgentAvailableDetail {
  readonly chartId: string;
}
