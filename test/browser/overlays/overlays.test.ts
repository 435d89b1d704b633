import { expect } from '@open-wc/testing';
import { html } from 'lit';
import { executeServerCommand } from '@web/test-runner-commands';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import type { PriceLineMovedDetail } from '../../../components/kline-chart/overlay-layer-controller.js';
import type { MockStep } from '../../mock-model/mock-step.js';
import { countPixels, parseColor, rowsWithColor } from '../helpers/canvas-pixels.js';
import { paneCanvas, readyChart, waitFor } from '../helpers/chart-fixture.js';
import { chartAndPanel, nextRunEnd, typeAndSend, unmountAll } from '../panel/panel-fixture.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';

const MAGENTA = '#ff00ff';

/** Canvas rect of the price plot area (inside the axes), device px. */
function plotRect(chart: KlineChart): { x: number; y: number; w: number; h: number } {
  const canvas = paneCanvas(chart, 'price');
  const over = chart.shadowRoot!.querySelector<HTMLElement>('.pane[data-pane-id="price"] .u-over')!;
  const c = canvas.getBoundingClientRect();
  const o = over.getBoundingClientRect();
  const k = canvas.width / c.width;
  return {
    x: Math.round((o.left - c.left) * k),
    y: Math.round((o.top - c.top) * k),
    w: Math.round(o.width * k),
    h: Math.round(o.height * k),
  };
}

