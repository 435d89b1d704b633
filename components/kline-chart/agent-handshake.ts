import { AGENT_AVAILABLE_EVENT, type AgentConnectDetail } from '../../src/protocol/index.js';
import { createAgentPort, type ChartCore, type OpenPort } from '../../src/core/commands/index.js';
import { answeringChart } from './answering-chart.js';

const REPLIED = Symbol('replied');

/**
 * Answers one `kline-agent-connect` for `chart` (docs/contracts.md "Handshake"): when it is the chart
 * asked for and no other chart replied yet, opens a port, keeps it in `ports` (closed on disconnect)
 * and calls `reply` with it. A chunk of its own (issue #12): agent-port-controller.ts loads it after
 * the chart's first paint, or when a panel asks before that.
 */
export function answerAgentConnect(
  chart: HTMLElement,
  core: ChartCore,
  ports: Set<OpenPort>,
  detail: AgentConnectDetail | null | undefined,
): void {
  if (!detail || typeof detail.reply !== 'function' || core.policy.agent === 'off') return;
  // With an id, the nearest chart of that id answers (ids may repeat across posts on one page);
  // without one, the first chart in the document, or one in a shadow root when the document has none.
  const requester = detail.requester instanceof Element ? detail.requester : undefined;
  if (answeringChart(detail.chartId, requester) !== chart) return;
  const handled = detail as AgentConnectDetail & { [REPLIED]?: boolean };
  if (handled[REPLIED]) return;
  handled[REPLIED] = true;
  const open = createAgentPort(core);
  // The agent lists and calls the tools: fetch their chunk now rather than after the first paint.
  core.tools.ready().catch((error: unknown) => {
    console.warn('kline-chart: the chart tools could not be loaded', error);
  });
  // An agent lists the studies (indicators_list, the markers tool's description): load them all.
  core.indicatorRegistry.loadAll().catch((error: unknown) => {
    console.error('kline-chart-agent: indicator code failed to load', error);
  });
  ports.add(open);
  void open.port.closed.then(() => ports.delete(open));
  detail.reply(open.port);
}

/** Tells waiting panels that `chart` is here (`kline-agent-available`; agent-port-controller.ts decides when). */
export function announceAgentChart(chart: HTMLElement): void {
  document.dispatchEvent(
    new CustomEvent(AGENT_AVAILABLE_EVENT, { detail: { chartId: chart.id }, bubbles: true, composed: true }),
  );
}
