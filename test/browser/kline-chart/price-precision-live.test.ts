import { expect } from '@open-wc/testing';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import type { Bar } from '../../../src/core/data/index.js';
import { mountChart, painted, removeFixtures, START } from '../lifecycle/lifecycle-fixture.js';

/** The legend's close value (the text after its "C" label). */
function legendClose(chart: KlineChart): string {
  const cells = [...chart.shadowRoot!.querySelectorAll<HTMLElement>('[data-testid="ohlc"] > span')];
  const cell = cells[3];
  return cell.textContent.replace(cell.querySelector('.muted')!.textContent, '').trim();
}

/** Whole-number bars: a new listing's first minutes, or a history that happened to close on round prices. */
function roundBars(count: number): Bar[] {
  return Array.from({ length: count }, (_, i) => ({
    time: START + i * 60_000,
    open: 100 + (i % 3),
    high: 103 + (i % 3),
    low: 99 + (i % 3),
    close: 101 + (i % 3),
    volume: 10,
  }));
}

describe('price decimals of live bars', () => {
  afterEach(removeFixtures);

  it('a live tick with more decimals than the history shows them, not a rounded price', async () => {
    const { chart } = mountChart({ symbol: 'NEW', period: '1m' });
    const rows = roundBars(30);
    expect(chart.setBars(rows)).to.equal(true);
    await painted(chart);
    expect(legendClose(chart)).to.equal('103');
    const last = rows[rows.length - 1];
    expect(
      chart.updateBar({ ...last, time: last.time + 60_000, open: 103, high: 103.5, low: 102.9, close: 103.37 }),
    ).to.equal(true);
    await painted(chart);
    expect(legendClose(chart)).to.equal('103.37');
  });

  it('a precision the host set stays as set', async () => {
    const { chart } = mountChart({ symbol: 'SET0', period: '1m' });
    const rows = roundBars(30);
    expect(chart.setBars(rows, { pricePrecision: 0 })).to.equal(true);
    await painted(chart);
    const last = rows[rows.length - 1];
    expect(chart.updateBar({ ...last, close: 102.4 })).to.equal(true);
    await painted(chart);
    expect(legendClose(chart)).to.equal('102');
  });
});
