import { expect } from '@open-wc/testing';
import { html, render } from 'lit';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { registerDrawingKind, type DrawingKindDefinition } from '../../../src/core/drawings/index.js';
import { midpointStudy } from '../helpers/midpoint-study.js';
import { countPixels, parseColor } from '../helpers/canvas-pixels.js';
import { paneCanvas, readyChart, waitFor } from '../helpers/chart-fixture.js';

/** A host study far from the price (the bar midpoint plus `shift`): only a second scale shows it well. */
const farStudy = midpointStudy('FARMID', 'Shifted midpoint', 100000, 1e9);

/** A host drawing kind: a filled diamond of 24 px around its one anchor, painted by its own painter. */
const diamond: DrawingKindDefinition = {
  id: 'test_diamond',
  anchors: 1,
  label: 'Diamond',
  description: 'a filled diamond centred on the point',
  icon: 'M8 2l6 6-6 6-6-6z',
  geometry: ({ anchors: [a] }) =>
    a ? [{ type: 'polygon', points: [a.x, a.y - 12, a.x + 12, a.y, a.x, a.y + 12, a.x - 12, a.y] }] : [],
  paint(ctx, primitives, { drawing }) {
    const c = ctx as CanvasRenderingContext2D;
    for (const p of primitives) {
      if (p.type !== 'polygon') continue;
      c.beginPath();
      c.moveTo(p.points[0], p.points[1]);
      for (let i = 2; i < p.points.length; i += 2) c.lineTo(p.points[i], p.points[i + 1]);
      c.closePath();
      c.fillStyle = drawing.style.color;
      c.fill();
    }
  },
  editorFields: ['color'],
};

function lastBarPoint(chart: KlineChart): { time: number; price: number } {
  const ctx = chart.context.get()!;
  return { time: ctx.dataRange.to, price: 0 };
}

async function closeOf(chart: KlineChart): Promise<number> {
  const r = await chart.tools.execute('market_bars_query', { limit: 1 });
  const text = (r.success && (r.text ?? String(r.data))) || '';
  const row = text.trim().split('\n').pop()!.split(',');
  return Number(row[4]);
}

