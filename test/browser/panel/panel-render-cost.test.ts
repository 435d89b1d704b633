import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { html } from 'lit';
import { panelRowRenders, type ChartAgentPanel } from '../../../components/chart-agent-panel/chart-agent-panel.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { mockRequests, scriptMock } from '../helpers/mock-model-client.js';
import { chartAndPanel, nextRunEnd, part, parts, unmountAll } from './panel-fixture.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';

/** Counts the panel's renders from now on. */
function countRenders(panel: ChartAgentPanel): { readonly count: number } {
  const counter = { count: 0 };
  const render = panel.render.bind(panel);
  panel.render = () => {
    counter.count++;
    return render();
  };
  return counter;
}

/** Collects every DOM change inside the conversation from now on. */
function watchMessages(panel: ChartAgentPanel): MutationRecord[] {
  const records: MutationRecord[] = [];
  new MutationObserver((list) => records.push(...list)).observe(part(panel, 'messages')!, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
  });
  return records;
}

describe('<chart-agent-panel> render cost', () => {
  let mockUrl = '';
  before(async () => {
    mockUrl = String(await executeServerCommand('mock-model-url'));
  });
  afterEach(unmountAll);

  it('a pan while idle renders neither the panel nor its conversation; a selection renders only the chips', async () => {
    const { chart, panel } = await chartAndPanel(
      html`<chart-agent-panel for="c1" base-url=${mockUrl} session-store="memory"></chart-agent-panel>`,
    );
    // A conversation to keep still: two exchanges.
    for (const text of ['First **answer**.', 'Second answer with `code`.']) {
      await scriptMock(mockUrl.replace(/\/v1$/, ''), [{ text }]);
      // send() resolves once the chat list is refreshed too: nothing is left to render after it.
      expect(await panel.send(`Ask ${text}`)).to.equal('completed');
    }
    await panel.updateComplete;
    const renders = countRenders(panel);
    const rowsBefore = panelRowRenders(panel);
    const changes = watchMessages(panel);
    const chipText = () => parts(panel, 'context-chip').map((chip) => chip.textContent.trim());
    const chipsBefore = chipText();
    for (const lastBars of [60, 80, 100, 120]) {
      const r = await chart.tools.execute('chart_set_visible_range', { lastBars }, { origin: 'user' });
      expect(r.success).to.equal(true);
      await waitFor(() => chart.context.get()?.visibleRange.bars === lastBars, `chart shows ${lastBars} bars`);
      await panel.updateComplete;
    }
    expect(renders.count).to.equal(0);
    expect(panelRowRenders(panel) - rowsBefore).to.equal(0);
    expect(changes).to.have.length(0);
    expect(chipText()).to.deep.equal(chipsBefore);

    const series = coreOf(chart).store.peek('series')!;
    const n = series.bars.length;
    // A selection's summary comes with the tools (src/core/commands/summarize-range.ts), which set selections.
    await chart.tools.ready();
    coreOf(chart).store.action('test_select', (d) =>
      d.set('selection', { from: series.bars.time[n - 10], to: series.bars.time[n - 1] }),
    );
    await waitFor(() => parts(panel, 'context-chip').length === 3, 'selection chips');
    await panel.updateComplete;
    expect(renders.count).to.equal(0);
    expect(panelRowRenders(panel) - rowsBefore).to.equal(0);
    expect(changes).to.have.length(0);
  });

  it('the next message carries the context of the latest pan, though the panel did not render for it', async () => {
    const { chart, panel } = await chartAndPanel(
      html`<chart-agent-panel for="c1" base-url=${mockUrl} session-store="memory"></chart-agent-panel>`,
    );
    const r = await chart.tools.execute('chart_set_visible_range', { lastBars: 70 }, { origin: 'user' });
    expect(r.success).to.equal(true);
    await waitFor(() => chart.context.get()?.visibleRange.bars === 70, 'pan');
    const root = mockUrl.replace(/\/v1$/, '');
    await scriptMock(root, [{ text: 'Seen.' }]);
    const ended = nextRunEnd(panel);
    void panel.send('What do I see?');
    expect((await ended).status).to.equal('completed');
    const sent = JSON.stringify((await mockRequests(root)).at(-1)!.body.messages);
    expect(sent).to.contain('(70 bars)');
  });
});
