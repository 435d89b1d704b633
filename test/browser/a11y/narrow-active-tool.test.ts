import { expect } from '@open-wc/testing';
import { executeServerCommand, setViewport } from '@web/test-runner-commands';
import { html } from 'lit';
import '../../../components/kline-chart/define.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';
import { drawingStrings, kindLabel } from '../../../components/drawing-toolbar/drawing-toolbar-strings.js';
import { inputReady, waitFor } from '../helpers/chart-fixture.js';
import { mount, unmountAll } from '../panel/panel-fixture.js';
import { axeViolations } from './run-axe.js';

type Point = [number, number];

/** One real finger tap (Chromium DevTools protocol), in viewport CSS px. */
async function tap([x, y]: Point): Promise<void> {
  await executeServerCommand('touch', {
    steps: [
      { type: 'touchStart', points: [[x, y]] },
      { type: 'touchEnd', points: [] },
    ],
  });
}

const centre = (el: Element): Point => {
  const r = el.getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2];
};

/**
 * A compact chart (below 480 px) has no drawing bar: its drawing tools are in the "More" menu. While one
 * of them is active, the toolbar's row shows it — a pressed button with the tool's icon and name — and a
 * tap on that button goes back to the select tool, as the drawing bar's pressed tool would.
 */
describe('the active drawing tool on a compact chart', function () {
  this.timeout(60000);
  before(() => {
    document.title = 'Active tool';
    document.documentElement.lang = 'en';
  });
  afterEach(async () => {
    unmountAll();
    await setViewport({ width: 800, height: 600 });
  });

  async function phoneChart(): Promise<KlineChart> {
    await setViewport({ width: 390, height: 844 });
    const main = mount(
      html`<main><h1>Active tool</h1><kline-chart style="width:100%;height:560px" indicators="VOL"></kline-chart></main>`,
    );
    const chart = main.querySelector<KlineChart>('kline-chart')!;
    await waitFor(() => chart.context.get() !== null, 'chart data');
    await chart.whenPainted();
    await inputReady(); // the plot's keys, touch gestures and separator drags (a chunk)
    await chart.updateComplete;
    return chart;
  }

  async function chooseFromMenu(chart: KlineChart, action: string): Promise<void> {
    const root = chart.shadowRoot!;
    await tap(centre(root.querySelector('[part="more-button"]')!));
    await waitFor(() => root.querySelector(`[part="more-menu"] [data-action="${action}"]`) !== null, 'the menu');
    const item = root.querySelector<HTMLElement>(`[part="more-menu"] [data-action="${action}"]`)!;
    item.scrollIntoView({ block: 'nearest' }); // the menu scrolls, as a finger would scroll it
    await tap(centre(item));
    await waitFor(() => root.querySelector('[part="more-menu"]') === null, 'the menu closed');
  }

  const activeTool = (chart: KlineChart) => chart.shadowRoot!.querySelector<HTMLElement>('[part="active-tool"]');

  it('shows the tool chosen in the "More" menu in the row; a tap on it cancels, placing the drawing ends it', async () => {
    const chart = await phoneChart();
    const root = chart.shadowRoot!;
    const core = coreOf(chart);
    const toolbar = root.querySelector<HTMLElement>('[part="toolbar"]')!;
    expect(activeTool(chart), 'no active tool with the select tool').to.equal(null);

    await chooseFromMenu(chart, 'tool:trend_line');
    await waitFor(() => activeTool(chart) !== null, 'the active tool in the toolbar row');
    const button = activeTool(chart)!;
    expect(button.localName).to.equal('button');
    expect(button.getAttribute('aria-pressed')).to.equal('true');
    expect(button.getAttribute('aria-label')).to.equal('Trend line');
    expect(button.querySelector('svg'), 'the tool’s icon').to.not.equal(null);
    // Still one row, and the button is on it.
    const row = toolbar.getBoundingClientRect();
    const r = button.getBoundingClientRect();
    expect(row.height, 'one row').to.be.at.most(40);
    expect(toolbar.scrollWidth, 'nothing overflows the row').to.be.at.most(toolbar.clientWidth + 1);
    expect(r.left).to.be.at.least(row.left);
    expect(r.right).to.be.at.most(row.right);
    expect(r.top).to.be.at.least(row.top);
    expect(r.bottom).to.be.at.most(row.bottom);
    expect(await axeViolations()).to.deep.equal([]);

    // A tap on it goes back to the select tool: two taps on the plot then draw nothing.
    await tap(centre(button));
    await waitFor(() => activeTool(chart) === null, 'the active tool gone after a tap on it');
    const over = root.querySelector<HTMLElement>('.pane[data-pane-id="price"] .u-over')!.getBoundingClientRect();
    const p1: Point = [over.left + over.width * 0.3, over.top + over.height * 0.6];
    const p2: Point = [over.left + over.width * 0.6, over.top + over.height * 0.3];
    const count = core.drawings.current().length;
    await tap(p1);
    await tap(p2);
    await new Promise((r) => setTimeout(r, 300));
    expect(core.drawings.current().length, 'nothing drawn with the select tool').to.equal(count);

    // Chosen again, two taps place the line; the tool resets and the button goes.
    await chooseFromMenu(chart, 'tool:trend_line');
    await waitFor(() => activeTool(chart) !== null, 'the active tool again');
    await tap(p1);
    await tap(p2);
    await waitFor(() => core.drawings.current().length === count + 1, 'the trend line placed');
    await waitFor(() => activeTool(chart) === null, 'the active tool gone after placing');
  });

  it('keeps the row one line on a 300 px chart: the symbol gives way', async () => {
    await setViewport({ width: 320, height: 640 });
    const main = mount(
      html`<main><kline-chart style="width:300px;height:480px" symbol="BTCUSDT"></kline-chart></main>`,
    );
    const chart = main.querySelector<KlineChart>('kline-chart')!;
    await waitFor(() => chart.context.get() !== null, 'chart data');
    await chart.whenPainted();
    await inputReady();
    await chooseFromMenu(chart, 'tool:parallel_channel');
    await waitFor(() => activeTool(chart) !== null, 'the active tool');
    const toolbar = chart.shadowRoot!.querySelector<HTMLElement>('[part="toolbar"]')!;
    expect(toolbar.scrollWidth, 'nothing overflows the row').to.be.at.most(toolbar.clientWidth);
    const row = toolbar.getBoundingClientRect();
    for (const el of toolbar.querySelectorAll<HTMLElement>('button')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || el.closest('[part="more-menu"]')) continue;
      expect(r.right, `${el.getAttribute('part') ?? el.textContent} inside the row`).to.be.at.most(row.right);
      expect(r.bottom, `${el.getAttribute('part') ?? el.textContent} on the row`).to.be.at.most(row.bottom);
    }
  });

  it('names the tool in the chart’s language', async () => {
    const chart = await phoneChart();
    chart.setAttribute('locale', 'ja');
    await chooseFromMenu(chart, 'tool:rectangle');
    const en = kindLabel(drawingStrings('en'), 'rectangle');
    // The Japanese catalogue may arrive after the first render (a chunk of its own).
    await waitFor(() => {
      const name = activeTool(chart)?.getAttribute('aria-label');
      return !!name && name !== en && name === kindLabel(drawingStrings('ja'), 'rectangle');
    }, 'the active tool named in Japanese');
    expect(activeTool(chart)!.title).to.equal(kindLabel(drawingStrings('ja'), 'rectangle'));
  });

  it('is not shown on a wide chart, whose drawing bar shows the pressed tool', async () => {
    const main = mount(html`<main><kline-chart style="width:1000px;height:420px"></kline-chart></main>`);
    const chart = main.querySelector<KlineChart>('kline-chart')!;
    await waitFor(() => chart.context.get() !== null, 'chart data');
    await chart.whenPainted();
    await inputReady();
    chart.shadowRoot!.querySelector<HTMLElement>('[part="drawing-tool"][data-tool="trend_line"]')!.click();
    await chart.updateComplete;
    expect(
      chart.shadowRoot!.querySelector('[part="drawing-tool"][data-tool="trend_line"]')!.getAttribute('aria-pressed'),
    ).to.equal('true');
    expect(activeTool(chart)).to.equal(null);
  });
});
