import { expect } from '@open-wc/testing';
import { html } from 'lit';
import { executeServerCommand, resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import type { Bar } from '../../../src/core/data/index.js';
import { priceScales, readyChart, waitFor } from '../helpers/chart-fixture.js';
import { drag, geometry, priceSpan } from '../helpers/price-axis-drag.js';
import { deepActive } from '../helpers/keyboard.js';
import { axeViolations } from '../a11y/run-axe.js';
import { minuteBars, mountChart, painted, removeFixtures } from '../lifecycle/lifecycle-fixture.js';

const LABEL = 'Auto (fits data to screen)';

const button = (chart: KlineChart) => chart.shadowRoot!.querySelector<HTMLButtonElement>('[part="auto-scale-button"]');

/** The price pane's box, viewport px. */
function pricePane(chart: KlineChart): DOMRect {
  return chart.shadowRoot!.querySelector<HTMLElement>('.pane[data-pane-id="price"]')!.getBoundingClientRect();
}

/** Drags the price axis `by` px from the middle of the price plot and waits for the button. */
async function dragAxis(chart: KlineChart, by: number): Promise<HTMLButtonElement> {
  const { plot, axisX } = geometry(chart);
  const mid = Math.round(plot.top + plot.height / 2);
  await drag([axisX, mid], [axisX, mid + by]);
  await chart.whenPainted();
  await waitFor(() => button(chart) !== null, 'the auto-scale button');
  return button(chart)!;
}

async function clickOn(el: Element): Promise<void> {
  const r = el.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)] });
}

/** Whether the span is the one fitted to the bars (`fitted`), to a thousandth of its height. */
function expectFitted(span: { top: number; bottom: number }, fitted: { top: number; bottom: number }): void {
  const tolerance = (fitted.top - fitted.bottom) * 0.001;
  expect(span.top).to.be.closeTo(fitted.top, tolerance);
  expect(span.bottom).to.be.closeTo(fitted.bottom, tolerance);
}

