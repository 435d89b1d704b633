import { expect } from '@open-wc/testing';
import { canvasHash } from '../helpers/canvas-pixels.js';
import { paneCanvas, readyChart } from '../helpers/chart-fixture.js';
import { markRecentHigh, peekRecentHigh } from '../../node/catalog/recent-high-tools.js';

describe('host tools on a mounted chart', () => {
  it('a registered mutating host tool composes market_bars_query and drawing_create and the line is painted', async () => {
    const chart = await readyChart();
    const unregister = chart.tools.register(markRecentHigh);
    expect(chart.tools.list().find((t) => t.name === 'mark_recent_high')?.kind).to.equal('host');
    const before = canvasHash(paneCanvas(chart, 'price'));
    const r = await chart.tools.execute('mark_recent_high', { lookback: 30 });
    expect(r.success, JSON.stringify(r)).to.equal(true);
    const listed = await chart.tools.execute('drawings_list', {});
    const drawings = (listed.success ? listed.data : null) as {
      drawings: { id: string; kind: string; label?: string }[];
    };
    expect(drawings.drawings.map((d) => d.kind)).to.deep.equal(['horizontal_line']);
    expect(drawings.drawings[0].label).to.match(/^High \d/);
    await chart.whenPainted();
    expect(canvasHash(paneCanvas(chart, 'price'))).to.not.equal(before);
    unregister();
    expect(chart.tools.list().some((t) => t.name === 'mark_recent_high')).to.equal(false);
  });

  it('the read-only host tool gets not_allowed from its drawing_create child; a read-only run refuses the mutating host tool', async () => {
    const chart = await readyChart();
    chart.tools.register(markRecentHigh);
    chart.tools.register(peekRecentHigh);
    const peek = await chart.tools.execute('peek_recent_high', { lookback: 10 });
    expect(peek.success).to.equal(false);
    expect(!peek.success && peek.error.code).to.equal('not_allowed');
    expect(!peek.success && peek.error.message).to.contain('drawing_create');
    const run = await chart.tools.execute('mark_recent_high', { lookback: 10 }, { origin: 'agent', readOnly: true });
    expect(!run.success && run.error.code).to.equal('not_allowed');
    const listed = await chart.tools.execute('drawings_list', {});
    expect(listed.success ? listed.data : null).to.deep.include({ drawings: [] });
    // The chart describes both as an agent sees them (public chart.tools.describe()).
    const described = chart.tools.describe().filter((t) => t.name.endsWith('_recent_high'));
    expect(described.map((d) => [d.name, d.safety])).to.deep.equal([
      ['mark_recent_high', 'mutating'],
      ['peek_recent_high', 'read-only'],
    ]);
  });
});
