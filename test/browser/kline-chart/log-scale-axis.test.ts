import { expect } from '@open-wc/testing';
import { html } from 'lit';
import { axisLabels } from '../helpers/axis-labels.js';
import { parseColor } from '../helpers/canvas-pixels.js';
import { paneCanvas, readyChart } from '../helpers/chart-fixture.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';

/** The price axis's labels, read from the price pane's canvas pixels right of the plot. */
function priceAxisLabels(chart: KlineChart): number {
  const pane = chart.shadowRoot!.querySelector<HTMLElement>('.pane[data-pane-id="price"]')!;
  const canvas = paneCanvas(chart, 'price');
  const over = pane.querySelector<HTMLElement>('.u-over')!.getBoundingClientRect();
  const box = canvas.getBoundingClientRect();
  const k = canvas.width / box.width;
  const axis = parseColor(getComputedStyle(chart).getPropertyValue('--kline-axis-color').trim() || '#787b86');
  return axisLabels(canvas, Math.ceil((over.right - box.left) * k) + 2, canvas.width, axis).length;
}

/**
 * A logarithmic price scale over the few tens of percent a chart usually shows (DEMO's last months:
 * about 110 to 160) still labels its price axis, as a linear one does: uPlot's own log ticks are
 * powers of ten and their 1-2-5 multiples only, none of which falls in such a range.
 */
describe('<kline-chart> log price scale axis', () => {
  it('labels the price axis on a log scale about as densely as on a linear one', async () => {
    const chart = await readyChart(html`<kline-chart style="width:800px;height:500px" indicators=""></kline-chart>`);
    const linear = priceAxisLabels(chart);
    expect(linear, 'linear: price labels').to.be.greaterThan(3);
    const result = await chart.tools.execute('settings_update', { values: { priceScale: 'log' } });
    expect(result.success, JSON.stringify(result)).to.equal(true);
    await chart.whenPainted();
    const log = priceAxisLabels(chart);
    expect(log, `log: price labels (linear had ${linear})`).to.be.greaterThan(3);
    expect(log).to.be.lessThan(linear * 2 + 2, 'log: labels do not crowd');
  });

  it('labels a log axis spanning two decades (all the history zoomed out) without crowding', async () => {
    const chart = await readyChart(html`<kline-chart style="width:800px;height:500px" indicators=""></kline-chart>`);
    await chart.tools.execute('settings_update', { values: { priceScale: 'log' } });
    const range = chart.context.get()!.dataRange;
    await chart.tools.execute('chart_set_visible_range', { from: range.from, to: range.to });
    await chart.whenPainted();
    const labels = priceAxisLabels(chart);
    expect(labels, 'labels').to.be.greaterThan(3);
    expect(labels, 'labels').to.be.lessThan(16);
  });
});
