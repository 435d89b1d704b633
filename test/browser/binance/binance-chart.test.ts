import { expect, fixture } from '@open-wc/testing';
import { html } from 'lit';
import { executeServerCommand } from '@web/test-runner-commands';
import '../../../components/kline-chart/define.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { createBinanceSource } from '../../../src/core/data/index.js';
import { canvasHash } from '../helpers/canvas-pixels.js';
import { inputReady, paneCanvas, waitFor } from '../helpers/chart-fixture.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';

describe('<kline-chart> on the Binance source (recorded-format mock exchange)', function () {
  this.timeout(60000);

  it('scrolls back through three pages of history and keeps updating live, also after a reconnect', async () => {
    const mock = await executeServerCommand<{ restUrl: string; wsUrl: string }, { barCount: number }>('mock-binance', {
      barCount: 3000,
    });
    const wrapper = await fixture<HTMLElement>(
      html`<div><kline-chart style="width:700px;height:400px" source="binance" symbol="BTCUSDT" period="1m" indicators="VOL"></kline-chart></div>`,
    );
    const chart = wrapper.querySelector('kline-chart') as KlineChart;
    // The page points the Binance source at the local exchange (a host would point it at its proxy).
    chart.registerDataSource(
      createBinanceSource({
        restBaseUrl: mock.restUrl,
        wsBaseUrl: mock.wsUrl,
        reconnect: { baseDelayMs: 50, maxDelayMs: 200 },
      }),
    );
    await waitFor(
      () => chart.context.get()?.source === 'binance' && chart.context.get()!.exchange === 'BINANCE',
      'binance data',
      20000,
    );
    expect(chart.context.get()!.dataRange.bars).to.equal(1000);
    await chart.whenPainted();
    await inputReady(); // the plot's keys, touch gestures and separator drags (a chunk)
    const counts = [chart.context.get()!.dataRange.bars];
    for (let page = 0; page < 3; page++) {
      const before = chart.context.get()!.dataRange.bars;
      chart.focus();
      chart.dispatchEvent(new KeyboardEvent('keydown', { key: 'Home', bubbles: true }));
      await waitFor(() => chart.context.get()!.dataRange.bars > before, `history page ${page + 1}`, 20000);
      counts.push(chart.context.get()!.dataRange.bars);
    }
    expect(counts).to.deep.equal([1000, 1500, 2000, 2500]);
    const time = coreOf(chart).store.peek('series')!.bars.time;
    for (let i = 1; i < time.length; i++) expect(time[i] - time[i - 1]).to.equal(60_000);

    // Live: back to the newest bars, then the exchange streams an update and a new bar.
    chart.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true }));
    await chart.whenPainted();
    await inputReady();
    const hash = canvasHash(paneCanvas(chart, 'price'));
    const last = chart.context.get()!.dataRange.to;
    const close = coreOf(chart).store.peek('series')!.bars.close[time.length - 1];
    // The live stream opens after the load: wait until the exchange has accepted it.
    await executeServerCommand('mock-binance-wait-connections', { count: 1 });
    const next = {
      time: last + 60_000,
      open: close,
      high: close * 1.01,
      low: close * 0.995,
      close: close * 1.008,
      volume: 12,
    };
    await executeServerCommand('mock-binance-push', { symbol: 'BTCUSDT', interval: '1m', bar: next });
    await waitFor(() => chart.context.get()!.dataRange.to === next.time, 'live bar appended', 10000);
    await chart.whenPainted();
    await inputReady();
    expect(canvasHash(paneCanvas(chart, 'price'))).to.not.equal(hash);
    expect(chart.context.get()!.visibleRange.to).to.equal(next.time);

    // The connection drops; a bar arrives while disconnected; after the reconnect the gap is filled.
    await executeServerCommand('mock-binance-drop');
    const missed = { ...next, time: next.time + 60_000, close: close * 1.02, high: close * 1.03 };
    await executeServerCommand('mock-binance-push', { symbol: 'BTCUSDT', interval: '1m', bar: missed });
    await waitFor(() => chart.context.get()!.dataRange.to === missed.time, 'gap filled after reconnect', 20000);
    const bars = coreOf(chart).store.peek('series')!.bars;
    expect(bars.close[bars.length - 1]).to.be.closeTo(missed.close, 1e-6);
    expect(bars.time[bars.length - 2]).to.equal(next.time);
  });
});
