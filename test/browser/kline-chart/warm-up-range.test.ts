import { expect } from '@open-wc/testing';
import { html } from 'lit';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';
import { countPixels, parseColor } from '../helpers/canvas-pixels.js';
import { paneCanvas, readyChart, waitFor } from '../helpers/chart-fixture.js';
import { minuteBars, mountChart, painted, removeFixtures } from '../lifecycle/lifecycle-fixture.js';

// A study's warm-up (MA(20)'s first 19 bars, MACD's first 33) is NaN. When the view starts inside it,
// uPlot's own scan of the pane's values gave NaN, the price axis fell back to 0..1 and the candles
// left the pane (QA: Home on the demo chart, or a 50-bar history with MA(20), showed an empty price
// pane and a volume axis reading "1, 1, 0").

function candlePixels(chart: KlineChart, paneId: string): number {
  const style = getComputedStyle(chart);
  const canvas = paneCanvas(chart, paneId);
  return (
    countPixels(canvas, parseColor(style.getPropertyValue('--kline-up-color'))) +
    countPixels(canvas, parseColor(style.getPropertyValue('--kline-down-color')))
  );
}

/** Pixels of any saturated colour (bars and lines; not the grey grid, axes or text). */
function colouredPixels(canvas: HTMLCanvasElement): number {
  const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
  let n = 0;
  for (let i = 0; i < data.length; i += 4) {
    const hi = Math.max(data[i], data[i + 1], data[i + 2]);
    const lo = Math.min(data[i], data[i + 1], data[i + 2]);
    if (data[i + 3] > 40 && hi - lo > 40) n++;
  }
  return n;
}

describe('a view that starts in a study warm-up', () => {
  afterEach(removeFixtures);

  it('Home on the demo chart (MA, VOL, MACD) still shows its candles and volume bars', async () => {
    const chart = await readyChart(
      html`<kline-chart style="width:800px;height:500px" indicators="MA(5,20),VOL,MACD(12,26,9)"></kline-chart>`,
    );
    const volume = coreOf(chart).store.peek('panes')[1].id;
    chart.focus();
    chart.dispatchEvent(new KeyboardEvent('keydown', { key: 'Home', bubbles: true }));
    await waitFor(() => coreOf(chart).store.peek('view')!.start <= 0, 'the first bars');
    await chart.whenPainted();
    expect(candlePixels(chart, 'price'), 'candle pixels').to.be.greaterThan(300);
    expect(colouredPixels(paneCanvas(chart, volume)), 'volume bar pixels').to.be.greaterThan(2000);
  });

  it('a 50-bar history with MA(20) shows its candles', async () => {
    const { chart } = mountChart({ source: 'custom', indicators: 'MA(20),VOL' });
    expect(chart.setBars(minuteBars(50))).to.equal(true);
    await painted(chart);
    expect(candlePixels(chart, 'price'), 'candle pixels').to.be.greaterThan(200);
  });
});
