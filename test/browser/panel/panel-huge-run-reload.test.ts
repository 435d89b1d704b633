import { expect } from '@open-wc/testing';
import { html } from 'lit';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import type { ChartAgentPanel } from '../../../components/chart-agent-panel/chart-agent-panel.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { chartAndPanel, deleteDatabase, nextRunEnd, part, typeAndSend, useMockModel } from './panel-fixture.js';

const SESSIONS_DB = 'kline-agent-sessions';

// A run of two 10,000-marker calls, read again after a page reload in a Japanese panel. Before: each call's
// whole input (≈ 0.8 MB) was stored and read back, and the run's summary, whose change set was too large to
// store, came back in English ("20000 markers added"). Now the session keeps a shortened copy of each input,
// whose card says so, and a digest of the set, which the panel words in Japanese.

function markersArguments(chart: KlineChart, tag: string): string {
  const bars = coreOf(chart).store.peek('series')!.bars;
  const markers = Array.from({ length: 10_000 }, (_, i) => ({
    time: bars.time[i % bars.length],
    position: 'above',
    shape: 'circle',
    text: `${tag} #${i}`,
  }));
  return JSON.stringify({ markers });
}

function panelOn(url: string): ChartAgentPanel {
  const panel = document.createElement('chart-agent-panel');
  for (const [k, v] of Object.entries({ for: 'c1', 'base-url': url, 'session-store': 'indexeddb', locale: 'ja' }))
    panel.setAttribute(k, v);
  panel.style.cssText = 'width:380px;height:640px';
  return panel;
}

describe('<chart-agent-panel> a huge run after a page reload', function () {
  this.timeout(120000);

  const mock = useMockModel();

  it('shows the tool inputs shortened and says so, and the run’s summary in the panel’s language', async () => {
    await deleteDatabase(SESSIONS_DB);
    const { chart, panel, wrapper } = await chartAndPanel(
      html`<chart-agent-panel for="c1" base-url=${mock.url} session-store="indexeddb" locale="ja"
        style="width:380px;height:640px"></chart-agent-panel>`,
    );
    await mock.script([
      {
        toolCalls: [
          { name: 'markers_create', arguments: markersArguments(chart, 'demo') },
          { name: 'chart_set_symbol', arguments: '{"symbol":"NYSE:ACME"}' },
          { name: 'markers_create', arguments: markersArguments(chart, 'acme') },
        ],
      },
      { text: '完了' },
    ]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'mark every bar on both');
    expect((await ended).status).to.equal('completed');
    await waitFor(() => part(panel, 'run-changes') !== null, 'change summary');
    const live = part(panel, 'run-changes')!.textContent;
    expect(live).to.contain('マーカーを 20000 件追加');

    // A page reload: a new chart and a new panel on the same stored chat.
    wrapper.replaceChildren();
    wrapper.innerHTML = '<kline-chart id="c1" style="width:600px;height:400px"></kline-chart>';
    const again = panelOn(mock.url);
    wrapper.append(again);
    await waitFor(() => part(again, 'run-changes') !== null && again.connected, 'summary after reload');
    await again.updateComplete;
    const summary = part(again, 'run-changes')!;
    expect(summary.dataset.stored).to.equal('gone');
    expect(summary.textContent).to.contain('マーカーを 20000 件追加');
    expect(summary.textContent).not.to.contain('markers added');

    const cards = [
      ...again.shadowRoot!.querySelectorAll<HTMLElement>('[part="tool-card"][data-tool="markers_create"]'),
    ];
    expect(cards.length).to.equal(2);
    for (const card of cards) {
      const input = card.querySelector('.tool-json')!.textContent;
      expect(input.length, 'the card shows a shortened input').to.be.lessThan(5000);
      expect(input).to.contain('… 9990 more');
      expect(card.querySelector('.tool-shortened')?.textContent).to.match(/^短縮表示：入力全体は \d+\.\d kB でした。/);
    }
    await deleteDatabase(SESSIONS_DB).catch(() => undefined);
  });
});
