import { expect } from '@open-wc/testing';
import { html } from 'lit';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { chartAndPanel, deleteDatabase, nextRunEnd, part, typeAndSend, useMockModel } from './panel-fixture.js';

const SESSIONS_DB = 'kline-agent-sessions';

/** The user's 10,000 markers (the most per instrument) on the chart's instrument. */
async function markEveryBar(chart: KlineChart, tag: string): Promise<void> {
  const bars = coreOf(chart).store.peek('series')!.bars;
  const times = Array.from({ length: bars.length }, (_, i) => bars.time[i]);
  const markers = Array.from({ length: 10_000 }, (_, i) => ({
    time: times[i % times.length],
    position: 'above',
    shape: 'circle',
    text: `${tag} signal #${String(i).padStart(5, '0')}`.slice(0, 20),
  }));
  const made = await chart.tools.execute('markers_create', { markers });
  expect(made.success, JSON.stringify(made).slice(0, 300)).to.equal(true);
}

async function markerTotal(chart: KlineChart): Promise<number> {
  return ((await chart.tools.execute('markers_list', { limit: 1 })) as { data: { total: number } }).data.total;
}

describe('<chart-agent-panel> a run too large to store', function () {
  this.timeout(120000);

  const mock = useMockModel();

  it('says it can be undone until the page reloads, undoes it, and after a page reload says it can no longer be undone', async () => {
    await deleteDatabase(SESSIONS_DB);
    const panelHtml = html`<chart-agent-panel for="c1" base-url=${mock.url} session-store="indexeddb"
      style="width:380px;height:640px"></chart-agent-panel>`;
    const { chart, panel, wrapper } = await chartAndPanel(panelHtml);
    // 10,000 markers on each of two instruments; the run removes all of them: some 3.5 MB of change set.
    await markEveryBar(chart, 'demo');
    await chart.tools.execute('chart_set_symbol', { symbol: 'NYSE:ACME' });
    await markEveryBar(chart, 'acme');
    await chart.tools.execute('chart_set_symbol', { symbol: 'DEMO' });
    await mock.script([
      {
        toolCalls: [
          { name: 'markers_remove', arguments: '{}' },
          { name: 'chart_set_symbol', arguments: '{"symbol":"NYSE:ACME"}' },
          { name: 'markers_remove', arguments: '{}' },
        ],
      },
      { text: 'Cleared both.' },
    ]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'clear the markers on both');
    expect((await ended).status).to.equal('completed');
    await waitFor(() => part(panel, 'run-changes') !== null, 'change summary');
    const card = part(panel, 'run-changes')!;
    expect(card.textContent).to.contain('20000 markers removed');
    expect(card.dataset.stored).to.equal('memory');
    expect(card.textContent).to.contain('it can be undone until this page is reloaded');

    // Undo run works in this page: every marker comes back.
    part<HTMLButtonElement>(panel, 'undo-run')!.click();
    await waitFor(() => part(panel, 'undo-run')?.textContent?.includes('Redo run') === true, 'undone');
    expect(await markerTotal(chart)).to.equal(10_000, 'the DEMO markers are back');

    // A page reload: a new chart and a new panel on the same stored chat.
    wrapper.replaceChildren();
    wrapper.innerHTML = '<kline-chart id="c1" style="width:600px;height:400px"></kline-chart>';
    const again = document.createElement('chart-agent-panel');
    again.setAttribute('for', 'c1');
    again.setAttribute('base-url', mock.url);
    again.setAttribute('session-store', 'indexeddb');
    again.style.cssText = 'width:380px;height:640px';
    wrapper.append(again);
    await waitFor(() => part(again, 'run-changes') !== null && again.connected, 'summary after reload');
    await again.updateComplete;
    const after = part(again, 'run-changes')!;
    expect(after.dataset.stored).to.equal('gone');
    expect(after.textContent).to.contain('20000 markers removed');
    expect(after.textContent).to.contain('it can no longer be undone');
    expect(part<HTMLButtonElement>(again, 'undo-run')!.disabled).to.equal(true);
    await deleteDatabase(SESSIONS_DB).catch(() => undefined);
  });
});
