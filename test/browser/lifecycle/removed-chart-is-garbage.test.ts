import { expect } from '@open-wc/testing';
import { executeServerCommand, resetMouse, sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import type { CommandPalette } from '../../../components/command-palette/index.js';
import { createBinanceSource, type DataSource } from '../../../src/core/data/index.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';
import { inputReady, priceScales, waitFor } from '../helpers/chart-fixture.js';
import { minuteBars, mountChart, painted, removeFixtures, streamingSource } from './lifecycle-fixture.js';
import { hold, stillHeld, type Held } from './leak-check.js';
import { menu, rightClick } from '../helpers/context-menu.js';

// Single-page apps mount and unmount charts on every route change: a removed chart, with everything it
// made (shadow root, uPlot canvases, popovers, palette, drawings, live feed), must become garbage.

const ROUNDS = 3;
const PERSIST_KEY = 'leak-check-layout';

/** Resolves at the chart's `kline-ready` (first data painted, every chunk of the first paint in). */
function ready(chart: KlineChart): Promise<unknown> {
  return new Promise((resolve) => chart.addEventListener('kline-ready', resolve, { once: true }));
}

/** A real click in the middle of `el`. */
async function click(el: Element): Promise<void> {
  const r = el.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)] });
}

/** Viewport px of bar `index` at `price` in the price pane. */
async function plotPoint(chart: KlineChart, index: number, price: number): Promise<[number, number]> {
  const s = await priceScales(chart);
  const over = chart.shadowRoot!.querySelector<HTMLElement>('.pane[data-pane-id="price"] .u-over')!;
  const r = over.getBoundingClientRect();
  const x = (s.indexToX(index) - s.plot.left) / s.pixelRatio;
  const y = (s.priceToY(price) - s.plot.top) / s.pixelRatio;
  return [Math.round(r.left + x), Math.round(r.top + y)];
}

/** The chart's own parts a leak would keep: its shadow root, canvases and popovers. */
function holdInsides(held: Held, chart: KlineChart): void {
  hold(held, 'chart', chart);
  hold(held, 'shadow root', chart.shadowRoot);
  for (const canvas of chart.shadowRoot!.querySelectorAll('canvas')) hold(held, 'canvas', canvas);
  for (const name of ['kline-indicator-picker', 'kline-command-palette', 'kline-indicator-settings']) {
    const el = chart.shadowRoot!.querySelector(name);
    if (el) hold(held, name, el);
  }
}

/**
 * Mounts a chart with the toolbar, VOL, MA and MACD; once ready, opens the indicator picker, the ⌘K
 * palette and a study's settings like a user, draws a trend line with two clicks, runs a tool through
 * `chart.tools.execute`, then removes the chart. Only weak references come back.
 */
