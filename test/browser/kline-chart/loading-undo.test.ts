import { expect, fixture } from '@open-wc/testing';
import { html } from 'lit';
import '../../../components/kline-chart/define.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { heldSource } from '../helpers/held-source.js';

// A symbol or period change holds the chart's `loading` flag up while its bars load (chart-core.ts loadTarget).
// An undo meanwhile loads the bars of the target it goes back to (syncToTarget), which aborts that change:
// the flag must come down then too, not stay up for good (it is the chart's "Loading…" state, kline-chart.ts render).

describe('an undo while a period change loads', function () {
  this.timeout(30000);

  it('ends the loading state once the undone target is shown', async () => {
    const held = heldSource('held', ['AAA', 'BBB']);
    const wrapper = await fixture<HTMLElement>(
      html`<div><kline-chart style="width:800px;height:400px" indicators="" source="held" symbol="AAA"></kline-chart></div>`,
    );
    const chart = wrapper.querySelector('kline-chart') as KlineChart;
    chart.registerDataSource(held.source);
    await waitFor(() => chart.context.get()?.source === 'held', 'the held source shown');
    const store = coreOf(chart).store;
    const moved = await chart.tools.execute('chart_set_symbol', { symbol: 'BBB' });
    expect(moved.success, JSON.stringify(moved)).to.equal(true);

    held.hold.bars = true;
    const change = chart.tools.execute('chart_set_period', { period: '1w' });
    await waitFor(() => held.loads.length === 1, 'the weekly bars asked for');
    expect(store.peek('loading'), 'loading while the weekly bars load').to.equal(true);

    // Undo the symbol change while the period change loads: AAA's daily bars are loaded back.
    expect(chart.undo()).to.equal('chart_set_symbol');
    await waitFor(() => held.loads.length === 2, "AAA's bars asked for");
    for (const call of held.loads) call.release();
    await change;
    await waitFor(() => chart.context.get()?.symbol === 'AAA', 'AAA shown again');
    await new Promise((r) => setTimeout(r, 100));
    expect(chart.context.get()!.period).to.equal('1d');
    expect(store.peek('loading'), 'still loading').to.equal(false);
  });
});
