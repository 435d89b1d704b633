import { expect } from '@open-wc/testing';
import { html } from 'lit';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import type { PriceAlertDetail } from '../../../components/kline-chart/kline-chart-events.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';
import type { Bar } from '../../../src/core/data/index.js';
import { countPixels, parseColor } from '../helpers/canvas-pixels.js';
import { paneCanvas, priceScales, readyChart, waitFor } from '../helpers/chart-fixture.js';
import { resetMouse, sendMouse } from '@web/test-runner-commands';
import { minuteBars, mountChart, painted, removeFixtures, streamingSource } from '../lifecycle/lifecycle-fixture.js';

const MAGENTA = '#ff00ff';

/** The last bar as a plain object. */
function lastBar(chart: KlineChart): Bar {
  const b = coreOf(chart).store.peek('series')!.bars;
  const i = b.length - 1;
  return { time: b.time[i], open: b.open[i], high: b.high[i], low: b.low[i], close: b.close[i], volume: b.volume[i] };
}

function periodMs(chart: KlineChart): number {
  const b = coreOf(chart).store.peek('series')!.bars;
  return b.time[b.length - 1] - b.time[b.length - 2];
}

/** A tick of the last bar (same time) closing at `close`, or a new bar `next` periods later opening at `open`. */
function tick(chart: KlineChart, close: number, next = 0, open?: number): boolean {
  const last = lastBar(chart);
  const o = next ? (open ?? close) : last.open;
  const bar: Bar = {
    time: last.time + next * periodMs(chart),
    open: o,
    high: Math.max(next ? o : last.high, close, o),
    low: Math.min(next ? o : last.low, close, o),
    close,
    volume: next ? 1 : last.volume + 1,
  };
  return chart.updateBar(bar);
}

function listen(chart: KlineChart): PriceAlertDetail[] {
  const got: PriceAlertDetail[] = [];
  chart.addEventListener('kline-price-alert', (e) => got.push(e.detail));
  return got;
}

async function createLine(chart: KlineChart, input: Record<string, unknown>): Promise<string> {
  const r = await chart.tools.execute('price_lines_create', input);
  expect(r.success, JSON.stringify(r)).to.equal(true);
  return (r.data as { id: string }).id;
}

async function listed(chart: KlineChart): Promise<{ id: string; alert: string; alertOnce: boolean }[]> {
  const r = await chart.tools.execute('price_lines_list', {});
  return (r.data as { lines: { id: string; alert: string; alertOnce: boolean }[] }).lines;
}

function toastText(chart: KlineChart): string {
  return chart.shadowRoot!.querySelector('.toast')?.textContent ?? '';
}

/** A price 2 % above the last close, at the instrument's precision. */
function levelAbove(chart: KlineChart, factor = 1.02): number {
  const p = coreOf(chart).store.peek('series')!.instrument.pricePrecision ?? 2;
  return Number((lastBar(chart).close * factor).toFixed(p));
}

