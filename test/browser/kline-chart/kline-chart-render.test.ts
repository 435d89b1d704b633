import { expect } from '@open-wc/testing';
import { html } from 'lit';
import { countPixels, parseColor, canvasHash } from '../helpers/canvas-pixels.js';
import { readyChart, paneCanvas, waitFor } from '../helpers/chart-fixture.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';

describe('<kline-chart> rendering', () => {
  it('paints rising and falling candles of the sample data in the price pane', async () => {
    const chart = await readyChart();
    const canvas = paneCanvas(chart, 'price');
    const style = getComputedStyle(chart);
    const up = parseColor(style.getPropertyValue('--kline-up-color'));
    const down = parseColor(style.getPropertyValue('--kline-down-color'));
    expect(countPixels(canvas, up), 'up-coloured pixels').to.be.greaterThan(300);
    expect(countPixels(canvas, down), 'down-coloured pixels').to.be.greaterThan(300);
    const ctx = chart.context.get()!;
    expect(ctx.symbol).to.equal('DEMO');
    expect(ctx.timezone).to.equal('America/New_York');
    expect(ctx.dataRange.bars).to.be.greaterThan(2500);
  });

  it('red-up paints rising candles in the down colour and falling ones in the up colour', async () => {
    const greenUp = await readyChart(html`<kline-chart style="width:800px;height:500px" indicators=""></kline-chart>`);
    const redUp = await readyChart(
      html`<kline-chart style="width:800px;height:500px" indicators="" color-convention="red-up"></kline-chart>`,
    );
    const style = getComputedStyle(greenUp);
    const green = parseColor(style.getPropertyValue('--kline-up-color'));
    const red = parseColor(style.getPropertyValue('--kline-down-color'));
    const a = paneCanvas(greenUp, 'price');
    const b = paneCanvas(redUp, 'price');
    const greenInA = countPixels(a, green);
    const redInA = countPixels(a, red);
    expect(greenInA).to.be.greaterThan(200);
    // Same data, same view: the colours swap, pixel for pixel.
    expect(countPixels(b, red)).to.be.closeTo(greenInA, greenInA * 0.02 + 5);
    expect(countPixels(b, green)).to.be.closeTo(redInA, redInA * 0.02 + 5);
  });

  it('shows a volume pane and keeps the view when panned with the keyboard', async () => {
    const chart = await readyChart();
    const vol = paneCanvas(chart, coreOf(chart).store.peek('panes')[1].id);
    expect(vol.width).to.be.greaterThan(100);
    const before = coreOf(chart).store.peek('view')!;
    const hash = canvasHash(paneCanvas(chart, 'price'));
    chart.focus();
    chart.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', shiftKey: true, bubbles: true }));
    const after = coreOf(chart).store.peek('view')!;
    expect(after.start).to.be.lessThan(before.start);
    await chart.whenPainted();
    expect(canvasHash(paneCanvas(chart, 'price'))).to.not.equal(hash);
    chart.dispatchEvent(new KeyboardEvent('keydown', { key: '+', bubbles: true }));
    const zoomed = coreOf(chart).store.peek('view')!;
    expect(zoomed.end - zoomed.start).to.be.lessThan(after.end - after.start);
    chart.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true }));
    await waitFor(() => coreOf(chart).store.peek('view')!.end >= chart.context.get()!.dataRange.bars, 'end of data');
  });

  it('paints the candles on a log and on a percent price scale, each placed differently from linear', async () => {
    // The bundle's uPlot is slimmed (rollup.config.js slimUplot); its log scale (distr 3) and the chart's
    // percent labels must still draw every candle.
    const chart = await readyChart(html`<kline-chart style="width:800px;height:500px" indicators=""></kline-chart>`);
    const style = getComputedStyle(chart);
    const up = parseColor(style.getPropertyValue('--kline-up-color'));
    const down = parseColor(style.getPropertyValue('--kline-down-color'));
    const hashes = new Set([canvasHash(paneCanvas(chart, 'price'))]); // linear
    for (const priceScale of ['log', 'percent']) {
      const result = await chart.tools.execute('settings_update', { values: { priceScale } });
      expect(result.success, `${priceScale}: ${JSON.stringify(result)}`).to.equal(true);
      await chart.whenPainted();
      const canvas = paneCanvas(chart, 'price');
      expect(countPixels(canvas, up), `${priceScale}: up-coloured pixels`).to.be.greaterThan(300);
      expect(countPixels(canvas, down), `${priceScale}: down-coloured pixels`).to.be.greaterThan(300);
      hashes.add(canvasHash(canvas));
    }
    expect(hashes.size, 'three different pictures').to.equal(3);
  });
});
