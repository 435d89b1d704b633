import { expect } from '@open-wc/testing';
import { html } from 'lit';
import { countPixels, parseColor } from '../helpers/canvas-pixels.js';
import { paneCanvas, readyChart, waitFor } from '../helpers/chart-fixture.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';

/** Pixels of rising and of falling candles in the price pane. */
function candleInk(chart: KlineChart): { up: number; down: number } {
  const style = getComputedStyle(chart);
  const canvas = paneCanvas(chart, 'price');
  return {
    up: countPixels(canvas, parseColor(style.getPropertyValue('--kline-up-color'))),
    down: countPixels(canvas, parseColor(style.getPropertyValue('--kline-down-color'))),
  };
}

/**
 * A view that reaches the first bars, where a moving average has no value yet, still fits the price
 * scale to the bars it shows. The price pane's range used to fall back to the view BEFORE the jump
 * then (uPlot asks for the new range before it stores the new x scale), so showing all the history
 * from the last months kept the last months' 110–165 and cut off every candle of the years below it.
 */
describe('<kline-chart> price scale of a view that reaches the first bars', () => {
  const sized = (indicators: string) =>
    readyChart(html`<kline-chart style="width:800px;height:500px" indicators=${indicators}></kline-chart>`);

  it('showing the whole history with a moving average on fits every candle, as without it', async () => {
    const plain = await sized('');
    const withMa = await sized('MA(5,10,20)');
    for (const chart of [plain, withMa]) {
      const { from, to } = chart.context.get()!.dataRange;
      const result = await chart.tools.execute('chart_set_visible_range', { from, to });
      expect(result.success, JSON.stringify(result)).to.equal(true);
      await chart.whenPainted();
    }
    const a = candleInk(plain);
    const b = candleInk(withMa);
    expect(a.down, 'falling candles without MA').to.be.greaterThan(500);
    // The MA lines cover some candle pixels; cut-off candles would remove about half of them.
    expect(b.down, `falling candles with MA (without: ${a.down})`).to.be.greaterThan(a.down * 0.8);
    expect(b.up, `rising candles with MA (without: ${a.up})`).to.be.greaterThan(a.up * 0.8);
  });

  it('Home (first bars) on a chart with a moving average shows those bars inside the price pane', async () => {
    const plain = await sized('');
    const withMa = await sized('MA(5,10,20)');
    for (const chart of [plain, withMa]) {
      chart.focus();
      chart.dispatchEvent(new KeyboardEvent('keydown', { key: 'Home', bubbles: true }));
      await waitFor(() => chart.context.get()!.visibleRange.from === chart.context.get()!.dataRange.from, 'first bars');
      await chart.whenPainted();
    }
    const a = candleInk(plain);
    const b = candleInk(withMa);
    expect(a.down, 'falling candles without MA').to.be.greaterThan(300);
    expect(b.down, `falling candles with MA (without: ${a.down})`).to.be.greaterThan(a.down * 0.8);
  });
});