async function useAndRemove(held: Held): Promise<void> {
  const { chart, parent } = mountChart({
    indicators: 'VOL,MA(5,20),MACD',
    symbol: 'LEAK',
    period: '1m',
    locale: 'de',
    sync: 'leak-group',
    'persist-key': PERSIST_KEY,
  });
  chart.setAttribute('style', 'width:1100px;height:560px');
  const isReady = ready(chart);
  chart.setBars(minuteBars(240));
  await isReady;
  await painted(chart);
  await inputReady();

  const picker = chart.shadowRoot!.querySelector('kline-indicator-picker')!;
  await click(picker.shadowRoot!.querySelector('button.toggle')!);
  await waitFor(() => picker.open, 'the indicator picker open');
  await sendKeys({ press: 'Escape' });
  await waitFor(() => !picker.open, 'the indicator picker closed');

  chart.focus();
  await sendKeys({ down: 'Control' });
  await sendKeys({ press: 'KeyK' });
  await sendKeys({ up: 'Control' });
  await waitFor(() => !!chart.shadowRoot!.querySelector<CommandPalette>('kline-command-palette')?.isOpen, 'palette');
  await sendKeys({ press: 'Escape' });
  await waitFor(() => !chart.shadowRoot!.querySelector<CommandPalette>('kline-command-palette')!.isOpen, 'closed');

  const macd = [...chart.shadowRoot!.querySelectorAll<HTMLElement>('[part="legend-entry"]')].find((b) =>
    /MACD/.test(b.textContent ?? ''),
  )!;
  await click(macd);
  await waitFor(() => !!chart.shadowRoot!.querySelector('kline-indicator-settings'), 'the study settings');
  await sendKeys({ press: 'Escape' });

  const bars = coreOf(chart).store.peek('series')!.bars;
  const n = bars.length;
  const tool = () => chart.shadowRoot!.querySelector('[part="drawing-toolbar"] button[data-tool="trend_line"]');
  await waitFor(() => tool() !== null, 'the drawing bar');
  // Later rounds restore the layout the first saved (persist-key): their trend line comes on top of it.
  const drawn = coreOf(chart).drawings.current().length;
  await click(tool()!);
  await sendMouse({ type: 'click', position: await plotPoint(chart, n - 60, bars.low[n - 60]) });
  await sendMouse({ type: 'click', position: await plotPoint(chart, n - 20, bars.high[n - 20]) });
  await waitFor(() => coreOf(chart).drawings.current().length === drawn + 1, 'a trend line drawn with two clicks');

  const added = await chart.tools.execute('indicators_add', { definitionId: 'RSI' });
  expect(added.success, JSON.stringify(added)).to.equal(true);
  await chart.whenPainted();
  await resetMouse();

  holdInsides(held, chart);
  parent.remove();
}

/** A chart on a live source (a stream of its own per subscription), removed while it streams. */
async function streamAndRemove(held: Held): Promise<void> {
  const source = streamingSource(minuteBars(200));
  const { chart, parent } = mountChart({ live: 'on' });
  chart.registerDataSource(source);
  chart.setAttribute('source', 'stream');
  await waitFor(() => chart.context.get()?.source === 'stream', 'stream data');
  await painted(chart);
  expect(source.listeners).to.equal(1);
  const last = coreOf(chart).store.peek('series')!.bars;
  source.push({ time: last.time[last.length - 1] + 60_000, open: 100, high: 101, low: 99, close: 100.5, volume: 9 });
  await chart.whenPainted();
  holdInsides(held, chart);
  parent.remove();
  expect(source.listeners, 'the stream closed with the removal').to.equal(0);
  // The source itself outlives the chart (the host keeps it): it must not keep the chart.
  (window as unknown as { liveSource?: unknown }).liveSource = source;
}

/** The exchange the page's Binance source reads (the runner's recorded-format mock), made once. */
let binance: DataSource | null = null;

/** A chart on the Binance source the page keeps (one for every chart), removed once a live bar arrived. */
async function binanceAndRemove(held: Held): Promise<void> {
  const mock = await executeServerCommand<{ restUrl: string; wsUrl: string }, { barCount: number }>('mock-binance', {
    barCount: 600,
  });
  binance ??= createBinanceSource({ restBaseUrl: mock.restUrl, wsBaseUrl: mock.wsUrl });
  const { chart, parent } = mountChart({ source: 'binance', symbol: 'BTCUSDT', period: '1m' });
  chart.registerDataSource(binance);
  await waitFor(() => chart.context.get()?.source === 'binance', 'binance data', 20000);
  await painted(chart);
  connections++;
  await executeServerCommand('mock-binance-wait-connections', { count: connections });
  const last = chart.context.get()!.dataRange.to;
  const bar = { time: last + 60_000, open: 100, high: 101, low: 99, close: 100.5, volume: 3 };
  await executeServerCommand('mock-binance-push', { symbol: 'BTCUSDT', interval: '1m', bar });
  await waitFor(() => chart.context.get()!.dataRange.to === bar.time, 'the live bar', 10000);
  holdInsides(held, chart);
  parent.remove();
}
let connections = 0;

/**
 * A chart removed with everything left open, as a route change leaves it: the symbol search listing
 * instruments, the settings dialog (modal, last), the data table, a context menu and a bar replay playing.
 */
