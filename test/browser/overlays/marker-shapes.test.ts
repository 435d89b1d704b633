import { expect } from '@open-wc/testing';
import { html } from 'lit';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { countPixels, parseColor } from '../helpers/canvas-pixels.js';
import { paneCanvas, readyChart } from '../helpers/chart-fixture.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';

const MAGENTA = '#ff00ff';

/** Canvas x range (device px) of the plot area of the price pane. */
function plotColumns(chart: KlineChart): { x0: number; x1: number } {
  const canvas = paneCanvas(chart, 'price');
  const over = chart.shadowRoot!.querySelector<HTMLElement>('.pane[data-pane-id="price"] .u-over')!;
  const c = canvas.getBoundingClientRect();
  const o = over.getBoundingClientRect();
  const k = canvas.width / c.width;
  return { x0: Math.round((o.left - c.left) * k), x1: Math.round((o.right - c.left) * k) };
}

/** Canvas columns in `[x0, x1)` holding at least one pixel of `rgb`. */
function columnsWithColor(canvas: HTMLCanvasElement, rgb: [number, number, number], x0: number, x1: number): number {
  const { data, width, height } = canvas.getContext('2d')!.getImageData(x0, 0, x1 - x0, canvas.height);
  let columns = 0;
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) {
      const p = (y * width + x) * 4;
      if (Math.abs(data[p] - rgb[0]) + Math.abs(data[p + 1] - rgb[1]) + Math.abs(data[p + 2] - rgb[2]) <= 24) {
        columns++;
        break;
      }
    }
  }
  return columns;
}

/** `length` one-minute bars of a seeded random walk (columns, as `setBars` takes them). */
function walk(length: number) {
  const time = new Float64Array(length);
  const open = new Float64Array(length);
  const high = new Float64Array(length);
  const low = new Float64Array(length);
  const close = new Float64Array(length);
  const volume = new Float64Array(length).fill(100);
  let seed = 7;
  const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
  let price = 100;
  for (let i = 0; i < length; i++) {
    const next = price * (1 + (random() - 0.5) * 0.004);
    time[i] = Date.UTC(2024, 0, 1) + i * 60_000;
    open[i] = price;
    close[i] = next;
    high[i] = Math.max(price, next) * (1 + random() * 0.001);
    low[i] = Math.min(price, next) * (1 - random() * 0.001);
    price = next;
  }
  return { time, open, high, low, close, volume, length };
}

describe('marker shapes on <kline-chart>', function () {
  this.timeout(60000);

  it('an arrow on a square of the same colour leaves the square whole (shapes of one colour never cancel)', async () => {
    const chart = await readyChart(html`<kline-chart style="width:800px;height:500px" indicators=""></kline-chart>`);
    const bars = coreOf(chart).store.peek('series')!.bars;
    const n = bars.length;
    await chart.tools.execute('chart_set_visible_range', { from: bars.time[n - 40], to: bars.time[n - 1] });
    await chart.whenPainted();
    const canvas = paneCanvas(chart, 'price');
    const rgb = parseColor(MAGENTA);
    const time = bars.time[n - 20];
    const square = { time, position: 'below', shape: 'square', color: MAGENTA } as const;
    expect((await chart.tools.execute('markers_create', { markers: [square] })).success).to.equal(true);
    await chart.whenPainted();
    const alone = countPixels(canvas, rgb, 8);
    expect(alone, 'the square is painted').to.be.greaterThan(20);
    chart.undo();
    await chart.whenPainted();
    const arrow = { time, position: 'below', shape: 'arrow', color: MAGENTA } as const;
    expect((await chart.tools.execute('markers_create', { markers: [square, arrow] })).success).to.equal(true);
    await chart.whenPainted();
    // The up arrow lies inside the square: a path whose shapes wind both ways would punch it out.
    expect(countPixels(canvas, rgb, 8)).to.be.at.least(alone * 0.97);
  });

  it('markers denser than the pixels paint one unbroken band across the plot', async () => {
    const chart = await readyChart(html`<kline-chart style="width:800px;height:500px" indicators=""></kline-chart>`);
    const bars = walk(4000);
    chart.setBars(bars);
    await chart.whenPainted();
    await chart.tools.execute('chart_set_visible_range', { from: bars.time[0], to: bars.time[bars.length - 1] });
    await chart.whenPainted();
    const canvas = paneCanvas(chart, 'price');
    const rgb = parseColor(MAGENTA);
    const { x0, x1 } = plotColumns(chart);
    expect(columnsWithColor(canvas, rgb, x0, x1), 'no magenta before the markers').to.equal(0);
    const markers = Array.from(bars.time, (time) => ({ time, position: 'above', shape: 'circle', color: MAGENTA }));
    const r = await chart.tools.execute('markers_create', { markers });
    expect(r.success, JSON.stringify(r).slice(0, 300)).to.equal(true);
    await chart.whenPainted();
    // Every bar has a marker and there are more bars than columns: no column may be left out.
    const width = x1 - x0;
    expect(columnsWithColor(canvas, rgb, x0, x1)).to.be.at.least(width - 8);
    // A band, not a blanket: most of the plot stays free of the marker colour.
    expect(countPixels(canvas, rgb, 8)).to.be.lessThan(width * canvas.height * 0.25);
  });
});
