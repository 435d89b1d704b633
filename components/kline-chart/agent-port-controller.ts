import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { AGENT_CONNECT_EVENT, type AgentConnectDetail } from '../../src/protocol/index.js';
import type { ChartCore, OpenPort } from '../../src/core/commands/index.js';
import { chunkLoadError } from '../../src/core/data/chunk-load-error.js';
import { lazyModule } from '../../src/core/tools/lazy-module.js';
import { registerAgentChart } from './agent-chart-registry.js';

type Host = ReactiveControllerHost & HTMLElement & { readonly hasUpdated: boolean; whenPainted(): Promise<void> };

/** The handshake's answer once its chunk is in: until then a request is answered when it arrives. */
let handshake: typeof import('./agent-handshake.js') | undefined;
const loadHandshake = lazyModule(() => import('./agent-handshake.js').then((m) => (handshake = m)));

/**
 * The chart's side of the agent handshake: answers `kline-agent-connect` with a port while
 * connected, closes its ports on disconnect, and announces itself (`kline-agent-available`) on every
 * connect so a panel whose port closed (the chart was moved or re-added) connects again. The answer
 * (which chart is asked for, the port) is a chunk (agent-handshake.ts) fetched after the first paint
 * or by an earlier request: the chart announces itself once it is in, and from then on replies at once;
 * a request before that is answered when the chunk arrives (docs/contracts.md "Handshake").
 */
export class AgentPortController implements ReactiveController {
  readonly #host: Host;
  readonly #core: ChartCore;
  readonly #ports = new Set<OpenPort>();
  #announced = false;
  #told = false;
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
    this.#announced = this.#told = false;
  }

  /** Closes every open port (disconnect, `agent="off"`). */
  closeAll(): void {
    for (const open of this.#ports) open.close();
    this.#ports.clear();
  }

  /** The agent was turned on again (`agent` no longer `off`): panels waiting for this chart connect. */
  reannounce(): void {
    this.#announced = this.#told = false;
    if (this.#host.isConnected && this.#host.hasUpdated) this.#announce();
  }

  /** Resolves once the chart replies to a handshake at once (its chunk is in), or its fetch failed (then warned). */
  ready(): Promise<unknown> {
    return loadHandshake().catch(() => undefined);
  }

  #announce(): void {
    if (this.#announced) return;
    this.#announced = true;
    // After the first paint, so its fetch never competes with the first paint's (a request before is answered late).
    void this.#host
      .whenPainted()
      .then(loadHandshake, loadHandshake)
      .then(
        () => this.#available(),
        (error: unknown) => console.warn('kline-chart: the agent connection could not be loaded', error),
      );
  }

  /**
   * Tells waiting panels, once per connection and once the chart can reply at once, that it is here
   * (called once the handshake's chunk is in, which says it: agent-handshake.ts `announceAgentChart`).
   */
  #available(): void {
    if (!this.#announced || this.#told || !this.#host.isConnected) return;
    this.#told = true;
    handshake?.announceAgentChart(this.#host);
  }

  readonly #onConnect = (event: CustomEvent<AgentConnectDetail>) => {
    const detail = event.detail;
    const answer = () =>
      this.#host.isConnected && handshake?.answerAgentConnect(this.#host, this.#core, this.#ports, detail);
    if (handshake) return answer();
    // Asked before the chunk is in: answered when it arrives (a panel takes a late reply), and the chart
    // announces itself then, also when the fetch after its first paint had failed.
    loadHandshake().then(
      () => {
        answer();
        this.#available();
      },
      (error: unknown) => {
        if (this.#core.policy.agent !== 'off' && (!detail?.chartId || detail.chartId === this.#host.id))
          this.#core.reportError('agent_unavailable', chunkLoadError('the agent connection', error).message);
      },
    );
  };
}
