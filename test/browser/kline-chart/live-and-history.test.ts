import { expect, fixture } from '@open-wc/testing';
import { html } from 'lit';
import '../../../components/kline-chart/define.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { createBars, type BarsRequest, type DataSource, type Series } from '../../../src/core/data/index.js';
import { inputReady, readyChart, waitFor } from '../helpers/chart-fixture.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';

const TOTAL = 1600;
const START = Date.UTC(2024, 0, 1);

/** A source that serves 1600 one-minute bars in pages of at most 500, newest first. */
function pagedSource(requests: BarsRequest[]): DataSource {
  const all = createBars(TOTAL);
  for (let i = 0; i < TOTAL; i++) {
    all.time[i] = START + i * 60_000;
    all.open[i] = 100 + Math.sin(i / 20) * 5;
    all.close[i] = all.open[i] + Math.cos(i / 7);
    all.high[i] = Math.max(all.open[i], all.close[i]) + 0.5;
    all.low[i] = Math.min(all.open[i], all.close[i]) - 0.5;
    all.volume[i] = 1000 + (i % 50) * 10;
  }
  const instrument = {
    symbol: 'PAGED',
    name: 'Paged Inc',
    exchange: 'TEST',
    market: 'stock',
    timezone: 'UTC',
    sourceId: 'paged',
  };
  return {
    id: 'paged',
    label: 'Paged test source',
    periods: ['1m'],
    async searchInstruments() {
      return [instrument];
    },
    async getBars(request): Promise<Series> {
      requests.push(request);
      const to = request.to ?? Infinity;
      let end = 0;
      while (end < TOTAL && all.time[end] <= to) end++;
      const start = Math.max(0, end - (request.limit ?? 500));
      const bars = createBars(end - start);
      for (const f of ['time', 'open', 'high', 'low', 'close', 'volume'] as const)
        bars[f].set(all[f].subarray(start, end));
      return { instrument, period: '1m', bars, complete: start === 0 };
    },
  };
}

