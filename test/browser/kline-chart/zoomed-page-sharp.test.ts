import { expect } from '@open-wc/testing';
import { html } from 'lit';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import type { PrimitiveScales } from '../../../components/kline-chart/chart-primitive.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';
import { loadDrawingLayerParts } from '../../../components/kline-chart/drawing-layer-controller.js';
import { priceScales, readyChart, waitFor } from '../helpers/chart-fixture.js';
import { parseColor } from '../helpers/canvas-pixels.js';
import { screenPixels } from '../helpers/screen-pixels.js';

/**
 * A chart inside `zoom: 1.5` (a container's, a CMS theme's) is shown 1.5 times its CSS px: its canvases
 * must hold devicePixelRatio × 1.5 device px per CSS px, or the browser upscales them and candles and
 * text come out blurred.
 */
const ZOOM = 1.5;
/** Both candle colours, so a wick's colour is known whichever way its bar went. */
const WICK = '#0000ff';

/** Every pane's uPlot canvas. */
function paneCanvases(chart: KlineChart): HTMLCanvasElement[] {
  return [...chart.shadowRoot!.querySelectorAll<HTMLElement>('.pane')].map((p) => p.querySelector('canvas')!);
}

/** Whether every pane canvas is backed at `ratio` device px per CSS px (uPlot rounds to whole px). */
function backedAt(chart: KlineChart, ratio: number): boolean {
  return paneCanvases(chart).every(
    (c) =>
      Math.abs(c.width - c.offsetWidth * ratio) <= 1 &&
      Math.abs(c.height - c.offsetHeight * ratio) <= 1 &&
      c.offsetWidth > 0,
  );
}

/** Largest per-channel difference of two colours. */
const diff = (a: ArrayLike<number>, b: ArrayLike<number>) =>
  Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1]), Math.abs(a[2] - b[2]));

describe(`a chart on a page with zoom: ${ZOOM}`, () => {
  let chart: KlineChart;
  let over: HTMLElement;
  let scales: PrimitiveScales;

  beforeEach(async () => {
    chart = await readyChart(
      html`<div style="zoom:${ZOOM}">
        <kline-chart
          style="width:500px;height:360px;--kline-up-color:${WICK};--kline-down-color:${WICK}"
          indicators="VOL"
        ></kline-chart>
      </div>`,
    );
    over = chart.shadowRoot!.querySelector<HTMLElement>('.pane[data-pane-id="price"] .u-over')!;
    scales = await priceScales(chart);
  });

  it('backs every pane canvas at width × devicePixelRatio × zoom', () => {
    const ratio = devicePixelRatio * ZOOM;
    for (const c of paneCanvases(chart))
      expect([c.width, c.height], 'device px of a pane canvas').to.deep.equal([
        Math.round(c.offsetWidth * ratio),
        Math.round(c.offsetHeight * ratio),
      ]);
    expect(scales.pixelRatio, 'the scales primitives and drawings paint with').to.equal(ratio);
  });

  it('shows a candle wick on screen as a sharp edge, not a blurred ramp', async () => {
    await chart.tools.execute('settings_update', { values: { grid: false, watermark: 'off' } }, { origin: 'user' });
    await chart.whenPainted();
    // Another grid rebuilds the panes.
    over = chart.shadowRoot!.querySelector<HTMLElement>('.pane[data-pane-id="price"] .u-over')!;
    scales = await priceScales(chart);
    const { open, close, high } = scales.bars;
    // The bar in view with the longest wick above its body.
    let best = -1;
    let length = 0;
    for (let i = scales.firstIndex + 1; i < scales.lastIndex; i++) {
      const l = scales.priceToY(Math.max(open[i], close[i])) - scales.priceToY(high[i]);
      if (l > length) [best, length] = [i, l];
    }
    expect(length / scales.pixelRatio, 'a wick several px long').to.be.greaterThan(6);
    const wick = parseColor(WICK);
    // Screen px of the wick's middle, from the plot's top-left (CSS px × zoom).
    const toScreen = (canvasPx: number, origin: number) => ((canvasPx - origin) / scales.pixelRatio) * ZOOM;
    const y = Math.round(
      toScreen((scales.priceToY(high[best]) + scales.priceToY(Math.max(open[best], close[best]))) / 2, scales.plot.top),
    );
    const x = toScreen(scales.indexToX(best), scales.plot.left);
    const half = Math.floor((scales.barSpacing / scales.pixelRatio) * ZOOM * 0.45);
    const screen = await screenPixels(over);
    const row = screen.getContext('2d')!.getImageData(Math.round(x) - half, y, half * 2 + 1, 1).data;
    const background = row.slice(0, 3);
    let solid = 0;
    const ramp: string[] = [];
    for (let k = 0; k < row.length; k += 4) {
      const px = row.slice(k, k + 3);
      if (diff(px, background) <= 16) continue;
      if (diff(px, wick) <= 16) solid++;
      else ramp.push(`rgb(${[...px].join(',')})`);
    }
    expect(solid, `wick pixels in rgb(${wick.join(',')})`).to.be.greaterThan(0);
    expect(ramp, 'pixels between the wick and the background (an upscaled, blurred wick)').to.deep.equal([]);
  });

  it('captures an image of the chart’s CSS size by default, not zoom times it', async () => {
    const bitmap = await createImageBitmap(await chart.capture());
    expect(bitmap.width, 'the panes’ CSS width').to.equal(paneCanvases(chart)[0].offsetWidth);
  });
});

