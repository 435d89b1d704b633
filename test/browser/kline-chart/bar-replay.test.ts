import { expect, fixture } from '@open-wc/testing';
import '../../../components/kline-chart/define.js';
import { html } from 'lit';
import { executeServerCommand, resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import type { PrimitiveScales } from '../../../components/kline-chart/chart-primitive.js';
import type { Bar } from '../../../src/core/data/index.js';
import { inputReady, paneCanvas, priceScales, waitFor } from '../helpers/chart-fixture.js';
import { parseColor } from '../helpers/canvas-pixels.js';
import { axeViolations } from '../a11y/run-axe.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2024, 0, 1);
const N = 200;
const round2 = (x: number) => Math.round(x * 100) / 100;

/** 200 daily bars; from bar 150 on, prices jump by 200 (a replay before it must never show them). */
function bars(): Bar[] {
  return Array.from({ length: N }, (_, i) => {
    const open = round2(100 + (i % 17) * 0.37 + (i >= 150 ? 200 : 0));
    const close = round2(open + (i % 2 ? -0.8 : 0.9));
    return {
      time: T0 + i * DAY,
      open,
      close,
      high: round2(Math.max(open, close) + 0.3),
      low: round2(Math.min(open, close) - 0.3),
      volume: 1000 + i,
    };
  });
}

async function hostChart(width = 800): Promise<{ chart: KlineChart; data: Bar[] }> {
  const wrapper = await fixture<HTMLElement>(
    html`<div><kline-chart style=${`width:${width}px;height:460px`} source="custom" symbol="RPL" period="1d" indicators="MA(5)" locale="en"></kline-chart></div>`,
  );
  const chart = wrapper.querySelector('kline-chart')!;
  const data = bars();
  const ready = new Promise((resolve) => chart.addEventListener('kline-ready', resolve, { once: true }));
  chart.setBars(data, { symbol: 'RPL', period: '1d', pricePrecision: 2 });
  await ready;
  await chart.whenPainted();
  await inputReady(); // the plot's keys, touch gestures and separator drags (a chunk)
  await chart.tools.ready();
  return { chart, data };
}

function legendText(chart: KlineChart): string {
  return chart.shadowRoot!.querySelector('[part="legend"] [data-testid="ohlc"]')!.textContent.replace(/\s+/g, ' ');
}

function maText(chart: KlineChart): string {
  return chart.shadowRoot!.querySelector('[part="legend"] .study-value')!.textContent.trim();
}

/** Canvas rows (device px) in the column at canvas x that have a candle colour. */
function candleRows(chart: KlineChart, x: number): number[] {
  const canvas = paneCanvas(chart, 'price');
  const colours = [parseColor('#26a69a'), parseColor('#ef5350')];
  const data = canvas.getContext('2d')!.getImageData(Math.round(x), 0, 1, canvas.height).data;
  const rows: number[] = [];
  for (let y = 0; y < canvas.height; y++) {
    const [r, g, b] = [data[y * 4], data[y * 4 + 1], data[y * 4 + 2]];
    if (colours.some((c) => Math.abs(c[0] - r) < 14 && Math.abs(c[1] - g) < 14 && Math.abs(c[2] - b) < 14))
      rows.push(y);
  }
  return rows;
}

/** Canvas columns in [x0, x1) with a candle in them (more candle-coloured rows than the last-price line's). */
function candleColumnsIn(chart: KlineChart, x0: number, x1: number): number {
  let n = 0;
  for (let x = Math.ceil(x0); x < x1; x++) if (candleRows(chart, x).length > 3) n++;
  return n;
}

/** The candle at `index` spans its high to its low on the canvas. */
function expectCandle(chart: KlineChart, s: PrimitiveScales, bar: Bar, index: number): void {
  const rows = candleRows(chart, s.indexToX(index));
  expect(rows.length, `candle ${index} painted`).to.be.greaterThan(0);
  expect(Math.abs(rows[0] - s.priceToY(bar.high))).to.be.lessThan(3);
  expect(Math.abs(rows[rows.length - 1] - s.priceToY(bar.low))).to.be.lessThan(3);
}

describe('bar replay', () => {
  afterEach(() => resetMouse());

  it('startReplay shows the bars up to the replay bar only: candles, legend, studies, context and tools', async () => {
    const { chart, data } = await hostChart();
    const changes: { action: string; reason: string; undoable: boolean }[] = [];
    chart.addEventListener('kline-change', (e) => changes.push((e as CustomEvent).detail));
    const viewBefore = chart.context.get()!.visibleRange;
    const k = 120;
    expect(await chart.startReplay(data[k].time + 3600_000)).to.equal(true);
    expect(chart.replay).to.deep.equal({ time: data[k].time, index: k, playing: false, speed: 1 });
    await chart.whenPainted();
    await inputReady();
    const s = await priceScales(chart);
    expect(s.bars.length).to.equal(k + 1);
    expectCandle(chart, s, data[k], k);
    // Nothing right of the replay bar (the next bars would be there), and the scale never reached the jump.
    expect(candleColumnsIn(chart, s.indexToX(k) + s.barSpacing * 0.6, s.plot.left + s.plot.width)).to.equal(0);
    expect(s.yToPrice(s.plot.top)).to.be.lessThan(200);
    expect(legendText(chart)).to.contain(`C ${data[k].close.toFixed(2)}`);
    const ma = data.slice(k - 4, k + 1).reduce((a, b) => a + b.close, 0) / 5;
    expect(Number(maText(chart).split(' ').at(-1))).to.be.closeTo(ma, 0.006);
    expect(chart.context.get()!.dataRange.to).to.equal(data[k].time);
    const agent = { origin: 'agent' as const };
    const query = await chart.tools.execute('market_bars_query', { limit: 3 }, agent);
    expect((query.data as { inRange: number }).inRange).to.equal(k + 1);
    const ctx = await chart.tools.execute('chart_get_context', {}, agent);
    expect(JSON.stringify(ctx.data)).to.not.contain(String(data[k + 1].time));
    expect(changes.map((c) => `${c.action}:${c.reason}:${c.undoable}`)).to.deep.equal(['replayStart:replay:false']);

    // A study and a drawing added during the replay stay after it.
    const ema = await chart.tools.execute('indicators_add', { definitionId: 'EMA' });
    expect(ema.success, JSON.stringify(ema)).to.equal(true);
    const line = await chart.tools.execute('drawing_create', {
      kind: 'horizontal_line',
      points: [{ time: data[k - 5].time, price: 101 }],
    });
    expect(line.success, JSON.stringify(line)).to.equal(true);
    // A live bar meanwhile waits for the end of the replay.
    const tick = { time: data[N - 1].time + DAY, open: 300, high: 302, low: 299, close: 301.55, volume: 7 };
    expect(chart.updateBar(tick)).to.equal(true);
    await chart.whenPainted();
    await inputReady();
    expect((await priceScales(chart)).bars.length).to.equal(k + 1);
    expect(legendText(chart)).to.contain(`C ${data[k].close.toFixed(2)}`);
    expect(await chart.stopReplay()).to.equal(true);
    expect(chart.replay).to.equal(null);
    await chart.whenPainted();
    await inputReady();
    expect((await priceScales(chart)).bars.length).to.equal(N + 1);
    expect(legendText(chart)).to.contain('C 301.55');
    // The view from before the replay, moved on by the held bar as a live feed moves it.
    const view = chart.context.get()!.visibleRange;
    expect([view.bars, view.to]).to.deep.equal([viewBefore.bars, tick.time]);
    expect(await drawingCount(chart)).to.equal(1);
    const studies = () => chart.context.get()!.activeIndicators.map((i) => i.definitionId);
    expect(studies()).to.deep.equal(['MA', 'EMA']);
    // Undo takes back the drawing, then the study; the replay was never a step.
    expect(chart.undo()).to.not.equal(undefined);
    expect(await drawingCount(chart)).to.equal(0);
    expect(chart.undo()).to.not.equal(undefined);
    expect(studies()).to.deep.equal(['MA']);
    expect(chart.replay).to.equal(null);
    expect((await priceScales(chart)).bars.length).to.equal(N + 1);
  });

  it('stepping appends the next real bar and the view follows it; play steps on a timer; a period change ends it', async () => {
    const { chart, data } = await hostChart();
    const k = 140;
    await chart.startReplay(data[k].time);
    await chart.whenPainted();
    await inputReady();
    expect(await chart.stepReplay()).to.equal(true);
    await chart.whenPainted();
    await inputReady();
    let s = await priceScales(chart);
    expect(s.bars.length).to.equal(k + 2);
    expect(s.lastIndex).to.equal(k + 1);
    expectCandle(chart, s, data[k + 1], k + 1);
    expect(legendText(chart)).to.contain(`C ${data[k + 1].close.toFixed(2)}`);

    // Shift+→ on the chart steps too (instead of panning).
    chart.focus();
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ up: 'Shift' });
    expect(chart.replay!.index).to.equal(k + 2);

    expect(await chart.playReplay(40)).to.equal(true);
    expect(chart.replay!.playing).to.equal(true);
    await waitFor(() => chart.replay!.index >= k + 6, 'the replay played on');
    expect(await chart.pauseReplay()).to.equal(true);
    const at = chart.replay!.index;
    expect(chart.replay!.playing).to.equal(false);
    await chart.whenPainted();
    await inputReady();
    s = await priceScales(chart);
    expect(s.bars.length).to.equal(at + 1);
    // Past the jump at bar 150 the bars come in as they are.
    await chart.stepReplay(150 - at);
    expect(legendText(chart)).to.contain(`C ${data[150].close.toFixed(2)}`);

    chart.setAttribute('period', '1w');
    await waitFor(() => chart.replay === null, 'the period change ended the replay');
    await waitFor(() => chart.context.get()?.period === '1w', 'weekly bars');
  });

  it('the toolbar button: a line follows the pointer, a click picks the start bar, then the strip (axe-clean)', async () => {
    const { chart, data } = await hostChart(1280);
    const root = chart.shadowRoot!;
    root.querySelector<HTMLElement>('[part="replay-button"]')!.click();
    await waitFor(() => !!root.querySelector('.replay-pick'), 'choosing the start bar');
    expect(root.querySelector('[part="replay-button"]')!.getAttribute('aria-pressed')).to.equal('true');
    const s = await priceScales(chart);
    const over = root.querySelector<HTMLElement>('.pane[data-pane-id="price"] .u-over')!.getBoundingClientRect();
    const k = s.firstIndex + 15; // inside the test window (narrower than the chart)
    const x = Math.round(over.left + (s.indexToX(k) - s.plot.left) / s.pixelRatio);
    const y = Math.round(over.top + over.height / 2);
    expect(x).to.be.lessThan(innerWidth);
    await sendMouse({ type: 'move', position: [x + 1, y] });
    const line = root.querySelector<HTMLElement>('.replay-line')!;
    await waitFor(() => !line.hidden, 'the line follows the pointer');
    expect(Math.abs(line.getBoundingClientRect().left + 1 - x)).to.be.lessThan(3);
    await sendMouse({ type: 'click', position: [x + 1, y] });
    await waitFor(() => chart.replay !== null, 'the replay started');
    expect(chart.replay!.time).to.equal(data[k].time);
    await chart.updateComplete;
    expect(root.querySelector('.replay-pick')).to.equal(null);
    const strip = root.querySelector<HTMLElement>('[part="replay-strip"]')!;
    expect(strip.getAttribute('role')).to.equal('toolbar');
    expect(strip.getAttribute('aria-label')).to.equal('Bar replay');
    expect(await axeViolations(chart)).to.deep.equal([]);

    strip.querySelector<HTMLElement>('[part="replay-step"]')!.click();
    expect(chart.replay!.index).to.equal(k + 1);
    strip.querySelector<HTMLElement>('[part="replay-speed"][data-speed="10"]')!.click();
    await chart.updateComplete;
    expect(chart.replay!.speed).to.equal(10);
    expect(strip.querySelector('[data-speed="10"]')!.getAttribute('aria-pressed')).to.equal('true');
    strip.querySelector<HTMLElement>('[part="replay-play"]')!.click();
    await waitFor(() => chart.replay!.index >= k + 3, 'played at 10 bars a second');
    await chart.updateComplete;
    expect(strip.querySelector('[part="replay-play"]')!.getAttribute('aria-label')).to.equal('Pause');
    strip.querySelector<HTMLElement>('[part="replay-exit"]')!.click();
    expect(chart.replay).to.equal(null);
    await chart.updateComplete;
    expect(root.querySelector('[part="replay-strip"]')).to.equal(null);
    expect((await priceScales(chart)).bars.length).to.equal(N);
  });

  it('Escape cancels choosing; a narrow chart has "Bar replay" in its More menu, in the chart language', async () => {
    const { chart } = await hostChart(420);
    chart.locale = 'ja';
    await waitFor(() => chart.shadowRoot!.querySelector('[part="more-button"]') !== null, 'the compact toolbar');
    chart.shadowRoot!.querySelector<HTMLElement>('[part="more-button"]')!.click();
    const find = () => chart.shadowRoot!.querySelector<HTMLElement>('[part="more-menu"] [data-action="replay"]');
    await waitFor(() => find() !== null, 'the menu item');
    const item = find()!;
    await waitFor(() => item.textContent === 'バーリプレイ', 'the Japanese label');
    item.click();
    await waitFor(() => !!chart.shadowRoot!.querySelector('.replay-pick'), 'choosing the start bar');
    chart.focus();
    await sendKeys({ press: 'Escape' });
    await chart.updateComplete;
    expect(chart.shadowRoot!.querySelector('.replay-pick')).to.equal(null);
    expect(chart.replay).to.equal(null);

    // By keyboard: ← puts the crosshair on a bar, Enter starts the replay there.
    chart.shadowRoot!.querySelector<HTMLElement>('[part="more-button"]')!.click();
    await waitFor(() => find() !== null, 'the menu item');
    find()!.click();
    await waitFor(() => !!chart.shadowRoot!.querySelector('.replay-pick'), 'choosing again');
    chart.focus();
    await sendKeys({ press: 'ArrowLeft' });
    await sendKeys({ press: 'ArrowLeft' });
    const hover = chart._hover;
    expect(hover).to.be.a('number');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => chart.replay !== null, 'the replay started at the crosshair');
    expect(chart.replay!.index).to.equal(hover);
    await chart.stopReplay();
  });

  it('under forced colours the pressed speed stands out', async () => {
    await executeServerCommand('media-features', { features: [{ name: 'forced-colors', value: 'active' }] });
    try {
      await waitFor(() => matchMedia('(forced-colors: active)').matches, 'emulated forced colours');
      const { chart, data } = await hostChart();
      await chart.startReplay(data[100].time);
      await chart.updateComplete;
      const root = chart.shadowRoot!;
      const on = root.querySelector('[part="replay-speed"][aria-pressed="true"]')!;
      const off = root.querySelector('[part="replay-speed"][aria-pressed="false"]')!;
      const [a, b] = [on, off].map((el) => luminance(getComputedStyle(el).backgroundColor));
      expect((Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)).to.be.at.least(3);
    } finally {
      await executeServerCommand('media-features', { features: [] });
    }
  });
});

/** The drawings on the chart's instrument (drawings_list). */
async function drawingCount(chart: KlineChart): Promise<number> {
  const r = await chart.tools.execute('drawings_list', {});
  return (r.data as { drawings: unknown[] }).drawings.length;
}

/** Relative luminance of a computed `rgb(a)` colour (alpha over white, the emulated Canvas). */
function luminance(css: string): number {
  const [r = 0, g = 0, b = 0, alpha = 1] = (css.match(/[\d.]+/g) ?? []).map(Number);
  const [R, G, B] = [r, g, b].map((v) => {
    const c = (v * alpha + 255 * (1 - alpha)) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * R + 0.7152 * G + 0.0722 * B;
}
