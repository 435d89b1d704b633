import { expect } from '@open-wc/testing';
import { html } from 'lit';
import { createIndexedDbSessionStore } from '../../../src/agent/index.js';
import type { ChartAgentPanel } from '../../../components/chart-agent-panel/index.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { chartAndPanel, deleteDatabase, mount, nextRunEnd, parts, typeAndSend, useMockModel } from './panel-fixture.js';

// A chart lists its tools once their chunk is in, after the handshake (docs/contracts.md "Handshake"): until
// then a reloaded chat's tool cards have only what the session stored. `tool.started` stores the tool's title.

const SESSIONS_DB = 'kline-agent-sessions';

/** The title of each tool card, as a person reads it. */
function cardTitles(panel: ChartAgentPanel): string[] {
  return parts(panel, 'tool-card').map((card) => card.querySelector('.tool-label')?.textContent?.trim() ?? '');
}

/** A panel for chart `c1` on chat place `key`, without the chart: it has not answered yet. */
function panelAlone(baseUrl: string, key: string): ChartAgentPanel {
  return mount(
    html`<chart-agent-panel for="c1" base-url=${baseUrl} session-store="indexeddb" session-key=${key}
      style="width:380px;height:480px"></chart-agent-panel>`,
  ).querySelector('chart-agent-panel')!;
}

/** Chart `c1` joins the page; resolves once the panel is connected and lists the chart's tools. */
async function chartArrives(panel: ChartAgentPanel): Promise<void> {
  const chart = mount(html`<kline-chart id="c1" style="width:500px;height:300px"></kline-chart>`).querySelector(
    'kline-chart',
  ) as KlineChart;
  await waitFor(() => chart.context.get() !== null && panel.connected, 'the chart connected');
  await coreOf(chart).tools.ready();
  await new Promise((r) => setTimeout(r, 50)); // the panel takes the labels when its port says so
  await panel.updateComplete;
}

describe('<chart-agent-panel> stored tool cards keep their titles', function () {
  this.timeout(60000);
  const mock = useMockModel();

  beforeEach(() => deleteDatabase(SESSIONS_DB));
  after(() => deleteDatabase(SESSIONS_DB));

  it('a reloaded chat shows each tool card with the title it had, before the chart lists its tools', async () => {
    const { panel } = await chartAndPanel(
      html`<chart-agent-panel for="c1" base-url=${mock.url} session-store="indexeddb" session-key="titles"
        style="width:380px;height:480px"></chart-agent-panel>`,
    );
    await mock.script([
      { toolCalls: [{ name: 'chart_set_period', arguments: '{"period":"1w"}' }] },
      { text: 'Weekly now.' },
    ]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'Weekly, please');
    expect((await ended).status).to.equal('completed');
    await panel.updateComplete;
    const [title] = cardTitles(panel);
    expect(title, 'the live card is titled, not named').to.not.equal('chart_set_period');
    expect(title).to.not.equal('');

    // The chat again (a reload), the chart not there yet.
    document.querySelector('kline-chart')!.parentElement!.parentElement!.remove();
    const again = panelAlone(mock.url, 'titles');
    await waitFor(() => parts(again, 'tool-card').length === 1, 'the stored card');
    await again.updateComplete;
    expect(again.connected).to.equal(false);
    expect(cardTitles(again)).to.deep.equal([title]);

    await chartArrives(again);
    expect(cardTitles(again), 'the same title once the chart lists its tools').to.deep.equal([title]);
  });

  it('a chat stored before titles were kept shows the tool name until the chart lists its tools', async () => {
    const store = createIndexedDbSessionStore();
    const session = await store.createSession('Older chat', 'older');
    const at = Date.now() - 10000;
    const base = { sessionId: session.id, runId: 'r1' };
    const result = { success: true as const, stateChanged: true, data: { period: '1w' } };
    await store.append(session.id, [
      { ...base, seq: 1, at, type: 'run.started', readOnly: false },
      { ...base, seq: 2, at, type: 'user.message', messageId: 'u1', text: 'Weekly, please', context: [] },
      { ...base, seq: 3, at, type: 'tool.started', callId: 'c1', name: 'chart_set_period', input: { period: '1w' } },
      { ...base, seq: 4, at, type: 'tool.finished', callId: 'c1', name: 'chart_set_period', result, elapsedMs: 3 },
      { ...base, seq: 5, at, type: 'assistant.message.completed', messageId: 'm1', text: 'Weekly now.' },
      { ...base, seq: 6, at, type: 'run.completed' },
    ]);
    const panel = panelAlone(mock.url, 'older');
    await waitFor(() => parts(panel, 'tool-card').length === 1, 'the stored card');
    await panel.updateComplete;
    expect(cardTitles(panel)).to.deep.equal(['chart_set_period']);
    await chartArrives(panel);
    const [title] = cardTitles(panel);
    expect(title).to.not.equal('chart_set_period');
    expect(title).to.not.equal('');
  });
});
