import { expect } from '@open-wc/testing';
import { priceScales, readyChart } from '../helpers/chart-fixture.js';

/**
 * A double click (or a phone's double tap, which Chromium sends as one) on a pane leaves the bars where the
 * chart's view puts them. uPlot's own double click fitted its x scale to every loaded bar, behind the chart's
 * view: the time axis then spanned the whole history while the candles were drawn for the view
 * (src/render/pane-plot.ts binds no `dblclick`).
 */
describe('double click on a pane', function () {
  this.timeout(30000);

  it('keeps the bars at their place and spacing', async () => {
    const chart = await readyChart();
    const before = await priceScales(chart);
    const last = before.lastIndex;
    const x0 = before.indexToX(last);
    const spacing = before.barSpacing;
    const over = chart.shadowRoot!.querySelector<HTMLElement>('.pane[data-pane-id="price"] .u-over')!;
    const r = over.getBoundingClientRect();
    const at = { bubbles: true, composed: true, button: 0, clientX: r.left + r.width / 2, clientY: r.top + 40 };
    over.dispatchEvent(new MouseEvent('dblclick', at));
    await chart.whenPainted();
    const after = await priceScales(chart);
    expect(after.barSpacing, 'bar spacing').to.be.closeTo(spacing, 1e-6);
    expect(after.indexToX(last), 'the last bar in view at the same x').to.be.closeTo(x0, 1e-6);
  });
});
