import { agentCharts, firstAgentChart } from './agent-chart-registry.js';

const warned = new Set<string>();

/**
 * The chart that should answer a handshake: with `chartId`, the agent-enabled chart of that id
 * nearest to `requester` (same shadow root first, then the closest common ancestor; ties go to
 * document order), with a console warning when the id is not unique; without `chartId`, the first
 * agent-enabled chart of the document. In the handshake's chunk (agent-handshake.ts).
 */
export function answeringChart(chartId: string | undefined, requester: Element | undefined): Element | undefined {
  if (!chartId) return firstAgentChart();
  const enabled = [...agentCharts].filter((c) => c.isConnected && c.getAttribute('agent') !== 'off');
  const matching = enabled.filter((c) => c.id === chartId);
  if (matching.length <= 1) return matching[0];
  if (!warned.has(chartId)) {
    warned.add(chartId);
    console.warn(
      `<kline-chart>: ${matching.length} charts on this page have id="${chartId}". A panel with for="${chartId}" connects to the chart nearest to it; give each chart its own id.`,
    );
  }
  if (!requester) return matching[0];
  const from = composedAncestors(requester);
  let best = matching[0];
  let bestDepth = -1;
  for (const chart of matching) {
    const depth = commonDepth(from, composedAncestors(chart));
    if (depth > bestDepth) {
      best = chart;
      bestDepth = depth;
    }
  }
  return best;
}

/** The node and its ancestors up to the document, crossing shadow roots to their hosts; root first. */
function composedAncestors(node: Node): Node[] {
  const chain: Node[] = [];
  for (
    let current: Node | null = node;
    current;
    current = current instanceof ShadowRoot ? current.host : current.parentNode
  ) {
    chain.push(current);
  }
  return chain.reverse();
}

function commonDepth(a: readonly Node[], b: readonly Node[]): number {
  let depth = 0;
  while (depth < a.length && depth < b.length && a[depth] === b[depth]) depth++;
  return depth;
}
