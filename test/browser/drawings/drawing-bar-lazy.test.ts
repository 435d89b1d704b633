import { expect, fixture } from '@open-wc/testing';
import { html } from 'lit';
import '../../../components/kline-chart/define.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { waitFor } from '../helpers/chart-fixture.js';

// The drawing bar's code (its buttons, icons, fold and styles) is a chunk the chart loads when it first
// shows the bar (issue #12). Meanwhile an empty bar holds its width, so the plot does not move when the
// buttons arrive, and `whenPainted()` resolves with the buttons in place. Each file runs in a page of its
// own, so the chunk is not loaded before this test.
describe('the drawing bar loads after the first render without moving the plot', () => {
  it('a chart with the minimal toolbar neither shows the bar nor fetches its code', async () => {
    const wrapper = await fixture<HTMLElement>(
      html`<div><kline-chart toolbar="minimal" style="width:900px;height:500px" indicators="VOL"></kline-chart></div>`,
    );
    const chart = wrapper.querySelector('kline-chart') as KlineChart;
    await waitFor(() => chart.context.get() !== null, 'chart data');
    await chart.whenPainted();
    expect(chart.shadowRoot!.querySelector('[part="drawing-toolbar"]')).to.equal(null);
    const fetched = performance.getEntriesByType('resource').map((entry) => entry.name);
    expect(fetched.filter((name) => /drawing-(bar-parts|toolbar|bar-fold)\.js/.test(name))).to.deep.equal([]);
  });

  it('an empty bar keeps the width of the bar that replaces it; whenPainted() resolves with its buttons', async () => {
    const wrapper = await fixture<HTMLElement>(
      html`<div><kline-chart style="width:900px;height:800px" indicators="VOL"></kline-chart></div>`,
    );
    const chart = wrapper.querySelector('kline-chart') as KlineChart;
    await chart.updateComplete;
    const bar = () => chart.shadowRoot!.querySelector<HTMLElement>('[part="drawing-toolbar"]');
    const main = () => chart.shadowRoot!.querySelector<HTMLElement>('.main')!;
    expect(bar(), 'the bar is rendered at once').to.not.equal(null);
    expect(bar()!.querySelectorAll('button').length, 'no buttons before the chunk').to.equal(0);
    const placeholder = { bar: bar()!.getBoundingClientRect().width, plotLeft: main().getBoundingClientRect().left };

    await waitFor(() => chart.context.get() !== null, 'chart data');
    await chart.whenPainted();
    const buttons = bar()!.querySelectorAll('button[part="drawing-tool"]');
    expect(buttons.length, 'the bar has its tools when whenPainted() resolves').to.be.greaterThan(10);
    expect(bar()!.getAttribute('role')).to.equal('toolbar');
    expect(bar()!.getBoundingClientRect().width, 'bar width').to.equal(placeholder.bar);
    expect(main().getBoundingClientRect().left, 'the plot did not move').to.equal(placeholder.plotLeft);
  });
});