describe('the price axis’s "Auto (fits data to screen)" button, as on TradingView', function () {
  this.timeout(40000);
  afterEach(async () => {
    await resetMouse();
    removeFixtures();
  });

  it('is hidden while the scale fits the bars; a drag on the axis shows it at the bottom of the main pane’s axis; a press fits the prices again and hides it', async () => {
    const chart = await readyChart(html`<kline-chart style="width:800px;height:500px" indicators="VOL"></kline-chart>`);
    const fitted = await priceSpan(chart);
    expect(button(chart), 'not while the scale fits the bars').to.equal(null);
    const b = await dragAxis(chart, 150);
    const squeezed = await priceSpan(chart);
    expect(squeezed.top - squeezed.bottom).to.be.greaterThan((fitted.top - fitted.bottom) * 1.5);
    expect(b.tagName).to.equal('BUTTON');
    expect(b.getAttribute('aria-label')).to.equal(LABEL);
    expect(b.title).to.equal(LABEL);
    // In the price axis strip, at the bottom of the price pane (above the volume pane), nothing over it.
    const r = b.getBoundingClientRect();
    const { plot } = geometry(chart);
    const pane = pricePane(chart);
    expect(r.width).to.be.greaterThan(12);
    expect(r.left).to.be.at.least(plot.right);
    expect(r.right).to.be.at.most(pane.right);
    expect(r.bottom).to.be.at.most(plot.bottom);
    expect(r.bottom).to.be.greaterThan(plot.bottom - 12);
    const hit = chart.shadowRoot!.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    expect(b.contains(hit), 'nothing covers it').to.equal(true);
    await clickOn(b);
    await waitFor(() => button(chart) === null, 'the button gone');
    await chart.whenPainted();
    expectFitted(await priceSpan(chart), fitted);
  });

  it('is reached with Tab; Enter fits the prices again and focus returns to the chart', async () => {
    const chart = await readyChart(html`<kline-chart style="width:800px;height:500px" indicators="VOL"></kline-chart>`);
    const fitted = await priceSpan(chart);
    const b = await dragAxis(chart, -120);
    expect(await axeViolations(chart)).to.deep.equal([]);
    chart.focus();
    for (let i = 0; i < 80 && deepActive() !== b; i++) await sendKeys({ press: 'Tab' });
    expect(deepActive() === b, 'Tab reaches the button').to.equal(true);
    await sendKeys({ press: 'Enter' });
    await waitFor(() => button(chart) === null, 'the button gone');
    await chart.whenPainted();
    expectFitted(await priceSpan(chart), fitted);
    expect(deepActive() === chart, 'focus back on the chart, not lost to the page').to.equal(true);
  });

  it('goes when the scale fits again another way (a double-click on the axis)', async () => {
    const chart = await readyChart(html`<kline-chart style="width:800px;height:500px" indicators="VOL"></kline-chart>`);
    await dragAxis(chart, 100);
    const { plot, axisX } = geometry(chart);
    const mid = Math.round(plot.top + plot.height / 2);
    await sendMouse({ type: 'click', position: [axisX, mid] });
    await sendMouse({ type: 'click', position: [axisX, mid] });
    await waitFor(() => button(chart) === null, 'the button gone');
  });

  it('sits clear of a price tag at the bottom of the axis', async () => {
    const chart = await readyChart(html`<kline-chart style="width:800px;height:500px" indicators="VOL"></kline-chart>`);
    await dragAxis(chart, 150);
    // A price line whose axis tag is 4 px above the plot's bottom edge, where the button sits.
    const s = await priceScales(chart);
    const price = s.yToPrice(s.plot.top + s.plot.height - 4 * s.pixelRatio);
    const made = await chart.tools.execute('price_lines_create', { price, color: '#ff00ff' });
    expect(made.success, JSON.stringify(made)).to.equal(true);
    await chart.whenPainted();
    const { plot } = geometry(chart);
    const tagY = plot.top + (s.priceToY(price) - s.plot.top) / s.pixelRatio;
    // The tag is 16 px tall about its price.
    await waitFor(() => button(chart)!.getBoundingClientRect().bottom <= tagY - 8, 'the button above the tag');
    const r = button(chart)!.getBoundingClientRect();
    expect(r.top, 'still on the price pane').to.be.greaterThan(plot.top);
  });

  it('follows the price axis’s width: centred in an axis widened for long prices', async () => {
    const { chart } = mountChart({ source: 'custom', style: 'width:800px;height:500px' });
    const bars: Bar[] = minuteBars(160).map((b) => ({
      ...b,
      open: b.open * 13_000_000,
      high: b.high * 13_000_000,
      low: b.low * 13_000_000,
      close: b.close * 13_000_000,
    }));
    expect(chart.setBars(bars, { symbol: 'BTCIDR', period: '1m', pricePrecision: 0 })).to.equal(true);
    await painted(chart);
    const b = await dragAxis(chart, 100);
    const { plot } = geometry(chart);
    const pane = pricePane(chart);
    expect(pane.right - plot.right, 'a wide axis').to.be.greaterThan(70);
    const r = b.getBoundingClientRect();
    expect(r.left + r.width / 2).to.be.closeTo((plot.right + pane.right) / 2, 1.5);
  });

  it('on a left price axis, sits in that axis', async () => {
    const chart = await readyChart(html`<kline-chart style="width:800px;height:500px" indicators="VOL"></kline-chart>`);
    const set = await chart.tools.execute('settings_update', { values: { priceAxisSide: 'left' } });
    expect(set.success, JSON.stringify(set)).to.equal(true);
    await chart.whenPainted();
    const pane = chart.shadowRoot!.querySelector<HTMLElement>('.pane[data-pane-id="price"]')!;
    const plot = pane.querySelector('.u-over')!.getBoundingClientRect();
    const left = pane.getBoundingClientRect().left;
    const axisX = Math.round((left + plot.left) / 2);
    const mid = Math.round(plot.top + plot.height / 2);
    await drag([axisX, mid], [axisX, mid + 100]);
    await waitFor(() => button(chart) !== null, 'the auto-scale button');
    const r = button(chart)!.getBoundingClientRect();
    expect(r.left).to.be.at.least(left);
    expect(r.right).to.be.at.most(plot.left);
  });

  it("speaks the chart's language", async () => {
    const chart = await readyChart(
      html`<kline-chart style="width:800px;height:500px" indicators="VOL" locale="ja"></kline-chart>`,
    );
    const b = await dragAxis(chart, 100);
    expect(b.getAttribute('aria-label')).to.equal('自動（データを画面に合わせる）');
    expect(b.title).to.equal('自動（データを画面に合わせる）');
  });

  describe('in forced colours (Windows High Contrast)', () => {
    before(async () => {
      await executeServerCommand('media-features', { features: [{ name: 'forced-colors', value: 'active' }] });
      await waitFor(() => matchMedia('(forced-colors: active)').matches, 'emulated forced colours');
    });
    after(() => executeServerCommand('media-features', { features: [] }));

    it('keeps a visible border and text in the system colours', async () => {
      const chart = await readyChart(
        html`<kline-chart style="width:800px;height:500px" indicators="VOL"></kline-chart>`,
      );
      const b = await dragAxis(chart, 100);
      const style = getComputedStyle(b);
      expect(parseFloat(style.borderTopWidth)).to.be.at.least(1);
      expect(style.borderTopStyle).to.not.equal('none');
      expect(style.borderTopColor, 'a border unlike the background').to.not.equal(style.backgroundColor);
      expect(style.color, 'text unlike the background').to.not.equal(style.backgroundColor);
      expect((b.textContent ?? '').trim(), 'the mark itself').to.equal('A');
    });
  });
});
