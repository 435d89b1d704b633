/**
 * The connected `<kline-chart>` elements, so a chart can tell whether it is the one a panel's
 * `kline-agent-connect` asks for, also when several charts share an id (two posts on one page both
 * using `id="chart"`) or live in shadow roots (answering-chart.ts, in the handshake's chunk).
 */
export const agentCharts = new Set<Element>();

/** Adds a chart (on connect); returns the function that removes it (on disconnect). */
export function registerAgentChart(chart: Element): () => void {
  agentCharts.add(chart);
  return () => {
    agentCharts.delete(chart);
  };
}

/**
 * The chart a `kline-agent-connect` without a `chartId` is for (docs/contracts.md "Handshake"): the first
 * agent-enabled chart of the document, else one in a shadow root. Eager: when the handshake's chunk cannot
 * be fetched, only that chart says so (agent-port-controller.ts).
 */
export function firstAgentChart(): Element | undefined {
  const on = (c: Element) => c.isConnected && c.getAttribute('agent') !== 'off';
  return [...document.querySelectorAll('kline-chart')].find(on) ?? [...agentCharts].find(on);
}
