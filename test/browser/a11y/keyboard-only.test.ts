import { expect } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import { html } from 'lit';
import '../../../components/kline-chart/define.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import type { CommandPalette } from '../../../components/command-palette/index.js';
import { inputReady, waitFor } from '../helpers/chart-fixture.js';
import { mount, unmountAll } from '../panel/panel-fixture.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';
import { deepActive, press } from '../helpers/keyboard.js';

function describeFocus(): string {
  const el = deepActive();
  return el
    ? `${el.localName}${el.getAttribute('part') ? `[part=${el.getAttribute('part')}]` : ''}${el.className ? `.${el.className}` : ''}`
    : 'none';
}

async function keyboardPage(): Promise<KlineChart> {
  const main = mount(
    html`<main><h1>Keyboard</h1><kline-chart style="width:1400px;height:500px" indicators="VOL"></kline-chart><button id="after">after</button></main>`,
  );
  const chart = main.querySelector('kline-chart')!;
  await waitFor(() => chart.context.get() !== null, 'chart data');
  await chart.whenPainted();
  await inputReady(); // the plot's keys, touch gestures and separator drags (a chunk)
  await chart.updateComplete;
  (document.activeElement as HTMLElement | null)?.blur();
  return chart;
}

describe('the chart by keyboard alone', () => {
  // Wide enough for the whole toolbar in one row.
  before(() => setViewport({ width: 1500, height: 800 }));
  after(() => setViewport({ width: 800, height: 600 }));
  afterEach(() => unmountAll());

  it('is a named region; Tab reaches the plot, then the toolbar and the drawing bar as one stop each; arrows on a toolbar button move focus, never the chart', async () => {
    const chart = await keyboardPage();
    expect(chart.getAttribute('role')).to.equal('region');
    expect(chart.getAttribute('aria-label')).to.match(/^DEMO 1d chart, last \d/);
    // The canvases have a text alternative: their container is a labelled image pointing to the data table.
    const panes = chart.shadowRoot!.querySelector('[part="panes"]')!;
    expect(panes.getAttribute('role')).to.equal('img');
    expect(panes.getAttribute('aria-label')).to.match(/^DEMO 1d chart, last [\d.]+\. Press T for a data table$/);
    await press('Tab');
    expect(deepActive()).to.equal(chart);
    await press('Tab');
    const first = deepActive() as HTMLElement;
    expect(first.getAttribute('part')).to.equal('symbol-button');
    expect(first.closest('[role="toolbar"]')).to.not.equal(null);
    const view = coreOf(chart).store.peek('view');
    await press('ArrowRight');
    expect(deepActive()).to.not.equal(first);
    expect(deepActive()!.closest('[role="toolbar"]')).to.not.equal(null);
    await press('ArrowLeft');
    expect(deepActive()).to.equal(first);
    expect(coreOf(chart).store.peek('view')).to.deep.equal(view, 'arrow keys on a toolbar button do not pan');
    // The whole toolbar is one tab stop: the next Tab reaches the drawing bar, one stop too, and the next leaves it.
    await press('Tab');
    expect(deepActive()!.closest('[part="drawing-toolbar"]')).to.not.equal(
      null,
      `after the toolbar: ${describeFocus()}`,
    );
    await press('Tab');
    expect(deepActive()!.closest('[role="toolbar"]')).to.equal(null, `after the drawing bar: ${describeFocus()}`);
    let stops = 3;
    while (deepActive() !== document.querySelector('#after') && stops < 20) {
      await press('Tab');
      stops++;
    }
    expect(stops).to.be.lessThan(8, 'tab stops inside the chart');
  });

  it('Left/Right on the plot move a keyboard crosshair bar by bar and announce its OHLCV; Escape hides it', async () => {
    const chart = await keyboardPage();
    await press('Tab');
    expect(deepActive()).to.equal(chart);
    const live = chart.shadowRoot!.querySelector('[part="live"]')!;
    expect(live.getAttribute('aria-live')).to.equal('polite');
    const series = coreOf(chart).store.peek('series')!;
    const view = coreOf(chart).store.peek('view')!;
    const last = Math.min(series.bars.length - 1, Math.floor(view.end - 0.5));
    await press('ArrowLeft');
    await press('ArrowLeft');
    const close = series.bars.close[last - 1].toFixed(series.instrument.pricePrecision);
    await waitFor(() => (live.textContent ?? '').includes(`Close ${close}`), `announcement of bar ${last - 1}`);
    expect(live.textContent).to.match(/Open [\d.]+, High [\d.]+, Low [\d.]+, Close [\d.]+, Volume/);
    const legend = chart.shadowRoot!.querySelector('[data-testid="ohlc"]')!;
    expect(legend.textContent).to.contain(`C ${close}`, 'the legend shows the keyboard crosshair bar');
    expect(coreOf(chart).store.peek('view')).to.deep.equal(view, 'moving inside the view does not pan');
    await press('Escape');
    await chart.updateComplete;
    expect(legend.textContent).to.contain(
      `C ${series.bars.close[series.bars.length - 1].toFixed(series.instrument.pricePrecision)}`,
    );
  });

  it('adds an indicator through the picker and opens and closes the palette; focus never falls to <body>', async () => {
    const chart = await keyboardPage();
    await press('Tab');
    await press('Tab');
    let guard = 0;
    while (!deepActive()?.matches('button.toggle') && guard++ < 40) await press('ArrowRight');
    expect(deepActive()?.getRootNode())
      .to.have.property('host')
      .that.has.property('localName', 'kline-indicator-picker');
    await press('Enter');
    const picker = chart.shadowRoot!.querySelector('kline-indicator-picker')!;
    await waitFor(
      () => picker.open && picker.shadowRoot!.activeElement?.localName === 'input',
      'picker search focused',
    );
    await sendKeys({ type: 'RSI' });
    await press('Enter');
    await waitFor(
      () =>
        coreOf(chart)
          .store.peek('indicators')
          .some((i) => i.definitionId === 'RSI'),
      'RSI added',
    );
    await waitFor(() => deepActive()?.matches('button.toggle') ?? false, 'focus back on the picker button');
    expect(document.activeElement).to.not.equal(document.body);

    await sendKeys({ down: 'Control' });
    await press('KeyK');
    await sendKeys({ up: 'Control' });
    const palette = chart.shadowRoot!.querySelector<CommandPalette>('kline-command-palette')!;
    await waitFor(() => palette.isOpen, 'palette open');
    expect(deepActive()?.localName).to.equal('input');
    await press('Escape');
    await waitFor(() => !palette.isOpen, 'palette closed');
    await waitFor(() => document.activeElement !== document.body && deepActive() !== null, 'focus kept');
    expect(deepActive()?.matches('button.toggle'), describeFocus()).to.equal(true);

    // The settings dialog, opened from its toolbar button, gives focus back to it when closed.
    while (!deepActive()?.matches('[part="settings-button"]') && guard++ < 80) await press('ArrowRight');
    await press('Enter');
    const settings = chart.shadowRoot!.querySelector('kline-settings-dialog')!;
    await waitFor(() => settings.shadowRoot?.querySelector('dialog')?.open === true, 'settings open');
    await press('Escape');
    await waitFor(() => settings.shadowRoot?.querySelector('dialog')?.open === false, 'settings closed');
    await waitFor(
      () => deepActive()?.matches('[part="settings-button"]') ?? false,
      `focus back on the settings button (${describeFocus()})`,
    );

    // The data table: `t` on the plot shows the visible bars as a real table.
    chart.focus();
    await press('t');
    await chart.updateComplete;
    const table = chart.shadowRoot!.querySelector('table[part="data-table"]')!;
    const view = coreOf(chart).store.peek('view')!;
    const rows = table.querySelectorAll('tbody tr').length;
    expect(rows).to.be.within(Math.floor(view.end - view.start) - 2, Math.ceil(view.end - view.start) + 1);
    const headings = [...table.querySelectorAll('thead th')].map((th) => th.textContent.trim());
    expect(headings.slice(0, 6)).to.deep.equal(['Time', 'Open', 'High', 'Low', 'Close', 'Volume']);
    expect(headings.some((h) => h.startsWith('RSI'))).to.equal(true, headings.join('|'));
    await press('t');
    await chart.updateComplete;
    expect(chart.shadowRoot!.querySelector('table[part="data-table"]')).to.equal(null);
  });
});