describe('extensions: registerDrawingKind, left price scale', function () {
  this.timeout(60000);

  it('a registered drawing kind is in the toolbar, the palette schema and drawing_create, and paints with its own painter', async () => {
    let off = registerDrawingKind(diamond);
    try {
      // Wide enough for every drawing tool in the toolbar's row (narrower, they fold into "More").
      const chart = await readyChart(html`<kline-chart style="width:1400px;height:500px"></kline-chart>`);
      await chart.updateComplete;
      const button = chart.shadowRoot!.querySelector<HTMLButtonElement>('[data-tool="test_diamond"]');
      expect(button, 'toolbar button').to.not.equal(null);
      expect(button!.getAttribute('aria-label')).to.equal('Diamond');
      // A pointer click (detail 1): `click()` has detail 0, which the toolbar takes for a keyboard
      // activation, and keyboard drawing then previews a diamond at the last bar's close, over this one.
      button!.dispatchEvent(new MouseEvent('click', { detail: 1, bubbles: true, composed: true }));
      await chart.updateComplete;
      expect(button!.getAttribute('aria-pressed')).to.equal('true');
      // drawing_create is listed once the built-in tools' chunk is in (issue #12).
      await chart.tools.ready();
      const listed = chart.tools.list().find((t) => t.name === 'drawing_create')!;
      expect(JSON.stringify(listed.parameters)).to.contain('test_diamond');
      const price = await closeOf(chart);
      const r = await chart.tools.execute('drawing_create', {
        kind: 'test_diamond',
        points: [{ ...lastBarPoint(chart), price }],
        style: { color: '#00ff00' },
      });
      expect(r.success, JSON.stringify(r)).to.equal(true);
      await chart.whenPainted();
      const green = countPixels(paneCanvas(chart, 'price'), parseColor('#00ff00'), 10);
      // A 24 px diamond is ~288 CSS px²; at least half of it shows (the anchor is the last bar, near the edge).
      expect(green).to.be.greaterThan(100);
      // Unregistered, its drawings are not painted; registered again, they are (without any other change).
      off();
      await chart.whenPainted();
      expect(countPixels(paneCanvas(chart, 'price'), parseColor('#00ff00'), 10)).to.equal(0);
      off = registerDrawingKind(diamond);
      await chart.whenPainted();
      expect(countPixels(paneCanvas(chart, 'price'), parseColor('#00ff00'), 10)).to.equal(green);
    } finally {
      off();
    }
  });

  it('a layout with a registered kind reloads it; without the kind it loads the rest and names the kind', async () => {
    const key = `ext-kind-${Date.now()}`;
    const host = document.createElement('div');
    document.body.append(host);
    const mount = async () => {
      render(html`<kline-chart style="width:800px;height:500px" persist-key=${key}></kline-chart>`, host);
      const chart = host.querySelector('kline-chart')!;
      await waitFor(() => chart.context.get() !== null, 'data');
      await chart.whenPainted();
      return chart;
    };
    const kinds = async (chart: KlineChart) => {
      const r = await chart.tools.execute('drawings_list', {});
      return r.success ? (r.data as { drawings: { kind: string }[] }).drawings.map((d) => d.kind).sort() : [];
    };
    let off = registerDrawingKind(diamond);
    try {
      let chart = await mount();
      const price = await closeOf(chart);
      const p = lastBarPoint(chart);
      expect(
        (await chart.tools.execute('drawing_create', { kind: 'test_diamond', points: [{ ...p, price }] })).success,
      ).to.equal(true);
      expect(
        (await chart.tools.execute('drawing_create', { kind: 'horizontal_line', points: [{ ...p, price }] })).success,
      ).to.equal(true);
      // The debounced autosave has written both drawings.
      await waitFor(() => /test_diamond/.test(localStorage.getItem(key) ?? ''), 'the autosave of both drawings', 5000);
      render(html``, host);
      chart = await mount();
      await waitFor(() => chart.context.get()!.drawingSelection !== undefined, 'context');
      expect(await kinds(chart)).to.deep.equal(['horizontal_line', 'test_diamond']);
      render(html``, host);
      off();
      const errors: { code: string; message: string }[] = [];
      host.addEventListener('kline-error', (e) => errors.push((e as CustomEvent).detail));
      chart = await mount();
      await waitFor(() => errors.some((e) => e.code === 'persist_partial'), 'persist_partial');
      expect(errors.find((e) => e.code === 'persist_partial')!.message).to.contain(
        "unknown drawing kind 'test_diamond'",
      );
      expect(await kinds(chart)).to.deep.equal(['horizontal_line']);
    } finally {
      off();
      off = () => {};
      render(html``, host);
      host.remove();
      for (const k of Object.keys(localStorage)) if (k.startsWith(key)) localStorage.removeItem(k);
    }
  });

  it("indicators_add scale 'left': the overlay gets its own labelled left axis and the candles keep their scale", async () => {
    const chart = await readyChart();
    chart.registerIndicator(farStudy);
    let canvas = paneCanvas(chart, 'price');
    const pr = window.devicePixelRatio || 1;
    const axisRgb = parseColor(getComputedStyle(chart).getPropertyValue('--kline-axis-color').trim() || '#787b86');
    const leftStrip = { x: 0, y: 0, w: Math.round(60 * pr), h: canvas.height };
    const up = parseColor('#26a69a');
    const candlesBefore = countPixels(canvas, up, 10);
    expect(countPixels(canvas, axisRgb, 40, leftStrip), 'no left labels before').to.equal(0);
    const r = await chart.tools.execute('indicators_add', { definitionId: 'FARMID', scale: 'left' });
    expect(r.success, JSON.stringify(r)).to.equal(true);
    await chart.whenPainted();
    await chart.whenPainted();
    canvas = paneCanvas(chart, 'price'); // a new series layout rebuilds the pane's plot
    expect(countPixels(canvas, axisRgb, 40, leftStrip), 'left axis labels').to.be.greaterThan(30);
    expect(countPixels(canvas, parseColor('#ff00ff'), 10), 'the overlay line').to.be.greaterThan(100);
    // On the main scale a line 100000 away would squash the candles to a few rows; on its own scale they stay.
    expect(countPixels(canvas, up, 10)).to.be.greaterThan(candlesBefore * 0.6);
    // Every pane reserves the same width, so bars line up across panes: the volume pane's first
    // coloured column starts where the price pane's first candle does (within a bar).
    const firstColumn = (c: HTMLCanvasElement) => {
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let min = c.width;
      for (let i = 0; i < data.length; i += 4) {
        const x = (i / 4) % c.width;
        const [r, g, b, a] = [data[i], data[i + 1], data[i + 2], data[i + 3]];
        if (
          a > 100 &&
          x < min &&
          ((Math.abs(g - 166) < 40 && r < 100 && b > 110 && b < 190) || (r > 200 && g < 120 && b < 120))
        )
          min = x;
      }
      return min;
    };
    const volPane = [...chart.shadowRoot!.querySelectorAll<HTMLElement>('.pane')].find(
      (p) => p.dataset.paneId !== 'price',
    )!;
    const volCanvas = volPane.querySelector('canvas')!;
    expect(Math.abs(firstColumn(volCanvas) - firstColumn(canvas))).to.be.lessThan(12 * pr);
    expect(firstColumn(canvas)).to.be.greaterThan(55 * pr);
  });

  it("comparison_create scale 'left' draws the other instrument in its own prices on the left axis", async () => {
    const chart = await readyChart();
    const r = await chart.tools.execute('comparison_create', { symbol: 'HKDEMO', scale: 'left' });
    expect(r.success, JSON.stringify(r)).to.equal(true);
    const color = (r.data as { color: string }).color;
    // The left axis rebuilds the pane's plot: read the canvas each time.
    await waitFor(() => countPixels(paneCanvas(chart, 'price'), parseColor(color), 10) > 100, 'comparison line');
    const canvas = paneCanvas(chart, 'price');
    const pr = window.devicePixelRatio || 1;
    const axisRgb = parseColor(getComputedStyle(chart).getPropertyValue('--kline-axis-color').trim() || '#787b86');
    expect(
      countPixels(canvas, axisRgb, 40, { x: 0, y: 0, w: Math.round(60 * pr), h: canvas.height }),
    ).to.be.greaterThan(30);
  });

  it('element methods for markers and price lines mirror the tools and paint', async () => {
    const chart = await readyChart();
    const time = chart.context.get()!.dataRange.to;
    const created = await chart.createMarkers([{ time, position: 'above', shape: 'circle', color: '#00ffff' }]);
    expect(created.success, JSON.stringify(created)).to.equal(true);
    await chart.whenPainted();
    expect(countPixels(paneCanvas(chart, 'price'), parseColor('#00ffff'), 10), 'marker').to.be.greaterThan(10);
    const listed = await chart.listMarkers();
    expect(listed.success && (listed.data as { total: number }).total).to.equal(1);
    const bad = await chart.createMarkers([{ time, position: 'sideways', shape: 'circle' }]);
    expect(bad.success).to.equal(false);
    expect((await chart.removeMarkers()).success).to.equal(true);
    expect(((await chart.listMarkers()).data as { total: number }).total).to.equal(0);
    const price = await closeOf(chart);
    const line = await chart.createPriceLine({ price, label: 'stop', color: '#ff8800' });
    expect(line.success, JSON.stringify(line)).to.equal(true);
    const id = (line.data as { id: string }).id;
    const moved = await chart.updatePriceLine(id, { price: price * 0.9 });
    expect(moved.success, JSON.stringify(moved)).to.equal(true);
    const lines = (await chart.listPriceLines()).data as { lines: { id: string; price: number }[] };
    expect(lines.lines.map((l) => [l.id, l.price])).to.deep.equal([[id, price * 0.9]]);
    expect((await chart.removePriceLines([id])).success).to.equal(true);
    expect(((await chart.listPriceLines()).data as { lines: unknown[] }).lines).to.deep.equal([]);
    const cond = await chart.markersFromCondition({
      definitionId: 'MACD',
      left: 'macd',
      op: 'crosses_above',
      right: 'signal',
    });
    expect(cond.success && (cond.data as { count: number }).count).to.be.greaterThan(0);
  });
});
