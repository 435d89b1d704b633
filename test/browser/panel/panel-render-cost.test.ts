import { expect } from '@open-wc/testing';
import { html } from 'lit';
import type { ChartAgentPanel } from '../../../components/chart-agent-panel/index.js';
import type { ChartContext } from '../../../src/protocol/index.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { chartAndPanel, parts, unmountAll } from './panel-fixture.js';
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

describe('<chart-agent-panel> render cost', () => {
  afterEach(unmountAll);

  it('does not re-render while the chart pans, and re-renders when a chip would read differently', async () => {
    const { chart, panel } = await chartAndPanel(
      html`<chart-agent-panel for="c1" session-store="memory"></chart-agent-panel>`,
    );
    await panel.updateComplete;
    const renders = countRenders(panel);
    const seen = () => (panel as unknown as { _context: ChartContext | null })._context;
    for (const lastBars of [60, 80, 100, 120]) {
      const r = await chart.tools.execute('chart_set_visible_range', { lastBars }, { origin: 'user' });
      expect(r.success).to.equal(true);
      // The panel has the new context (it will send it with the next message)…
      await waitFor(() => seen()?.visibleRange.bars === lastBars, `panel saw ${lastBars} bars`);
      await panel.updateComplete;
    }
    // …but nothing it shows changed, so it did not render.
    expect(renders.count).to.equal(0);

    const series = coreOf(chart).store.peek('series')!;
    const n = series.bars.length;
    coreOf(chart).store.action('test_select', (d) =>
      d.set('selection', { from: series.bars.time[n - 10], to: series.bars.time[n - 1] }),
    );
    await waitFor(() => parts(panel, 'context-chip').length === 3, 'selection chips');
    expect(renders.count).to.be.greaterThan(0);
  });
});
