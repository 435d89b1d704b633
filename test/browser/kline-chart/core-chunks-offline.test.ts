import { expect, fixture } from '@open-wc/testing';
import { html } from 'lit';
import { executeServerCommand } from '@web/test-runner-commands';
import '../../../components/kline-chart/define.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { createBars, type DataSource, type Series } from '../../../src/core/data/index.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';

// Reading a source's bars (src/core/commands/load-series.ts), folding the host's bars into another
// period (host-data-ops.ts), asking the page for bars (host-answer.ts) and fetching older history (load-older.ts) are modules loaded on first use. When one cannot be fetched
// (offline, a CMS that did not copy the chunk), the user is told why, the chart keeps what it shows,
// and the same action works once the module loads.

const T0 = Date.UTC(2024, 0, 2);

/** `n` one-minute bars from `from` (bar index), ascending. */
function minuteBars(n: number, from = 0) {
  const bars = createBars(n);
  for (let k = 0; k < n; k++) {
    const i = from + k;
    bars.time[k] = T0 + i * 60_000;
    bars.open[k] = 100 + (i % 7);
    bars.close[k] = 100 + (i % 5);
    bars.high[k] = 110;
    bars.low[k] = 90;
    bars.volume[k] = 10 + i;
  }
  return bars;
}

/** 1,000 one-minute bars served in pages (300 bars when the request names no limit), newest first. */
function pagedSource(): DataSource {
  const total = 1000;
  const instrument = {
    symbol: 'PAGED',
    name: 'Paged',
    exchange: '',
    market: 'stock',
    timezone: 'UTC',
    sourceId: 'paged',
  };
  return {
    id: 'paged',
    label: 'Paged',
    periods: ['1m'],
    async searchInstruments() {
      return [instrument];
    },
    async getBars(request): Promise<Series> {
      const to = request.to ?? Infinity;
      let end = 0;
      while (end < total && T0 + end * 60_000 <= to) end++;
      const start = Math.max(0, end - (request.limit ?? 300));
      return { instrument, period: '1m', bars: minuteBars(end - start, start), complete: start === 0 };
    },
  };
}

