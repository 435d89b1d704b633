import type { ChartAgentPort } from './chart-agent-port.js';

/** Dispatched by a panel on `document` to find its chart. */
export const AGENT_CONNECT_EVENT = 'kline-agent-connect';
/** Dispatched by a chart on `document` when it becomes available after a panel asked. */
export const AGENT_AVAILABLE_EVENT = 'kline-agent-available';

export interface AgentConnectDetail {
  readonly chartId?: string;
  /**
   * The asking element. When several charts share `chartId`, the one nearest to it answers (same
   * shadow root, then closest common ancestor). For another window's connection: the chart that allowed its origin. Typed `object`: the protocol
   * stays DOM-free (it also runs in Node); charts use it only when it is an `Element`.
   */
  readonly requester?: object;
  reply(port: ChartAgentPort): void;
  /**
   * Optional. The chart asked for calls it during the dispatch when it cannot answer yet (its answer is
   * a chunk still on its way, docs/contracts.md "Handshake"): `settled` resolves once it has answered
   * (`reply` was called, or not when its agent was turned off meanwhile) and rejects, with the reason,
   * when that chunk could not be fetched (asking again fetches it again). The frame bridge
   * (src/frames/serve-frame-connections.ts) waits on it before it answers the other window.
   */
  deferred?(settled: Promise<void>): void;
}

export interface AgentAvailableDetail {
  readonly chartId: string;
}
