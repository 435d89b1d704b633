import { expect } from '@open-wc/testing';
import { html } from 'lit';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { parseColor } from '../helpers/canvas-pixels.js';
import { paneCanvas, readyChart, waitFor } from '../helpers/chart-fixture.js';

/**
 * Pixels of the price pane between the last candle and `slots` bars after it that carry the
 * cloud's translucent fill (a colour near the theme's up or down colour, mostly transparent).
 */
function cloudPixelsAfterLastBar(chart: KlineChart, slots: number): number {
  const canvas = paneCanvas(chart, 'price');
  const over = canvas.parentElement!.querySelector<HTMLElement>('.u-over')!;
  const n = chart.core.store.peek('series')!.bars.length;
  const view = chart.core.store.peek('view')!;
  const ratio = canvas.width / canvas.getBoundingClientRect().width;
  const slot = over.offsetWidth / (view.end - view.start);
  const x = (i: number) => over.offsetLeft + (i - view.start) * slot;
  const x0 = Math.ceil((x(n - 1) + slot) * ratio);
  const x1 = Math.floor(Math.min(x(n - 1 + slots), over.offsetLeft + over.offsetWidth) * ratio);
  const y0 = Math.ceil(over.offsetTop * ratio);
  const h = Math.floor(over.offsetHeight * ratio);
  const styles = getComputedStyle(chart);
  const up = parseColor(styles.getPropertyValue('--kline-up-color').trim() || '#26a69a');
  const down = parseColor(styles.getPropertyValue('--kline-down-color').trim() || '#ef5350');
  const data = canvas.getContext('2d')!.getImageData(x0, y0, x1 - x0, h).data;
  let count = 0;
  for (let i = 0; i < data.length; i += 4) {
    const a = data[i + 3];
    if (a < 15 || a > 120) continue;
    const near = (c: [number, number, number]) =>
      Math.abs(data[i] - c[0]) + Math.abs(data[i + 1] - c[1]) + Math.abs(data[i + 2] - c[2]) < 60;
    if (near(up) || near(down)) count++;
  }
  return count;
}

describe('forward plots', () => {
  it("Ichimoku's cloud is painted to the right of the last candle, where other studies draw nothing", async () => {
    const chart = await readyChart(
      html`<kline-chart style="width:900px;height:500px" indicators="ICHIMOKU" indicator-convention="tradingview"></kline-chart>`,
    );
    const n = chart.core.store.peek('series')!.bars.length;
    chart.core.setView({ start: n - 70, end: n + 30 });
    await chart.whenPainted();
    await waitFor(() => cloudPixelsAfterLastBar(chart, 24) > 0, 'cloud pixels beyond the last bar');
    const withCloud = cloudPixelsAfterLastBar(chart, 24);
    expect(withCloud, 'a filled area, not a stray pixel').to.be.greaterThan(500);

    chart.setAttribute('indicators', 'MA');
    await waitFor(() => chart.core.store.peek('indicators')[0]?.definitionId === 'MA', 'MA replaces ICHIMOKU');
    chart.core.setView({ start: n - 70, end: n + 30 });
    await chart.whenPainted();
    await chart.whenPainted();
    expect(cloudPixelsAfterLastBar(chart, 24), 'nothing beyond the last bar without a forward plot').to.equal(0);
  });
});
