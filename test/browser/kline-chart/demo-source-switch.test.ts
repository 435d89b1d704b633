import { expect } from '@open-wc/testing';
import '../../../components/kline-chart/define.js';
import '../../../components/chart-agent-panel/define.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { mountDemo } from '../helpers/demo-page.js';

// The demo's data switcher when the chosen source cannot be reached (Binance offline): the chart
// keeps its data and says why, and the switcher goes back to what the chart shows.
describe('the demo page: a data source that cannot be reached', function () {
  this.timeout(30000);
  const realFetch = window.fetch;
  let root: HTMLElement | undefined;
  after(() => {
    window.fetch = realFetch;
    root?.remove();
  });

  it('keeps the sample on screen with a notice, and the switcher shows the sample again; a second try is a change again', async () => {
    const demo = await mountDemo();
    root = demo.root;
    const { chart } = demo;
    const select = root.querySelector<HTMLSelectElement>('#source-select')!;
    expect(select.value).to.equal('sample|DEMO|1d');
    const studies = chart.context.get()!.activeIndicators.map((i) => i.instanceId);
    const view = chart.context.get()!.visibleRange;
    // No network here: Binance's REST API is unreachable, as on an offline laptop.
    let binanceCalls = 0;
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input instanceof Request ? input.url : input).includes('binance.com')) {
        binanceCalls++;
        return Promise.reject(new TypeError('Failed to fetch'));
      }
      return realFetch(input, init);
    };
    const errors: string[] = [];
    chart.addEventListener('kline-error', (e) => errors.push((e as CustomEvent<{ code: string }>).detail.code));

    for (const attempt of [1, 2]) {
      select.value = 'binance|BTCUSDT|1m';
      select.dispatchEvent(new Event('change'));
      await waitFor(() => errors.length === attempt, `load failure ${attempt}`);
      await chart.updateComplete;
      expect(binanceCalls, 'the chart tried Binance').to.be.at.least(attempt);
      expect(chart.context.get()?.symbol, 'the sample stays on screen').to.equal('DEMO');
      const toast = chart.shadowRoot!.querySelector('.toast');
      expect(toast?.textContent, 'a notice says why').to.contain('Binance is unreachable');
      expect(select.value, 'the switcher shows what the chart shows').to.equal('sample|DEMO|1d');
      await chart.whenPainted();
      expect(
        chart.context.get()!.activeIndicators.map((i) => i.instanceId),
        'the studies stay',
      ).to.deep.equal(studies);
      expect(chart.context.get()!.visibleRange, 'the view stays').to.deep.equal(view);
    }
  });
});