describe('a chart whose data modules cannot be fetched', function () {
  this.timeout(60000);

  afterEach(async () => {
    await executeServerCommand('block-requests', { pattern: null });
  });

  // First: every later test loads load-series.js, and a page imports a module once.
  it("a source's bars whose loading code cannot be fetched are a kline-error; the chart loads them once it can", async () => {
    // Blocked before the chart is made: a chart may start fetching the code early (preloadSeriesCode), and
    // a request already made when the block begins gets through.
    await executeServerCommand('block-requests', { pattern: '/load-series\\.js' });
    const wrapper = await fixture<HTMLElement>(
      html`<div><kline-chart style="width:700px;height:400px" source="custom"></kline-chart></div>`,
    );
    const chart = wrapper.querySelector('kline-chart') as KlineChart;
    const errors: { code: string; message: string }[] = [];
    chart.addEventListener('kline-error', (e) => errors.push((e as CustomEvent).detail));
    expect(chart.setBars(minuteBars(60), { symbol: 'HOST', period: '1m' })).to.equal(true);
    await chart.whenPainted();
    chart.registerDataSource(pagedSource());
    chart.setAttribute('symbol', 'PAGED');
    chart.setAttribute('source', 'paged');
    await waitFor(() => errors.some((e) => /could not be loaded/.test(e.message)), 'a kline-error about the code');
    // The host's bars are still shown.
    expect(chart.context.get()!.symbol).to.equal('HOST');
    expect(chart.context.get()!.dataRange.bars).to.equal(60);

    await executeServerCommand('block-requests', { pattern: null });
    const moved = await chart.tools.execute('chart_set_symbol', { symbol: 'PAGED', sourceId: 'paged' });
    expect(moved.success, JSON.stringify(moved)).to.equal(true);
    expect(chart.context.get()!.source).to.equal('paged');
  });

  it("a period change of the host's bars fails with a clear error, keeps the bars, and works once the module loads", async () => {
    const wrapper = await fixture<HTMLElement>(
      html`<div><kline-chart style="width:700px;height:400px" source="custom"></kline-chart></div>`,
    );
    const chart = wrapper.querySelector('kline-chart') as KlineChart;
    expect(chart.setBars(minuteBars(60), { symbol: 'HOST', period: '1m' })).to.equal(true);
    await chart.whenPainted();
    await executeServerCommand('block-requests', { pattern: 'host-data-ops' });

    const failed = await chart.tools.execute('chart_set_period', { period: '5m' });
    expect(failed.success).to.equal(false);
    expect(failed.success ? '' : failed.error.message).to.match(/could not be loaded/);
    expect(chart.context.get()!.period).to.equal('1m');
    expect(chart.context.get()!.dataRange.bars).to.equal(60);

    await executeServerCommand('block-requests', { pattern: null });
    const folded = await chart.tools.execute('chart_set_period', { period: '5m' });
    expect(folded.success, JSON.stringify(folded)).to.equal(true);
    expect(chart.context.get()!.period).to.equal('5m');
    expect(chart.context.get()!.dataRange.bars).to.equal(12);
  });

  it('bars the page must answer fail with a clear error while the asking code cannot be fetched; the page is asked once it can', async () => {
    const wrapper = await fixture<HTMLElement>(
      html`<div><kline-chart style="width:700px;height:400px" source="custom"></kline-chart></div>`,
    );
    const chart = wrapper.querySelector('kline-chart') as KlineChart;
    expect(chart.setBars(minuteBars(60), { symbol: 'HOST', period: '5m' })).to.equal(true);
    await chart.whenPainted();
    const asked: string[] = [];
    chart.addEventListener('kline-data-request', (e) => {
      const detail = e.detail;
      asked.push(`${detail.symbol} ${detail.period}`);
      detail.respondWith(minuteBars(30));
    });
    await executeServerCommand('block-requests', { pattern: 'host-answer' });

    // 1m cannot be folded from 5m: the page must be asked, and the code that asks it is not here.
    const failed = await chart.tools.execute('chart_set_period', { period: '1m' });
    expect(failed.success).to.equal(false);
    expect(failed.success ? '' : failed.error.message).to.match(/could not be loaded/);
    expect(asked).to.deep.equal([]);
    expect(chart.context.get()!.period).to.equal('5m');
    expect(chart.context.get()!.dataRange.bars).to.equal(60);

    await executeServerCommand('block-requests', { pattern: null });
    const answered = await chart.tools.execute('chart_set_period', { period: '1m' });
    expect(answered.success, JSON.stringify(answered)).to.equal(true);
    expect(asked).to.deep.equal(['HOST 1m']);
    expect(chart.context.get()!.period).to.equal('1m');
    expect(chart.context.get()!.dataRange.bars).to.equal(30);
  });

  it('older history that cannot be fetched is a kline-error; the chart keeps its bars and loads them once the module loads', async () => {
    const wrapper = await fixture<HTMLElement>(
      html`<div><kline-chart style="width:700px;height:400px" source="custom"></kline-chart></div>`,
    );
    const chart = wrapper.querySelector('kline-chart') as KlineChart;
    const errors: { code: string; message: string }[] = [];
    chart.addEventListener('kline-error', (e) => errors.push((e as CustomEvent).detail));
    chart.registerDataSource(pagedSource());
    await executeServerCommand('block-requests', { pattern: 'load-older' });
    chart.setAttribute('symbol', 'PAGED');
    chart.setAttribute('period', '1m');
    chart.setAttribute('source', 'paged');
    await waitFor(() => chart.context.get()?.source === 'paged', 'paged data');
    const shown = chart.context.get()!.dataRange.bars;
    expect(shown).to.be.lessThan(1000);

    expect(await coreOf(chart).loadOlder()).to.equal(0);
    const error = errors.find((e) => e.code === 'history_load_failed');
    expect(error, JSON.stringify(errors)).to.not.equal(undefined);
    expect(error!.message).to.match(/^Could not load older bars: /);
    expect(chart.context.get()!.dataRange.bars).to.equal(shown);

    await executeServerCommand('block-requests', { pattern: null });
    const added = await coreOf(chart).loadOlder();
    expect(added).to.be.greaterThan(0);
    expect(chart.context.get()!.dataRange.bars).to.equal(shown + added);
  });
});
