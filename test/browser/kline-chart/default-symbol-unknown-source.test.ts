import { expect } from '@open-wc/testing';
import { readyChart, waitFor } from '../helpers/chart-fixture.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';

// ChartCore.defaultSymbol (src/core/commands/chart-core.ts) looks up a chart's first symbol as a load
// does, aborting the load in flight. For a source the chart does not know there is nothing to load:
// it fails at once, and the data the chart is loading meanwhile still arrives.
describe('the default symbol of an unknown source', () => {
  it('fails with not_found without aborting the load in flight', async () => {
    const chart = await readyChart();
    const core = coreOf(chart);
    const symbol = chart.context.get()!.symbol;
    const load = core.loadTarget({ symbol, period: '1h', sourceId: 'sample' }, null);
    const failure = await core.defaultSymbol('no-such-source').then(
      () => null,
      (error: { code?: string; message?: string }) => error,
    );
    expect(failure?.code).to.equal('not_found');
    expect(failure?.message).to.contain("Unknown data source 'no-such-source'");
    const series = await load; // not aborted
    expect(series.period).to.equal('1h');
    await waitFor(() => chart.context.get()?.period === '1h', 'the chart shows the loaded period');
    expect(core.store.peek('loading')).to.equal(false);
  });
});
