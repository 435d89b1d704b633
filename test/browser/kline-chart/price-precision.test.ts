import { expect } from '@open-wc/testing';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { mountChart, painted, removeFixtures } from '../lifecycle/lifecycle-fixture.js';
import { tickBars } from '../helpers/tick-bars.js';

/** The legend's close value (the text after its "C" label). */
function legendClose(chart: KlineChart): string {
  const cells = [...chart.shadowRoot!.querySelectorAll<HTMLElement>('[data-testid="ohlc"] > span')];
  const cell = cells[3];
  return cell.textContent.replace(cell.querySelector('.muted')!.textContent, '').trim();
}

describe('price decimals follow the data', () => {
  afterEach(removeFixtures);

  it('shows every decimal of a 1e-5 price (tick 1e-9), not 0.0000', async () => {
    const { chart } = mountChart({ symbol: 'PEPE', period: '1m' });
    const rows = tickBars(200, 0.000012345, 1e-9);
    expect(chart.setBars(rows)).to.equal(true);
    await painted(chart);
    expect(legendClose(chart)).to.equal(rows[rows.length - 1].close.toFixed(9));
    expect(Number(legendClose(chart))).to.be.closeTo(rows[rows.length - 1].close, 1e-12);
  });

  it('shows float noise such as 0.30000000000000004 as the tick size allows (0.30)', async () => {
    const { chart } = mountChart({ symbol: 'NOISE', period: '1m' });
    const rows = tickBars(200, 0.5, 0.01);
    // 0.1 + 0.2: what a host that adds its prices up hands over.
    const last = rows[rows.length - 1];
    rows[rows.length - 1] = { ...last, open: 0.3, close: 0.1 + 0.2, high: 0.35, low: 0.29 };
    expect(chart.setBars(rows)).to.equal(true);
    await painted(chart);
    expect(legendClose(chart)).to.equal('0.30');
    chart.toggleDataTable(true);
    await chart.updateComplete;
    const table = chart.shadowRoot!.querySelector('[part="data-table"]')!;
    expect(table.textContent).to.include('0.30');
    expect(table.textContent).not.to.include('0.3000');
  });

  it('keeps a precision the host set (setBars pricePrecision)', async () => {
    const { chart } = mountChart({ symbol: 'SET', period: '1m' });
    const rows = tickBars(200, 0.5, 0.01);
    expect(chart.setBars(rows, { pricePrecision: 3 })).to.equal(true);
    await painted(chart);
    expect(legendClose(chart)).to.equal(rows[rows.length - 1].close.toFixed(3));
  });
});
