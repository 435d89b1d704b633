import { expect } from '@open-wc/testing';
import { html } from 'lit';
import { resetMouse, sendMouse } from '@web/test-runner-commands';
import { coreOf } from '../../../components/kline-chart/core-of.js';
import { readyChart, waitFor } from '../helpers/chart-fixture.js';
import { fingerDrag } from '../helpers/touch-chart.js';
import { drag, geometry, priceSpan } from '../helpers/price-axis-drag.js';

/**
 * A chart (800×500, sample bars) whose price axis was dragged `by` px (negative: up) from the middle of
 * its plot, with the prices at its plot's edges before and after and the view and undo state before.
 */
async function draggedChart(by: number) {
  const chart = await readyChart(html`<kline-chart style="width:800px;height:500px" indicators="VOL"></kline-chart>`);
  const core = coreOf(chart);
  const view = core.store.peek('view');
  const undoable = core.store.history.canUndo;
  const before = await priceSpan(chart);
  const { plot, axisX } = geometry(chart);
  const mid = Math.round(plot.top + plot.height / 2);
  await drag([axisX, mid], [axisX, mid + by]);
  await chart.whenPainted();
  return { chart, core, view, undoable, before, after: await priceSpan(chart), plot, axisX, mid };
}

describe('the price axis scales the prices, as on TradingView', () => {
  afterEach(() => resetMouse());

  it('the pointer is a resize arrow over the price axis, a grabbing hand while the bars pan, else a crosshair', async () => {
    const chart = await readyChart(html`<kline-chart style="width:800px;height:500px" indicators="VOL"></kline-chart>`);
    // These cursors' styles come with the input chunk (input-styles.ts), as the classes that pick them do.
    const panes = chart.shadowRoot!.querySelector<HTMLElement>('.panes')!;
    const cursor = () => getComputedStyle(panes).cursor;
    const { plot, axisX } = geometry(chart);
    const mid = Math.round(plot.top + plot.height / 2);
    const x = Math.round(plot.left + plot.width / 2);
    await sendMouse({ type: 'move', position: [axisX, mid] });
    await waitFor(() => cursor() === 'ns-resize', 'ns-resize over the axis');
    await sendMouse({ type: 'move', position: [x, mid] });
    await waitFor(() => cursor() === 'crosshair', 'a crosshair over the plot');
    await sendMouse({ type: 'down' });
    await sendMouse({ type: 'move', position: [x + 30, mid] });
    expect(cursor(), 'a pan').to.equal('grabbing');
    await sendMouse({ type: 'up' });
    expect(cursor()).to.equal('crosshair');
  });

  it('a drag up on the axis stretches the scale about its middle, a drag down squeezes it; no pan, no undo step', async () => {
    const { chart, core, view, undoable, before, after: stretched, axisX, mid } = await draggedChart(-80);
    expect(stretched.top - stretched.bottom, 'a narrower price span').to.be.lessThan(
      (before.top - before.bottom) * 0.8,
    );
    // About the middle: the middle price stays.
    expect((stretched.top + stretched.bottom) / 2).to.be.closeTo(
      (before.top + before.bottom) / 2,
      (before.top - before.bottom) * 0.02,
    );
    expect(core.store.peek('view'), 'the bars did not pan').to.deep.equal(view);
    expect(core.store.history.canUndo).to.equal(undoable);
    await drag([axisX, mid], [axisX, mid + 160]);
    await chart.whenPainted();
    const squeezed = await priceSpan(chart);
    expect(squeezed.top - squeezed.bottom).to.be.greaterThan(stretched.top - stretched.bottom);
  });

  it('a fixed scale stays while the chart pans sideways, moves with a vertical drag, and a double-click on the axis fits it again', async () => {
    const { chart, core, after: fixed, plot, axisX, mid } = await draggedChart(120);
    // A sideways pan (API) keeps it: before, every pan fitted the scale to the bars in view.
    const view = core.store.peek('view')!;
    core.setView({ start: view.start - 40, end: view.end - 40 });
    await chart.whenPainted();
    expect(await priceSpan(chart)).to.deep.equal(fixed);
    // A drag down on the plot moves the prices down with the pointer: the range moves up.
    const x = Math.round(plot.left + plot.width / 2);
    await drag([x, mid], [x, mid + 60]);
    await chart.whenPainted();
    const moved = await priceSpan(chart);
    const perPx = (fixed.top - fixed.bottom) / plot.height;
    expect(moved.top - fixed.top).to.be.closeTo(60 * perPx, 4 * perPx);
    await sendMouse({ type: 'move', position: [axisX, mid] });
    await sendMouse({ type: 'click', position: [axisX, mid] });
    await sendMouse({ type: 'click', position: [axisX, mid] });
    await chart.whenPainted();
    const refitted = await priceSpan(chart);
    expect(refitted.top - refitted.bottom).to.be.lessThan(moved.top - moved.bottom);
    expect(refitted.top).to.not.equal(moved.top);
  });

  it('another period fits the scale to its bars again', async () => {
    const { chart, after: squeezed } = await draggedChart(200);
    const result = await chart.tools.execute('chart_set_period', { period: '1w' });
    expect(result.success, JSON.stringify(result)).to.equal(true);
    await chart.whenPainted();
    await chart.whenPainted();
    const weekly = await priceSpan(chart);
    expect(weekly.top - weekly.bottom).to.be.lessThan((squeezed.top - squeezed.bottom) * 0.7);
  });

  it('"Reset chart view" in the right-click menu fits a dragged scale again', async () => {
    const { chart, after: squeezed, plot, mid } = await draggedChart(200);
    await sendMouse({ type: 'click', position: [Math.round(plot.left + plot.width / 2), mid], button: 'right' });
    const menu = () => chart.shadowRoot!.querySelector<HTMLElement>('[part="context-menu"]');
    await waitFor(() => !!menu()?.classList.contains('placed'), 'the context menu');
    const reset = menu()!.querySelector<HTMLElement>('[data-action="reset"]')!;
    const r = reset.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)] });
    await chart.whenPainted();
    const fitted = await priceSpan(chart);
    expect(fitted.top - fitted.bottom).to.be.lessThan((squeezed.top - squeezed.bottom) * 0.7);
  });

  it('a finger dragged down the axis squeezes the scale, and the page does not scroll', async () => {
    const chart = await readyChart(
      html`<kline-chart style="width:390px;height:500px" indicators="VOL"></kline-chart><div style="height:2000px"></div>`,
    );
    window.scrollTo(0, 0);
    const before = await priceSpan(chart);
    const { plot, axisX } = geometry(chart);
    const mid = Math.round(plot.top + plot.height / 2);
    await fingerDrag([axisX, mid - 60], [axisX, mid + 60]);
    await chart.whenPainted();
    const after = await priceSpan(chart);
    expect(after.top - after.bottom).to.be.greaterThan((before.top - before.bottom) * 1.5);
    expect(window.scrollY, 'the page stayed').to.equal(0);
  });
});
