import { expect } from '@open-wc/testing';
import { readyChart } from '../helpers/chart-fixture.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';

// A live bar is read once: a host object whose getters throw, or answer one thing to the check and
// another to the chart, is refused with `invalid_bars` or drawn as checked, never thrown or drawn as NaN.

function errors(chart: KlineChart): { code: string; reason?: string }[] {
  const list: { code: string; reason?: string }[] = [];
  chart.addEventListener('kline-error', (e) => list.push((e as CustomEvent<{ code: string; reason?: string }>).detail));
  return list;
}

function ohlcText(chart: KlineChart): string {
  return chart.shadowRoot!.querySelector('[data-testid="ohlc"]')!.textContent.replace(/\s+/g, ' ');
}

describe('hostile live bars (updateBar)', () => {
  it('a bar whose getter throws is refused with invalid_bars, not thrown', async () => {
    const chart = await readyChart();
    const seen = errors(chart);
    const before = ohlcText(chart);
    const bar = {
      get time(): number {
        throw new Error('boom');
      },
      open: 1,
      high: 1,
      low: 1,
      close: 1,
      volume: 1,
    };
    let result: unknown;
    expect(() => (result = chart.updateBar(bar))).not.to.throw();
    expect(result).to.equal(false);
    expect(seen.map((e) => `${e.code}/${e.reason}`)).to.deep.equal(['invalid_bars/not_bars']);
    await chart.whenPainted();
    expect(ohlcText(chart)).to.equal(before);
  });

  it('a bar whose getter answers the check and the chart differently is drawn as it was checked', async () => {
    const chart = await readyChart();
    const seen = errors(chart);
    const last = chart.context.get()!.dataRange.to;
    let reads = 0;
    const bar = {
      time: last,
      open: 100,
      high: 110,
      low: 90,
      get close(): number {
        // Valid for the first read (the check), NaN afterwards.
        return reads++ === 0 ? 105 : NaN;
      },
      volume: 10,
    };
    expect(chart.updateBar(bar)).to.equal(true);
    await chart.whenPainted();
    await chart.updateComplete;
    expect(seen).to.deep.equal([]);
    const text = ohlcText(chart);
    expect(text).not.to.contain('—');
    expect(text).to.contain('105');
  });
});