describe('price alerts on price lines (<kline-chart>)', function () {
  this.timeout(40000);
  let chart: KlineChart;

  beforeEach(async () => {
    chart = await readyChart(html`<kline-chart style="width:800px;height:500px" indicators=""></kline-chart>`);
  });

  it('a cross alert fires once when a tick closes across the line: event, notice in a live region, then off', async () => {
    const got = listen(chart);
    const close0 = lastBar(chart).close;
    const level = levelAbove(chart);
    const id = await createLine(chart, { price: level, label: 'Target', alert: 'cross' });
    const changes: string[] = [];
    chart.addEventListener('kline-change', (e) => changes.push((e as CustomEvent<{ action: string }>).detail.action));
    expect(tick(chart, (close0 + level) / 2)).to.equal(true);
    expect(got, 'below the line: nothing').to.deep.equal([]);
    const time = lastBar(chart).time;
    expect(tick(chart, level + 1)).to.equal(true);
    expect(got.length, 'one alert').to.equal(1);
    const ctx = chart.context.get()!;
    expect(got[0]).to.deep.equal({
      id,
      price: level,
      label: 'Target',
      direction: 'up',
      time,
      close: level + 1,
      symbol: ctx.symbol,
      period: ctx.period,
    });
    // The event is at once; the notice's words come with the chart's actions chunk (chart-actions.ts),
    // fetched after the first paint, so on a loaded machine the notice may follow a moment later.
    await waitFor(() => chart.shadowRoot!.querySelector('.toast') !== null, 'the alert notice');
    const precision = coreOf(chart).store.peek('series')!.instrument.pricePrecision ?? 2;
    const toast = chart.shadowRoot!.querySelector('.toast')!;
    expect(toast.textContent).to.equal(`Alert: ${ctx.symbol} crossed ${level.toFixed(precision)} upward`);
    // A polite live region: screen readers hear it.
    expect(toast.getAttribute('role')).to.equal('status');
    // Only once (the default): the alert turned itself off, with the live bar, not as an undo step.
    expect((await listed(chart)).find((l) => l.id === id)).to.include({ alert: 'off', alertOnce: true });
    expect(changes).to.deep.equal(['updateBar', 'updateBar']);
    tick(chart, level - 1);
    tick(chart, level + 2);
    expect(got.length, 'once only').to.equal(1);
  });

  it('cross_down ignores an upward cross; with alertOnce false it fires on every downward cross', async () => {
    const got = listen(chart);
    const close0 = lastBar(chart).close;
    const level = levelAbove(chart);
    const id = await createLine(chart, { price: level, alert: 'cross_down', alertOnce: false });
    tick(chart, level + 1);
    expect(got, 'an upward cross is not a cross_down').to.deep.equal([]);
    tick(chart, close0);
    expect(got.map((d) => d.direction)).to.deep.equal(['down']);
    tick(chart, level + 1, 1);
    tick(chart, level - 1);
    expect(got.map((d) => d.direction)).to.deep.equal(['down', 'down']);
    expect((await listed(chart)).find((l) => l.id === id)).to.include({ alert: 'cross_down', alertOnce: false });
    await chart.updateComplete;
    expect(toastText(chart)).to.match(/downward$/);
  });

  it('a new bar that opens beyond the line after a gap fires, even when it closes back', async () => {
    const got = listen(chart);
    const close0 = lastBar(chart).close;
    const level = levelAbove(chart);
    await createLine(chart, { price: level, alert: 'cross_up' });
    // Opens above the line, trades back below it on the same tick.
    tick(chart, close0, 1, level + 5);
    expect(got.map((d) => [d.direction, d.close])).to.deep.equal([['up', close0]]);
  });

  it('undo, redo and a period change do not fire; the next live cross does', async () => {
    const got = listen(chart);
    const level = levelAbove(chart);
    const id = await createLine(chart, { price: level, alert: 'cross' });
    const close0 = lastBar(chart).close;
    // The line moves across the price (not the price across the line): no alert.
    await chart.tools.execute('price_lines_update', { id, price: Number((close0 * 0.98).toFixed(2)) });
    chart.undo();
    chart.redo();
    chart.undo();
    expect(got, 'nothing so far').to.deep.equal([]);
    await chart.tools.execute('chart_set_period', { period: '1w' });
    await waitFor(() => chart.context.get()?.period === '1w', 'the weekly bars');
    expect(got, 'nor after the period change').to.deep.equal([]);
    expect((await listed(chart)).find((l) => l.id === id)?.alert, 'still armed').to.equal('cross');
    tick(chart, level * 1.01);
    expect(got.length, 'the next live cross fires').to.equal(1);
    expect(got[0].period).to.equal('1w');
  });

  it('a fired once-only alert stays off when an older step is undone', async () => {
    const got = listen(chart);
    const level = levelAbove(chart);
    const id = await createLine(chart, { price: level, alert: 'cross' });
    await chart.tools.execute('price_lines_update', { id, label: 'Breakout' });
    tick(chart, level + 1);
    expect(got.length).to.equal(1);
    // The label change was recorded while the alert was armed: undoing it keeps the alert off, so does redo.
    expect(chart.undo()).to.equal('price_lines_update');
    const after = (await listed(chart)).find((l) => l.id === id) as unknown as { label: string; alert: string };
    expect(after.label, 'the undo itself happened').to.equal('');
    expect(after.alert, 'not armed again by the undo').to.equal('off');
    chart.redo();
    expect((await listed(chart)).find((l) => l.id === id)?.alert, 'nor by the redo').to.equal('off');
    tick(chart, level - 1);
    tick(chart, level + 1);
    expect(got.length).to.equal(1);
  });

  it('host bars that extend the series across the line fire (setBars with one more bar); the same bars again do not', async () => {
    const series = coreOf(chart).store.peek('series')!;
    const n = series.bars.length;
    const rows: Bar[] = [];
    for (let i = 0; i < n; i++)
      rows.push({
        time: series.bars.time[i],
        open: series.bars.open[i],
        high: series.bars.high[i],
        low: series.bars.low[i],
        close: series.bars.close[i],
        volume: series.bars.volume[i],
      });
    const step = periodMs(chart);
    // The host's own bars: its price lines are kept under its instrument.
    expect(chart.setBars(rows, { symbol: 'HOSTED', period: series.period })).to.equal(true);
    const level = levelAbove(chart);
    const got = listen(chart);
    await createLine(chart, { price: level, alert: 'cross_up', alertOnce: false });
    const last = rows[n - 1];
    const more = [
      ...rows,
      { time: last.time + step, open: level + 1, high: level + 2, low: level, close: level + 1, volume: 1 },
    ];
    expect(chart.setBars(more, { symbol: 'HOSTED', period: series.period })).to.equal(true);
    expect(got.map((d) => [d.direction, d.symbol])).to.deep.equal([['up', 'HOSTED']]);
    // A reload of the same bars: no new cross.
    expect(chart.setBars(more, { symbol: 'HOSTED', period: series.period })).to.equal(true);
    // Back below the line by older data (not live), then the symbol changes and back: no cross either.
    expect(chart.setBars(rows, { symbol: 'HOSTED', period: series.period })).to.equal(true);
    expect(chart.setBars(rows, { symbol: 'OTHER', period: series.period })).to.equal(true);
    expect(chart.setBars(more, { symbol: 'HOSTED', period: series.period })).to.equal(true);
    expect(got.length).to.equal(1);
  });

  it('an alert line shows a bell by its right end; without the alert it goes', async () => {
    const level = levelAbove(chart, 1.0);
    const id = await createLine(chart, { price: level, color: MAGENTA, style: 'solid', axisLabel: false });
    await chart.whenPainted();
    const canvas = () => paneCanvas(chart, 'price');
    const over = chart.shadowRoot!.querySelector<HTMLElement>('.pane[data-pane-id="price"] .u-over')!;
    const c = canvas().getBoundingClientRect();
    const o = over.getBoundingClientRect();
    const k = canvas().width / c.width;
    // The line's row: the magenta row in the plot.
    const ctx = canvas().getContext('2d')!;
    const right = Math.round((o.right - c.left) * k);
    const column = ctx.getImageData(right - 3, 0, 1, canvas().height).data;
    const [r, g, b] = parseColor(MAGENTA);
    let row = -1;
    for (let y = 0; y < canvas().height; y++)
      if (
        Math.abs(column[y * 4] - r) < 20 &&
        Math.abs(column[y * 4 + 1] - g) < 20 &&
        Math.abs(column[y * 4 + 2] - b) < 20
      )
        row = y;
    expect(row, 'the line is drawn').to.be.greaterThan(0);
    // Above the right end of the line (the line's own row left out).
    const box = {
      x: right - Math.round(30 * k),
      y: row - Math.round(14 * k),
      w: Math.round(28 * k),
      h: Math.round(12 * k),
    };
    const magenta = () => countPixels(canvas(), parseColor(MAGENTA), 30, box);
    expect(magenta(), 'no bell without an alert').to.equal(0);
    await chart.tools.execute('price_lines_update', { id, alert: 'cross' });
    await chart.whenPainted();
    expect(magenta(), 'a bell in the line colour').to.be.greaterThan(12);
    await chart.tools.execute('price_lines_update', { id, alert: 'off' });
    await chart.whenPainted();
    expect(magenta(), 'gone with the alert').to.equal(0);
  });

  it('the context menu’s "Add alert at …" makes a cross alert line at the price clicked, in one undo step', async () => {
    try {
      const s = await priceScales(chart);
      const o = chart.shadowRoot!.querySelector<HTMLElement>('.pane[data-pane-id="price"] .u-over')!;
      const r = o.getBoundingClientRect();
      const at: [number, number] = [Math.round(r.left + r.width * 0.5), Math.round(r.top + r.height * 0.3)];
      const expected = s.yToPrice(s.plot.top + (at[1] - r.top) * s.pixelRatio);
      const precision = coreOf(chart).store.peek('series')!.instrument.pricePrecision ?? 2;
      await sendMouse({ type: 'click', position: at, button: 'right' });
      const menu = () => chart.shadowRoot!.querySelector<HTMLElement>('[part="context-menu"]');
      await waitFor(() => !!menu()?.classList.contains('placed'), 'the context menu');
      const add = menu()!.querySelector<HTMLElement>('[data-action="add-alert"]')!;
      expect(add, 'an "Add alert" item').to.not.equal(null);
      expect(add.textContent).to.equal(`Add alert at ${expected.toFixed(precision)}`);
      const b = add.getBoundingClientRect();
      await sendMouse({
        type: 'click',
        position: [Math.round(b.left + b.width / 2), Math.round(b.top + b.height / 2)],
      });
      await waitFor(() => coreOf(chart).priceLines.current().length === 1, 'the alert line');
      const line = (await listed(chart))[0] as unknown as { price: number; alert: string; alertOnce: boolean };
      expect(line.alert).to.equal('cross');
      expect(line.alertOnce).to.equal(true);
      expect(Math.abs(line.price - expected)).to.be.at.most(0.5 * 10 ** -precision + 1e-9);
      expect(chart.undo()).to.equal('price_lines_create');
      expect(coreOf(chart).priceLines.current().length).to.equal(0);
    } finally {
      await resetMouse();
    }
  });

  it('a source’s live feed fires it too; the notice speaks the chart’s language', async () => {
    try {
      const rows = minuteBars(120);
      const source = streamingSource(rows);
      const { chart: live } = mountChart({ live: 'on', period: '1m', locale: 'zh-CN' });
      live.registerDataSource(source);
      live.setAttribute('source', 'stream');
      await waitFor(() => live.context.get()?.source === 'stream', 'stream data');
      await painted(live);
      const got = listen(live);
      const last = rows[rows.length - 1];
      const level = Number((last.close - 2).toFixed(2));
      await createLine(live, { price: level, alert: 'cross_down' });
      source.push({
        ...last,
        time: last.time + 60_000,
        open: last.close,
        high: last.close,
        low: level - 1,
        close: level - 1,
      });
      expect(got.map((d) => [d.symbol, d.period, d.direction])).to.deep.equal([['LIVE', '1m', 'down']]);
      await live.updateComplete;
      const precision = coreOf(live).store.peek('series')!.instrument.pricePrecision ?? 2;
      const said = `警报：LIVE 向下穿过 ${level.toFixed(precision)}`;
      expect(toastText(live)).to.equal(said);
      // The live region says it too, and the new bar's announcement does not talk over it: it comes after it
      // (the same text when both are due together: chart-announcer.ts).
      await live.whenPainted();
      const region = live.shadowRoot!.querySelector('[part="live"]')!;
      await waitFor(() => region.textContent !== '', 'the live region');
      const text = region.textContent;
      expect(text.startsWith(said), text).to.equal(true);
      expect(text.slice(said.length)).to.match(/^(|\. 新K线: .*)$/);
    } finally {
      removeFixtures();
    }
  });
});
