import { expect, fixture } from '@open-wc/testing';
import { html } from 'lit';
import '../../../components/kline-chart/define.js';
import type { ChartAgentPort } from '../../../src/protocol/index.js';
import { AGENT_AVAILABLE_EVENT, AGENT_CONNECT_EVENT } from '../../../src/protocol/index.js';
import { waitFor } from '../helpers/chart-fixture.js';

function ask(chartId?: string): ChartAgentPort[] {
  const replies: ChartAgentPort[] = [];
  document.dispatchEvent(
    new CustomEvent(AGENT_CONNECT_EVENT, {
      bubbles: true,
      composed: true,
      detail: { chartId, reply: (p: ChartAgentPort) => replies.push(p) },
    }),
  );
  return replies;
}

/**
 * Resolves once every chart of `ids` has announced itself (`kline-agent-available`): from then on it replies
 * at once (its answer is a chunk, components/kline-chart/agent-handshake.ts). Call before the charts are made.
 */
function announced(ids: string[]): Promise<void> {
  const seen = new Set<string>();
  return new Promise((resolve) => {
    const on = (e: Event) => {
      seen.add((e as CustomEvent<{ chartId: string }>).detail.chartId);
      if (!ids.every((id) => seen.has(id))) return;
      document.removeEventListener(AGENT_AVAILABLE_EVENT, on);
      resolve();
    };
    document.addEventListener(AGENT_AVAILABLE_EVENT, on);
  });
}

describe('chart ↔ panel handshake', () => {
  it('the chart with the requested id replies once; without an id the first agent-enabled chart does', async () => {
    const here = announced(['h-a', 'h-b']);
    await fixture(html`<div>
      <kline-chart id="h-off" agent="off" style="width:300px;height:200px"></kline-chart>
      <kline-chart id="h-a" style="width:300px;height:200px"></kline-chart>
      <kline-chart id="h-b" style="width:300px;height:200px"></kline-chart>
    </div>`);
    await here;
    const byId = ask('h-b');
    expect(byId.length).to.equal(1);
    expect(byId[0].chartId).to.equal('h-b');
    const first = ask();
    expect(first.length).to.equal(1);
    expect(first[0].chartId).to.equal('h-a');
    expect(ask('h-off').length).to.equal(0);
  });

  it('a chart defined after the panel asked announces itself, and a removed chart closes its port', async () => {
    const available: string[] = [];
    const onAvailable = (e: Event) => available.push((e as CustomEvent<{ chartId: string }>).detail.chartId);
    document.addEventListener(AGENT_AVAILABLE_EVENT, onAvailable);
    expect(ask('late-chart').length).to.equal(0);
    const host = await fixture<HTMLDivElement>(html`<div></div>`);
    const chart = document.createElement('kline-chart');
    chart.id = 'late-chart';
    chart.style.cssText = 'width:300px;height:200px';
    host.appendChild(chart);
    await waitFor(() => available.includes('late-chart'), 'kline-agent-available');
    document.removeEventListener(AGENT_AVAILABLE_EVENT, onAvailable);
    const [port] = ask('late-chart');
    expect(port, 'a port for late-chart').to.not.equal(undefined);
    await waitFor(() => port.context() !== null, 'context over the port');
    expect(port.context()!.chartId).to.equal('late-chart');
    await port.toolsReady?.(); // the built-in tools are a chunk loaded after the first paint
    const names = port.tools().map((t) => t.name);
    expect(names).to.include.members([
      'chart_get_context',
      'chart_set_period',
      'market_bars_query',
      'instruments_query_name',
      'chart_set_symbol',
      'chart_set_visible_range',
    ]);
    const result = await port.execute('chart_set_period', { period: '1w' });
    expect(result.success).to.equal(true);
    expect(chart.context.get()!.period).to.equal('1w');
    let closed = false;
    void port.closed.then(() => (closed = true));
    chart.remove();
    await waitFor(() => closed, 'port.closed');
    const after = await port.execute('chart_get_context', {});
    expect(after.success).to.equal(false);
  });

  it('policy is enforced at the port: read-only charts neither list nor run mutating tools; allow-lists filter', async () => {
    const here = announced(['h-ro', 'h-allow']);
    await fixture(html`<div>
      <kline-chart id="h-ro" agent="read-only" style="width:300px;height:200px"></kline-chart>
      <kline-chart id="h-allow" agent-tools="chart_get_context,market_*" style="width:300px;height:200px"></kline-chart>
    </div>`);
    await here;
    const [ro] = ask('h-ro');
    await waitFor(() => ro.context() !== null, 'data');
    await ro.toolsReady?.(); // the built-in tools are a chunk loaded after the first paint
    expect(ro.tools().every((t) => t.safety === 'read-only')).to.equal(true);
    const refused = await ro.execute('chart_set_period', { period: '1w' });
    expect(refused.success).to.equal(false);
    expect(!refused.success && refused.error.code).to.equal('not_allowed');
    const [allow] = ask('h-allow');
    await allow.toolsReady?.();
    expect(
      allow
        .tools()
        .map((t) => t.name)
        .sort(),
    ).to.deep.equal(['chart_get_context', 'market_bars_query']);
    const runReadOnly = await allow.execute('chart_get_context', {}, { readOnly: true });
    expect(runReadOnly.success).to.equal(true);
  });

  it('tool descriptions carry live values and results cross the port as plain JSON', async () => {
    const here = announced(['h-live']);
    await fixture(html`<kline-chart id="h-live" style="width:300px;height:200px"></kline-chart>`);
    await here;
    const [port] = ask('h-live');
    await waitFor(() => port.context() !== null, 'data');
    await port.toolsReady?.(); // the built-in tools are a chunk loaded after the first paint
    const setSymbol = port.tools().find((t) => t.name === 'chart_set_symbol')!;
    expect(setSymbol.description).to.match(/Enabled source ids: sample/);
    const r = await port.execute('market_bars_query', { limit: 3 });
    expect(structuredClone(r)).to.deep.equal(r);
    const seen: unknown[] = [];
    const off = port.subscribe((c) => seen.push(c));
    await port.execute('chart_set_visible_range', { lastBars: 10 });
    await waitFor(() => seen.length > 0, 'context change');
    off();
  });
});
