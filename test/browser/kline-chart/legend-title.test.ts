import { expect } from '@open-wc/testing';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { minuteBars, mountChart, painted, removeFixtures } from '../lifecycle/lifecycle-fixture.js';

function title(chart: KlineChart): string {
  return chart
    .shadowRoot!.querySelector<HTMLElement>('[part="legend"] .title')!
    .textContent.replace(/\s+/g, ' ')
    .trim();
}

describe("the legend's title line", () => {
  afterEach(removeFixtures);

  it("a host's own bars: the symbol once and the period, with no empty exchange after a separator", async () => {
    const { chart } = mountChart({ source: 'custom' });
    expect(chart.setBars(minuteBars(120), { symbol: 'HOST', period: '1m' })).to.equal(true);
    await painted(chart);
    // Before: "HOST · HOST · 1m ·" (the name defaulted to the symbol, the exchange was empty).
    expect(title(chart)).to.equal('HOST · 1m');
  });

  it('a name of its own is shown after the symbol', async () => {
    const { chart } = mountChart({ source: 'custom' });
    expect(chart.setBars(minuteBars(120), { symbol: 'ACME', name: 'Acme Corp', period: '1m' })).to.equal(true);
    await painted(chart);
    expect(title(chart)).to.equal('ACME · Acme Corp · 1m');
  });

  it('the sample data: symbol, name, period and exchange', async () => {
    const { chart } = mountChart({ symbol: 'DEMO', period: '1d' });
    await painted(chart);
    expect(title(chart)).to.equal('DEMO · Demo Corp · 1d · NASDAQ');
  });
});
