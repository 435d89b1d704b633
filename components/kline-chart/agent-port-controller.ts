import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { AGENT_AVAILABLE_EVENT, AGENT_CONNECT_EVENT, type AgentConnectDetail } from '../../src/protocol/index.js';
import { createAgentPort, type ChartCore, type OpenPort } from '../../src/core/commands/index.js';
import { answeringChart, registerAgentChart } from './agent-chart-registry.js';

type Host = ReactiveControllerHost & HTMLElement & { readonly hasUpdated: boolean };

const REPLIED = Symbol('replied');

/**
 * The chart's side of the agent handshake: answers `kline-agent-connect` with a port while
 * connected, closes its ports on disconnect, and announces itself (`kline-agent-available`) on every
 * connect so a panel whose port closed (the chart was moved or re-added) connects again.
 */
export class AgentPortController implements ReactiveController {
  readonly #host: Host;
  readonly #core: ChartCore;
  readonly #ports = new Set<OpenPort>();
  #announced = false;
  #unregister: () => void = () => undefined;

  constructor(host: Host, core: ChartCore) {
    this.#host = host;
    this.#core = core;
    host.addController(this);
  }

  hostConnected(): void {
    this.#unregister();
    this.#unregister = registerAgentChart(this.#host);
    document.addEventListener(AGENT_CONNECT_EVENT, this.#onConnect as EventListener);
    if (this.#host.hasUpdated) this.#announce();
  }

  hostUpdated(): void {
    if (this.#host.isConnected) this.#announce();
  }

  hostDisconnected(): void {
    this.#unregister();
    this.#unregister = () => undefined;
    document.removeEventListener(AGENT_CONNECT_EVENT, this.#onConnect as EventListener);
    this.closeAll();
    this.#announced = false;
  }

  /** Closes every open port (disconnect, `agent="off"`). */
  closeAll(): void {
    for (const open of this.#ports) open.close();
    this.#ports.clear();
  }

  /** The agent was turned on again (`agent` no longer `off`): panels waiting for this chart connect. */
  reannounce(): void {
    this.#announced = false;
    if (this.#host.isConnected && this.#host.hasUpdated) this.#announce();
  }

  #announce(): void {
    if (this.#announced) return;
    this.#announced = true;
    document.dispatchEvent(
      new CustomEvent(AGENT_AVAILABLE_EVENT, { detail: { chartId: this.#host.id }, bubbles: true, composed: true }),
    );
  }

  readonly #onConnect = (event: CustomEvent<AgentConnectDetail>) => {
    const detail = event.detail;
    const host = this.#host;
    if (!detail || typeof detail.reply !== 'function' || this.#core.policy.agent === 'off') return;
    // With an id, the nearest chart of that id answers (ids may repeat across posts on one page);
    // without one, the first chart in the document, or one in a shadow root when the document has none.
    const requester = detail.requester instanceof Element ? detail.requester : undefined;
    if (answeringChart(detail.chartId, requester) !== host) return;
    const handled = detail as AgentConnectDetail & { [REPLIED]?: boolean };
    if (handled[REPLIED]) return;
    handled[REPLIED] = true;
    const open = createAgentPort(this.#core);
    // The agent lists and calls the tools: fetch their chunk now rather than after the first paint.
    this.#core.tools.ready().catch((error: unknown) => {
      console.warn('kline-chart: the chart tools could not be loaded', error);
    });
    // An agent lists the studies (indicators_list, the markers tool's description): load them all.
    this.#core.indicatorRegistry.loadAll().catch((error: unknown) => {
      console.error('kline-chart-agent: indicator code failed to load', error);
    });
    this.#ports.add(open);
    void open.port.closed.then(() => this.#ports.delete(open));
    detail.reply(open.port);
  };
}