async function removeWithAllOpen(held: Held): Promise<void> {
  // The sample source (the symbol search lists its instruments).
  const { chart, parent } = mountChart({ indicators: 'VOL,MACD' });
  chart.setAttribute('style', 'width:1100px;height:560px');
  await painted(chart);
  const series = coreOf(chart).store.peek('series')!.bars;
  const n = series.length;
  await inputReady();
  const root = chart.shadowRoot!;
  await rightClick(chart, await plotPoint(chart, n - 20, series.close[n - 20]));
  hold(held, 'context menu', menu(chart));
  root.querySelector<HTMLElement>('[part="symbol-button"]')!.click();
  await waitFor(() => root.querySelectorAll('.results button').length > 0, 'the instruments listed');
  expect(await chart.startReplay(series.time[n - 40])).to.equal(true);
  expect(await chart.playReplay(10)).to.equal(true);
  // Each bar the replay shows is announced, one per 5 s: the first at once, the next ones wait for their turn.
  await waitFor(() => /New bar/.test(root.querySelector('[part="live"]')?.textContent ?? ''), 'a new bar announced');
  const shown = chart.replay!.index;
  await waitFor(() => chart.replay!.index > shown + 2, 'more bars replayed');
  chart.focus();
  await sendKeys({ press: 't' });
  await waitFor(() => !!root.querySelector('table[part="data-table"]'), 'the data table');
  void chart.openSettings();
  await waitFor(
    () => root.querySelector('kline-settings-dialog')?.shadowRoot?.querySelector('dialog')?.open === true,
    'settings',
  );
  hold(held, 'settings dialog', root.querySelector('kline-settings-dialog'));
  holdInsides(held, chart);
  parent.remove();
}

/** A chart removed while a notice shows (a file that cannot be loaded); moved first, it still shows it. */
async function removeWithNotice(held: Held): Promise<void> {
  const { chart, parent } = mountChart();
  await painted(chart);
  chart.setAttribute('src', '/no-such-file.csv');
  chart.setAttribute('source', 'csv');
  const toast = () => chart.shadowRoot!.querySelector('.toast[role="status"]')?.textContent ?? '';
  await waitFor(() => toast() !== '', 'the notice');
  const shown = toast();
  parent.append(document.createElement('div'), chart); // moved within its parent, in one task
  await chart.updateComplete;
  expect(toast(), 'a moved chart keeps its notice').to.equal(shown);
  holdInsides(held, chart);
  parent.remove();
}

describe('a removed <kline-chart> is garbage', function () {
  this.timeout(120000);
  before(() => setViewport({ width: 1200, height: 800 }));
  after(() => setViewport({ width: 800, height: 600 }));
  afterEach(async () => {
    removeFixtures();
    for (const key of Object.keys(localStorage)) if (key.startsWith(PERSIST_KEY)) localStorage.removeItem(key);
    delete (window as unknown as { liveSource?: unknown }).liveSource;
    await resetMouse();
  });

  it('with toolbar, VOL, MA, MACD after kline-ready, the picker, ⌘K palette, study settings, a drawn trend line and a tool call', async () => {
    const held: Held = new Map();
    for (let i = 0; i < ROUNDS; i++) await useAndRemove(held);
    expect(await stillHeld(held)).to.deep.equal([]);
  });

  it('streaming from a live source the page keeps', async () => {
    const held: Held = new Map();
    for (let i = 0; i < ROUNDS; i++) await streamAndRemove(held);
    expect(await stillHeld(held)).to.deep.equal([]);
  });

  it('streaming from the Binance source the page keeps (a WebSocket per chart)', async () => {
    const held: Held = new Map();
    for (let i = 0; i < ROUNDS; i++) await binanceAndRemove(held);
    expect(await stillHeld(held)).to.deep.equal([]);
  });

  it('with the symbol search, settings dialog, data table, a context menu and a bar replay left open', async () => {
    const held: Held = new Map();
    for (let i = 0; i < ROUNDS; i++) await removeWithAllOpen(held);
    expect(await stillHeld(held)).to.deep.equal([]);
  });

  it('with a notice showing (its 5 s timer running)', async () => {
    const held: Held = new Map();
    for (let i = 0; i < ROUNDS; i++) await removeWithNotice(held);
    expect(await stillHeld(held)).to.deep.equal([]);
  });
});