describe('history on demand and live updates', () => {
  it('panning to the left edge loads older pages without moving the view, until the beginning', async () => {
    const requests: BarsRequest[] = [];
    const wrapper = await fixture<HTMLElement>(
      html`<div><kline-chart style="width:700px;height:400px" source="paged" symbol="PAGED" period="1m" indicators="MA(5)"></kline-chart></div>`,
    );
    const chart = wrapper.querySelector('kline-chart') as KlineChart;
    chart.registerDataSource(pagedSource(requests));
    chart.setAttribute('source', 'paged');
    await waitFor(() => chart.context.get()?.source === 'paged', 'paged data');
    expect(chart.context.get()!.dataRange.bars).to.equal(500);
    // Painted and ready for keys: the plot's keys are a chunk fetched after the first paint, and a key
    // pressed before it arrives is answered when it comes (touch-chunk.test.ts), not at once.
    await chart.whenPainted();
    await inputReady();
    for (let page = 0; page < 3; page++) {
      const before = chart.context.get()!;
      // Scroll to the oldest loaded bars with the Home key, as a user would.
      chart.focus();
      chart.dispatchEvent(new KeyboardEvent('keydown', { key: 'Home', bubbles: true }));
      // The key moves the view at once; the older page arrives later (the source is asynchronous).
      const home = chart.context.get()!;
      expect(home.dataRange.bars, 'no page loaded yet').to.equal(before.dataRange.bars);
      expect(home.visibleRange.from).to.equal(home.dataRange.from);
      await waitFor(
        () =>
          chart.context.get()!.dataRange.bars > before.dataRange.bars ||
          coreOf(chart).store.peek('series')!.complete === true,
        `page ${page}`,
      );
      const after = chart.context.get()!;
      // What the user looks at did not move when bars were prepended: the same bars are on screen.
      expect(after.dataRange.from).to.be.lessThan(home.dataRange.from);
      expect(after.visibleRange.from).to.equal(home.visibleRange.from);
      expect(after.visibleRange.to).to.equal(home.visibleRange.to);
    }
    await waitFor(() => coreOf(chart).store.peek('series')!.complete === true, 'beginning of data');
    const ctx = chart.context.get()!;
    expect(ctx.dataRange.bars).to.equal(TOTAL);
    expect(ctx.dataRange.from).to.equal(START);
    // Bars are ascending and unique after three prepends.
    const time = coreOf(chart).store.peek('series')!.bars.time;
    for (let i = 1; i < time.length; i++) expect(time[i] - time[i - 1]).to.equal(60_000);
    expect(requests.filter((r) => r.to !== undefined).length).to.equal(3);
    // Indicators were recomputed over the longer series (MA(5) defined from bar 4 on).
    const ma = coreOf(chart).indicatorEngine.values(
      coreOf(chart).store.peek('indicators')[0],
      coreOf(chart).store.peek('series')!,
    )!;
    expect(ma.ma1.length).to.equal(TOTAL);
    expect(Number.isNaN(ma.ma1[3])).to.equal(true);
    expect(ma.ma1[4]).to.be.closeTo(
      (time.length && [0, 1, 2, 3, 4].reduce((a, i) => a + coreOf(chart).store.peek('series')!.bars.close[i], 0)) / 5,
      1e-9,
    );
  });

  it('a burst of 1,000 live updates paints once per frame and follows the newest bar', async () => {
    const chart = await readyChart(
      html`<kline-chart style="width:700px;height:400px" symbol="BTCUSDT" period="1m" indicators="VOL,MACD"></kline-chart>`,
    );
    await chart.whenPainted();
    const before = chart.paintCount;
    const ctx = chart.context.get()!;
    const last = ctx.dataRange.to;
    const series = coreOf(chart).store.peek('series')!;
    let close = series.bars.close[series.bars.length - 1];
    for (let i = 1; i <= 1000; i++) {
      close *= 1 + ((i % 7) - 3) / 10_000;
      // 10 ticks per bar: 900 in-place updates and 100 appended bars.
      const time = last + Math.ceil(i / 10) * 60_000;
      chart.updateBar({ time, open: close, high: close * 1.001, low: close * 0.999, close, volume: i });
    }
    await chart.whenPainted();
    expect(chart.paintCount - before).to.equal(1);
    const after = chart.context.get()!;
    expect(after.dataRange.bars).to.equal(ctx.dataRange.bars + 100);
    expect(after.dataRange.to).to.equal(last + 100 * 60_000);
    // The view followed: the newest bar is on screen.
    expect(after.visibleRange.to).to.equal(after.dataRange.to);
    // The MACD computed incrementally equals a full compute of the same bars.
    const instance = coreOf(chart)
      .store.peek('indicators')
      .find((i) => i.definitionId === 'MACD')!;
    const incremental = coreOf(chart).indicatorEngine.values(instance, coreOf(chart).store.peek('series')!)!;
    const def = coreOf(chart).indicatorRegistry.get('MACD')!;
    const bars = coreOf(chart).store.peek('series')!.bars;
    const full = def.compute({ ...bars, length: bars.length }, instance.params);
    const n = bars.length - 1;
    expect(incremental.macd[n]).to.be.closeTo(full.macd[n], Math.abs(full.macd[n]) * 1e-9 + 1e-12);
  });

  it('a live tick does not move the view when the user is looking at history', async () => {
    const chart = await readyChart(
      html`<kline-chart style="width:700px;height:400px" symbol="BTCUSDT" period="1m" indicators=""></kline-chart>`,
    );
    await chart.tools.execute('chart_set_visible_range', { lastBars: 100 });
    chart.focus();
    chart.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', shiftKey: true, bubbles: true }));
    const view = coreOf(chart).store.peek('view')!;
    const ctx = chart.context.get()!;
    chart.updateBar({ time: ctx.dataRange.to + 60_000, open: 1, high: 1, low: 1, close: 1, volume: 1 });
    expect(coreOf(chart).store.peek('view')).to.deep.equal(view);
  });
});