describe('trading overlays on <kline-chart>', function () {
  this.timeout(60000);
  afterEach(unmountAll);

  it('10,000 markers paint in their colour and disappear when removed', async () => {
    const chart = await readyChart();
    const canvas = paneCanvas(chart, 'price');
    const rgb = parseColor(MAGENTA);
    expect(countPixels(canvas, rgb, 8)).to.equal(0);
    const bars = coreOf(chart).store.peek('series')!.bars;
    const markers = Array.from({ length: 10_000 }, (_, i) => ({
      time: bars.time[bars.length - 1 - (i % 200)],
      position: (['above', 'below', 'on'] as const)[i % 3],
      shape: (['arrow', 'circle', 'square', 'flag'] as const)[i % 4],
      color: MAGENTA,
    }));
    const r = await chart.tools.execute('markers_create', { markers });
    expect(r.success, JSON.stringify(r).slice(0, 300)).to.equal(true);
    await chart.whenPainted();
    const painted = countPixels(canvas, rgb, 8);
    expect(painted).to.be.greaterThan(500);
    chart.undo();
    await chart.whenPainted();
    expect(countPixels(canvas, rgb, 8)).to.equal(0);
  });

  it('the last price tag and a price line tag show on the axis; watermark text changes the plot', async () => {
    const chart = await readyChart();
    // Settings rebuild the panes: always read the current canvas.
    const canvasNow = () => paneCanvas(chart, 'price');
    const plot = plotRect(chart);
    const axis = { x: plot.x + plot.w + 1, y: plot.y, w: canvasNow().width - plot.x - plot.w - 1, h: plot.h };
    const theme = getComputedStyle(chart);
    const up = parseColor(theme.getPropertyValue('--kline-up-color').trim() || '#26a69a');
    const down = parseColor(theme.getPropertyValue('--kline-down-color').trim() || '#ef5350');
    const tagPixels = () => countPixels(canvasNow(), up, 10, axis) + countPixels(canvasNow(), down, 10, axis);
    expect(tagPixels(), 'last price tag on the axis').to.be.greaterThan(200);
    await chart.tools.execute('settings_update', { values: { lastPrice: false } });
    await chart.whenPainted();
    expect(tagPixels(), 'no tag with lastPrice off').to.equal(0);

    const bars = coreOf(chart).store.peek('series')!.bars;
    const price = bars.close[bars.length - 1];
    await chart.tools.execute('price_lines_create', { price, color: MAGENTA, style: 'solid', label: 'Entry' });
    await chart.whenPainted();
    expect(countPixels(canvasNow(), parseColor(MAGENTA), 8, axis), 'price line tag').to.be.greaterThan(200);
    expect(
      rowsWithColor(canvasNow(), parseColor(MAGENTA), plot.x + 10, plot.x + plot.w - 10).length,
      'the line crosses the plot',
    ).to.be.greaterThan(0);

    // The watermark: turning it off changes pixels in the middle of the plot; custom text too.
    const centre = {
      x: plot.x + Math.round(plot.w * 0.3),
      y: plot.y + Math.round(plot.h * 0.4),
      w: Math.round(plot.w * 0.4),
      h: Math.round(plot.h * 0.2),
    };
    const snapshot = () => canvasNow().getContext('2d')!.getImageData(centre.x, centre.y, centre.w, centre.h).data;
    const differing = (a: Uint8ClampedArray, b: Uint8ClampedArray) => {
      let n = 0;
      for (let i = 0; i < a.length; i += 4)
        if (Math.abs(a[i] - b[i]) + Math.abs(a[i + 1] - b[i + 1]) + Math.abs(a[i + 2] - b[i + 2]) > 6) n++;
      return n;
    };
    const withSymbol = snapshot();
    await chart.tools.execute('settings_update', { values: { watermark: 'off' } });
    await chart.whenPainted();
    const off = snapshot();
    expect(differing(withSymbol, off), 'symbol watermark drawn').to.be.greaterThan(100);
    await chart.tools.execute('settings_update', { values: { watermark: 'custom', watermarkText: 'MY DESK' } });
    await chart.whenPainted();
    expect(differing(snapshot(), off), 'custom watermark drawn').to.be.greaterThan(100);
    expect(differing(snapshot(), withSymbol), 'custom text differs from the symbol').to.be.greaterThan(50);
  });

  it('dragging a draggable price line fires kline-price-line-moved with the new price', async () => {
    const chart = await readyChart();
    const canvas = paneCanvas(chart, 'price');
    const plot = plotRect(chart);
    const bars = coreOf(chart).store.peek('series')!.bars;
    const price = bars.close[bars.length - 1];
    const created = await chart.tools.execute('price_lines_create', {
      price,
      color: MAGENTA,
      style: 'solid',
      draggable: true,
      axisLabel: false,
    });
    expect(created.success).to.equal(true);
    await chart.whenPainted();
    const rows = rowsWithColor(canvas, parseColor(MAGENTA), plot.x + 10, plot.x + plot.w - 10);
    expect(rows.length).to.be.greaterThan(0);
    const c = canvas.getBoundingClientRect();
    const k = canvas.width / c.width;
    const y0 = c.top + rows[0] / k;
    const x = c.left + (plot.x + plot.w / 2) / k;
    const over = chart.shadowRoot!.querySelector<HTMLElement>('.pane[data-pane-id="price"] .u-over')!;
    const fire = (type: string, y: number) =>
      over.dispatchEvent(
        new PointerEvent(type, {
          bubbles: true,
          composed: true,
          cancelable: true,
          button: 0,
          buttons: type === 'pointerup' ? 0 : 1,
          pointerId: 9,
          isPrimary: true,
          clientX: x,
          clientY: y,
        }),
      );
    const moved = new Promise<PriceLineMovedDetail>((resolve) =>
      chart.addEventListener('kline-price-line-moved', (e) => resolve(e.detail), { once: true }),
    );
    const viewBefore = coreOf(chart).store.peek('view');
    fire('pointerdown', y0);
    fire('pointermove', y0 + 25);
    fire('pointermove', y0 + 50);
    fire('pointerup', y0 + 50);
    const detail = await moved;
    const id = (created as { data: { id: string } }).data.id;
    expect(detail.id).to.equal(id);
    expect(detail.previousPrice).to.equal(price);
    expect(detail.price).to.be.lessThan(price);
    expect(coreOf(chart).priceLines.current()[0].price).to.equal(detail.price);
    expect(coreOf(chart).store.peek('view'), 'the drag did not pan the chart').to.deep.equal(viewBefore);
    await chart.whenPainted();
    const after = rowsWithColor(canvas, parseColor(MAGENTA), plot.x + 10, plot.x + plot.w - 10);
    expect(Math.abs(after[0] - (rows[0] + 50 * k)), `line row ${after[0]} near the pointer`).to.be.lessThan(3 * k);
    expect(chart.undo()).to.equal('price_line_move');
    expect(coreOf(chart).priceLines.current()[0].price).to.equal(price);
  });

  it('legendMode tooltip shows the bar values in a box by the pointer instead of the OHLC row', async () => {
    const chart = await readyChart();
    await chart.tools.execute('settings_update', { values: { legendMode: 'tooltip' } });
    await chart.whenPainted();
    await chart.updateComplete;
    const root = chart.shadowRoot!;
    expect(root.querySelector('[data-testid="ohlc"]'), 'no OHLC row in the legend').to.equal(null);
    const over = root.querySelector<HTMLElement>('.pane[data-pane-id="price"] .u-over')!;
    const r = over.getBoundingClientRect();
    const x = r.left + r.width * 0.5;
    const y = r.top + r.height * 0.5;
    over.dispatchEvent(
      new PointerEvent('pointermove', { bubbles: true, composed: true, clientX: x, clientY: y, pointerId: 3 }),
    );
    over.dispatchEvent(new MouseEvent('mousemove', { bubbles: true, composed: true, clientX: x, clientY: y }));
    const tip = root.querySelector<HTMLElement>('[part="tooltip"]')!;
    await waitFor(() => tip.style.display === 'block', 'tooltip shown');
    const index = chart.context.get() && (chart as unknown as { _hover: number | null })._hover;
    expect(index).to.be.a('number');
    const bars = coreOf(chart).store.peek('series')!.bars;
    const p = coreOf(chart).store.peek('series')!.instrument.pricePrecision;
    expect(tip.textContent).to.contain(`C ${bars.close[index as number].toFixed(p ?? 2)}`);
    const t = tip.getBoundingClientRect();
    expect(Math.abs(t.left - (x + 14)) < 2 || t.right <= x, 'next to the pointer').to.equal(true);
    over.dispatchEvent(new PointerEvent('pointerleave', { bubbles: false, clientX: x, clientY: y, pointerId: 3 }));
    await chart.tools.execute('settings_update', { values: { legendMode: 'legend' } });
    await chart.updateComplete;
    expect(root.querySelector('[data-testid="ohlc"]')).to.not.equal(null);
  });

  it('the pointer on a marker shows its text in the tooltip, in legend mode too; off the marker it goes', async () => {
    const chart = await readyChart();
    const series = coreOf(chart).store.peek('series')!;
    const bars = series.bars;
    const view = chart.context.get()!.visibleRange;
    const i = bars.time.findIndex((t) => t >= (view.from + view.to) / 2);
    const r = await chart.tools.execute('markers_create', {
      markers: [{ time: bars.time[i], position: 'below', shape: 'arrow', color: MAGENTA, text: 'Buy 42' }],
    });
    expect(r.success, JSON.stringify(r)).to.equal(true);
    await chart.whenPainted();
    // Where the arrow was painted: the top rows of magenta (its text is below it), in client px.
    const canvas = paneCanvas(chart, 'price');
    const img = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    const [mr, mg, mb] = parseColor(MAGENTA);
    const magenta: [number, number][] = [];
    for (let p = 0; p < img.data.length; p += 4)
      if (Math.abs(img.data[p] - mr) + Math.abs(img.data[p + 1] - mg) + Math.abs(img.data[p + 2] - mb) < 24)
        magenta.push([(p / 4) % canvas.width, Math.floor(p / 4 / canvas.width)]);
    expect(magenta.length, 'the marker is painted').to.be.greaterThan(5);
    const top = Math.min(...magenta.map(([, py]) => py));
    const arrow = magenta.filter(([, py]) => py <= top + 3);
    const sx = arrow.reduce((a, [px]) => a + px, 0);
    const sy = arrow.reduce((a, [, py]) => a + py, 0);
    const n = arrow.length;
    const c = canvas.getBoundingClientRect();
    const k = canvas.width / c.width;
    const root = chart.shadowRoot!;
    const over = root.querySelector<HTMLElement>('.pane[data-pane-id="price"] .u-over')!;
    const move = (x: number, y: number) => {
      over.dispatchEvent(
        new PointerEvent('pointermove', { bubbles: true, composed: true, clientX: x, clientY: y, pointerId: 4 }),
      );
      over.dispatchEvent(new MouseEvent('mousemove', { bubbles: true, composed: true, clientX: x, clientY: y }));
    };
    const x = c.left + sx / n / k;
    const y = c.top + sy / n / k;
    const tip = root.querySelector<HTMLElement>('[part="tooltip"]')!;
    expect(coreOf(chart).store.peek('settings').legendMode).to.equal('legend');
    move(x, y);
    await waitFor(() => tip.style.display === 'block', 'marker tooltip shown');
    expect(tip.textContent).to.contain('▲ Buy 42');
    // 40 px above the arrow is the bar's body or empty plot: no marker there.
    move(x, y - 40);
    await waitFor(() => tip.style.display === 'none', 'marker tooltip hidden off the marker');
  });

  it('a model asking for MACD golden crosses gets markers exactly at the crossings', async () => {
    await import('openai');
    const mockUrl = String(await executeServerCommand('mock-model-url'));
    const mockRoot = mockUrl.replace(/\/v1$/, '');
    const { chart, panel } = await chartAndPanel(
      html`<chart-agent-panel for="c1" base-url=${mockUrl} session-store="memory" style="width:380px;height:560px"></chart-agent-panel>`,
    );
    const steps: MockStep[] = [
      {
        toolCalls: [
          {
            name: 'markers_from_condition',
            arguments: JSON.stringify({
              definitionId: 'MACD',
              left: 'macd',
              op: 'crosses_above',
              right: 'signal',
              text: 'GC',
            }),
          },
        ],
      },
      { text: 'Marked the golden crosses.' },
    ];
    await fetch(`${mockRoot}/__mock/reset`, { method: 'POST' });
    expect((await fetch(`${mockRoot}/__mock/script`, { method: 'POST', body: JSON.stringify(steps) })).ok).to.equal(
      true,
    );
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'Mark every MACD golden cross');
    expect((await ended).status).to.equal('completed');
    // Independently: the crossings of the MACD line over its signal, from the chart's own outputs.
    const series = coreOf(chart).store.peek('series')!;
    const def = coreOf(chart).indicatorRegistry.get('MACD')!;
    const v = def.compute(
      { ...series.bars, length: series.bars.length, timezone: series.instrument.timezone },
      {
        fast: 12,
        slow: 26,
        signal: 9,
      },
    );
    const expected: number[] = [];
    for (let i = 1; i < series.bars.length; i++) {
      if (v.macd[i - 1] <= v.signal[i - 1] && v.macd[i] > v.signal[i]) expected.push(series.bars.time[i]);
    }
    await waitFor(() => coreOf(chart).markers.current().length > 0, 'markers');
    const markers = coreOf(chart).markers.current();
    expect(expected.length).to.be.greaterThan(3);
    expect(markers.map((m) => m.time)).to.deep.equal(expected);
    expect(markers.every((m) => m.text === 'GC')).to.equal(true);
    await chart.whenPainted();
    expect(countPixels(paneCanvas(chart, 'price'), parseColor('#26a69a'), 4), 'green arrows painted').to.be.greaterThan(
      0,
    );
  });
});