/** The legend's close value (the text after its "C" label). */
function legendClose(chart: KlineChart): number {
  const cell = [...chart.shadowRoot!.querySelectorAll<HTMLElement>('[data-testid="ohlc"] > span')][3];
  return Number(cell.textContent.replace(cell.querySelector('.muted')!.textContent, '').replace(/,/g, '').trim());
}

describe(`pointing at a chart on a page with zoom: ${ZOOM}`, () => {
  it('puts the crosshair on the candle pointed at, and a trend line’s points under the clicks', async () => {
    const chart = await readyChart(
      html`<div style="zoom:${ZOOM}">
        <kline-chart style="width:800px;height:800px" indicators="VOL"></kline-chart>
        <!-- tall enough for the flat drawing bar -->
      </div>`,
    );
    const over = chart.shadowRoot!.querySelector<HTMLElement>('.pane[data-pane-id="price"] .u-over')!;
    const scales = await priceScales(chart);
    expect(scales.pixelRatio, 'drawn at the zoomed ratio').to.equal(devicePixelRatio * ZOOM);
    const client = (i: number, price: number) => {
      const o = over.getBoundingClientRect();
      return {
        clientX: o.left + ((scales.indexToX(i) - scales.plot.left) / scales.pixelRatio) * ZOOM,
        clientY: o.top + ((scales.priceToY(price) - scales.plot.top) / scales.pixelRatio) * ZOOM,
      };
    };
    for (const back of [40, 9]) {
      const i = scales.lastIndex - back;
      over.dispatchEvent(
        new MouseEvent('mousemove', { bubbles: true, composed: true, ...client(i, scales.bars.close[i]) }),
      );
      await waitFor(
        () => Math.abs(legendClose(chart) - scales.bars.close[i]) < 0.005,
        `the legend at bar ${i} (${scales.bars.close[i]}), shows ${legendClose(chart)}`,
      );
    }

    chart.shadowRoot!.querySelector<HTMLElement>('[part="drawing-tool"][data-tool="trend_line"]')!.click();
    await chart.updateComplete;
    const pointer = (type: string, at: { clientX: number; clientY: number }, buttons: number) =>
      over.dispatchEvent(
        new PointerEvent(type, {
          bubbles: true,
          composed: true,
          cancelable: true,
          button: 0,
          buttons,
          pointerId: 1,
          isPrimary: true,
          ...at,
        }),
      );
    const core = coreOf(chart);
    const a = scales.lastIndex - 30;
    const b = scales.lastIndex - 5;
    const points = [
      [a, scales.bars.low[a]],
      [b, scales.bars.high[b]],
    ] as const;
    // The drawing layer's pointer handling is a chunk the full toolbar's first render loads.
    await loadDrawingLayerParts();
    await chart.whenPainted();
    pointer('pointerdown', client(...points[0]), 1);
    pointer('pointerup', client(...points[0]), 0);
    pointer('pointermove', client(...points[1]), 0);
    pointer('pointerdown', client(...points[1]), 1);
    pointer('pointerup', client(...points[1]), 0);
    await waitFor(() => core.drawings.current().length === 1, 'a trend line placed');
    const [d] = core.drawings.current();
    expect(d.kind).to.equal('trend_line');
    const pricePerPx = Math.abs(scales.yToPrice(0) - scales.yToPrice(scales.pixelRatio));
    expect(d.points.map((p) => p.time)).to.deep.equal([scales.bars.time[a], scales.bars.time[b]]);
    expect(Math.abs(d.points[0].price - points[0][1]) / pricePerPx, 'first point, device px off').to.be.lessThan(1.5);
    expect(Math.abs(d.points[1].price - points[1][1]) / pricePerPx, 'second point, device px off').to.be.lessThan(1.5);
  });
});

describe('a chart whose page zooms after it is shown', () => {
  it('backs its canvases at the new zoom, and at 1 again when it goes', async () => {
    const chart = await readyChart(html`<kline-chart style="width:500px;height:300px" indicators="VOL"></kline-chart>`);
    const wrapper = chart.parentElement!;
    expect(backedAt(chart, devicePixelRatio), 'unzoomed').to.equal(true);
    wrapper.style.setProperty('zoom', '2');
    await waitFor(() => backedAt(chart, devicePixelRatio * 2), 'canvases at twice the device px');
    wrapper.style.removeProperty('zoom');
    await waitFor(() => backedAt(chart, devicePixelRatio), 'canvases at the device px again');
  });
});
