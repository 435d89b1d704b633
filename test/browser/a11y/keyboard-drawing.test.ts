import { coreOf } from '../../../components/kline-chart/core-of.js';
import { expect } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import { html } from 'lit';
import '../../../components/kline-chart/define.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { inputReady, waitFor } from '../helpers/chart-fixture.js';
import { mount, unmountAll } from '../panel/panel-fixture.js';
import { deepActive, press } from '../helpers/keyboard.js';
import { arrowToBarTool } from '../helpers/bar-tool.js';

async function drawingPage(): Promise<KlineChart> {
  const main = mount(
    html`<main><h1>Keyboard drawing</h1><kline-chart style="width:1400px;height:500px" indicators="VOL"></kline-chart></main>`,
  );
  const chart = main.querySelector('kline-chart')!;
  await waitFor(() => chart.context.get() !== null, 'chart data');
  await chart.whenPainted();
  await inputReady(); // the plot's keys, touch gestures and separator drags (a chunk)
  await chart.updateComplete;
  (document.activeElement as HTMLElement | null)?.blur();
  return chart;
}

/**
 * Tab into the drawing bar (after the toolbar), arrow to the drawing tool `tool` (the 500 px chart's bar is
 * folded into groups: through its group's flyout), press Enter: the plot takes focus.
 */
async function chooseTool(chart: KlineChart, tool: string): Promise<void> {
  const inBar = () => deepActive()?.closest('[part="drawing-toolbar"]') != null;
  if (!inBar()) {
    if (deepActive() !== chart) await press('Tab');
    await press('Tab'); // the toolbar
    await press('Tab'); // the drawing bar
  }
  await arrowToBarTool(tool);
  expect(deepActive()?.getAttribute('data-tool')).to.equal(tool);
  await press('Enter');
  await waitFor(() => deepActive() === chart, 'the plot takes focus after choosing a tool by keyboard');
}

const live = (chart: KlineChart) => chart.shadowRoot!.querySelector('[part="live"]')!.textContent ?? '';

describe('drawings by keyboard alone', () => {
  // Wide enough for the drawing bar (below 480 px its tools fold into the "More" menu).
  before(() => setViewport({ width: 1500, height: 800 }));
  after(() => setViewport({ width: 800, height: 600 }));
  afterEach(() => unmountAll());

  it('places a horizontal line with arrows and Enter, then moves it with arrows (one undo step per move)', async () => {
    const chart = await drawingPage();
    const series = coreOf(chart).store.peek('series')!;
    const view = coreOf(chart).store.peek('view')!;
    const last = Math.min(series.bars.length - 1, Math.floor(view.end - 0.5));
    await chooseTool(chart, 'horizontal_line');
    await waitFor(() => live(chart).includes('Enter sets each point'), 'placing instructions announced');
    await press('ArrowLeft', 3);
    await press('ArrowUp', 2);
    await waitFor(() => /^Price [\d.]+$/.test(live(chart)), 'the price announced');
    const announced = Number(live(chart).replace('Price ', ''));
    expect(announced).to.be.greaterThan(series.bars.close[last - 3]);
    expect(coreOf(chart).drawings.current()).to.have.length(0, 'nothing is created before Enter');
    await press('Enter');
    await waitFor(() => coreOf(chart).drawings.current().length === 1, 'horizontal line created');
    const line = coreOf(chart).drawings.current()[0];
    expect(line.kind).to.equal('horizontal_line');
    expect(line.points[0].time).to.equal(series.bars.time[last - 3]);
    expect(line.points[0].price).to.equal(announced);
    await waitFor(() => live(chart).includes('Horizontal line placed'), 'placement announced');
    expect(coreOf(chart).store.peek('drawingSelection')).to.deep.equal([line.id], 'the new line is selected');
    expect(deepActive()).to.equal(chart);

    // The selected drawing moves with the arrows: Up one price step, Right one bar.
    await press('ArrowUp');
    await waitFor(() => coreOf(chart).drawings.current()[0].points[0].price > announced, 'moved up');
    const raised = coreOf(chart).drawings.current()[0].points[0].price;
    await press('ArrowRight');
    await waitFor(
      () => coreOf(chart).drawings.current()[0].points[0].time === series.bars.time[last - 2],
      'moved one bar right',
    );
    await waitFor(() => live(chart).startsWith('Horizontal line moved'), 'the move announced');
    // Each move is one undo step.
    await sendKeys({ down: 'Control' });
    await press('KeyZ');
    await sendKeys({ up: 'Control' });
    await waitFor(() => coreOf(chart).drawings.current()[0].points[0].time === series.bars.time[last - 3], 'undone');
    expect(coreOf(chart).drawings.current()[0].points[0].price).to.equal(raised);
  });

  it('places a two-point trend line anchor by anchor; Escape cancels a placement; [ and ] select drawings', async () => {
    const chart = await drawingPage();
    const series = coreOf(chart).store.peek('series')!;
    const view = coreOf(chart).store.peek('view')!;
    const last = Math.min(series.bars.length - 1, Math.floor(view.end - 0.5));
    await chooseTool(chart, 'trend_line');
    await press('ArrowLeft', 10);
    await press('Enter');
    await waitFor(() => live(chart) === 'Point 1 of 2 set', 'first anchor announced');
    expect(coreOf(chart).drawings.current()).to.have.length(0);
    await press('ArrowRight', 6);
    await press('ArrowDown');
    await press('Enter');
    await waitFor(() => coreOf(chart).drawings.current().length === 1, 'trend line created');
    const trend = coreOf(chart).drawings.current()[0];
    expect(trend.kind).to.equal('trend_line');
    expect(trend.points.map((p) => p.time)).to.deep.equal([series.bars.time[last - 10], series.bars.time[last - 4]]);
    expect(trend.points[0].price).to.equal(series.bars.close[last - 10]);
    expect(trend.points[1].price).to.be.lessThan(series.bars.close[last - 4]);
    await press('Escape'); // deselects
    await waitFor(() => coreOf(chart).store.peek('drawingSelection').length === 0, 'deselected');

    // Escape in the middle of a placement creates nothing and goes back to the select tool.
    await chooseTool(chart, 'rectangle');
    await press('ArrowLeft', 2);
    await press('Enter');
    await waitFor(() => live(chart) === 'Point 1 of 2 set', 'first corner set');
    await press('Escape');
    await waitFor(() => live(chart) === 'Drawing cancelled', 'cancel announced');
    expect(coreOf(chart).drawings.current()).to.have.length(1);
    const pressed = chart.shadowRoot!.querySelector('[data-tool][aria-pressed="true"]');
    expect(pressed?.getAttribute('data-tool')).to.equal('select');

    // ] selects the (only) drawing and says what it is; Delete removes it.
    await press(']');
    await waitFor(() => coreOf(chart).store.peek('drawingSelection')[0] === trend.id, 'selected by ]');
    await waitFor(() => live(chart).startsWith('Trend line selected'), 'the selection announced');
    await press('Delete');
    await waitFor(() => coreOf(chart).drawings.current().length === 0, 'deleted');
    await press('[');
    await waitFor(() => live(chart) === 'No drawings', 'nothing to select');
    expect(document.activeElement).to.not.equal(document.body);
  });
});
