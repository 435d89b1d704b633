import { expect } from '@open-wc/testing';
import { resetMouse, sendMouse } from '@web/test-runner-commands';
import { coreOf } from '../../../components/kline-chart/core-of.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import type { PrimitiveScales } from '../../../components/kline-chart/chart-primitive.js';
import type { Bar } from '../../../src/core/data/index.js';
import { parseColor } from '../helpers/canvas-pixels.js';
import { paneCanvas, priceScales, waitFor } from '../helpers/chart-fixture.js';
import { mountChart, painted, removeFixtures } from '../lifecycle/lifecycle-fixture.js';

const UP = '#00c000';
const DOWN = '#e00000';
const LINE = '#ff00ff';
/** The bar that gaps down: its Heikin-Ashi candle reaches up to the averaged open, far above its market high. */
const GAP = 40;

/** A steady rise to ~120, a gap down to ~90 at bar GAP, then a flat drift. */
function gapDown(count: number): Bar[] {
  return Array.from({ length: count }, (_, i) => {
    const mid = i < GAP ? 100 + i * 0.5 : 90 + (i - GAP) * 0.05;
    const [open, close] = i % 2 === 0 ? [mid - 0.4, mid + 0.4] : [mid + 0.3, mid - 0.3];
    return {
      time: Date.UTC(2026, 0, 5, 9) + i * 60_000,
      open,
      high: Math.max(open, close) + 0.5,
      low: Math.min(open, close) - 0.5,
      close,
      volume: 100,
    };
  });
}

/** Topmost canvas row of the candle drawn at canvas x, wick included (either candle colour). */
function candleTop(canvas: HTMLCanvasElement, x: number): number {
  const x0 = Math.round(x) - 1;
  const data = canvas.getContext('2d')!.getImageData(x0, 0, 3, canvas.height).data;
  const colours = [parseColor(UP), parseColor(DOWN)];
  for (let i = 0; i < data.length; i += 4)
    if (colours.some((c) => c.every((v, k) => Math.abs(data[i + k] - v) <= 12))) return Math.floor(i / 4 / 3);
  throw new Error(`no candle at x=${x}`);
}

/** Whether the line's colour is within 2 px of canvas (x, y). */
function lineNear(canvas: HTMLCanvasElement, x: number, y: number): boolean {
  const data = canvas.getContext('2d')!.getImageData(Math.round(x) - 2, Math.round(y) - 2, 5, 5).data;
  const c = parseColor(LINE);
  for (let i = 0; i < data.length; i += 4) if (c.every((v, k) => Math.abs(data[i + k] - v) <= 40)) return true;
  return false;
}

/** Viewport CSS px of a canvas point of the price plot. */
function screen(chart: KlineChart, s: PrimitiveScales, x: number, y: number): [number, number] {
  const over = chart.shadowRoot!.querySelector<HTMLElement>('.pane[data-pane-id="price"] .u-over')!;
  const r = over.getBoundingClientRect();
  return [Math.round(r.left + (x - s.plot.left) / s.pixelRatio), Math.round(r.top + (y - s.plot.top) / s.pixelRatio)];
}

const toolButton = (chart: KlineChart, tool: string) =>
  chart.shadowRoot!.querySelector<HTMLButtonElement>(`[part="drawing-toolbar"] button[data-tool="${tool}"]`);

async function clickAt(position: [number, number]): Promise<void> {
  await sendMouse({ type: 'click', position });
}

async function clickButton(button: HTMLElement): Promise<void> {
  const r = button.getBoundingClientRect();
  await clickAt([Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)]);
}

/**
 * Places a trend line with the magnet by two real clicks: the first 5 CSS px above the top of the candle
 * drawn at bar GAP, the second at bar GAP - 20. Returns the canvas rows of the line in the candle's column,
 * and that candle's top row.
 */
async function placeAtCandleTop(
  chart: KlineChart,
): Promise<{ lineAt: (y: number) => boolean; top: number; s: PrimitiveScales }> {
  const core = coreOf(chart);
  const s = await priceScales(chart);
  const canvas = paneCanvas(chart, 'price');
  const x = s.indexToX(GAP);
  const top = candleTop(canvas, x);
  await clickButton(toolButton(chart, 'trend_line')!);
  const [cx, cy] = screen(chart, s, x, top);
  await clickAt([cx, cy - 5]);
  await clickAt(screen(chart, s, s.indexToX(GAP - 20), s.priceToY(s.bars.high[GAP - 20])));
  await waitFor(() => core.drawings.current().length === 1, 'a trend line placed with two clicks');
  const id = core.drawings.current()[0].id;
  const updated = await chart.tools.execute('drawing_update', { id, style: { color: LINE, width: 2 } });
  expect(updated.success, JSON.stringify(updated)).to.equal(true);
  core.drawings.select([]); // reaching in: no element method clears the drawing selection (handles hide the end)
  await painted(chart);
  return { lineAt: (y) => lineNear(canvas, x, y), top, s };
}

/**
 * TradingView's magnet snaps to the candle on screen: under Heikin-Ashi, a point placed near a drawn
 * candle's high lands on that drawn (averaged) high, not on the market bar's high; with plain candles,
 * on the market high.
 */
describe('the drawing magnet under Heikin-Ashi', function () {
  this.timeout(60000);
  afterEach(async () => {
    removeFixtures();
    await resetMouse();
  });

  it('snaps a trend line’s end to the Heikin-Ashi candle’s drawn high, and to the market high with candles', async () => {
    const { chart } = mountChart({ symbol: 'HA', period: '1m' });
    chart.setAttribute(
      'style',
      `width:900px;height:560px;--kline-up-color:${UP};--kline-down-color:${DOWN};--kline-up-text-color:${UP};--kline-down-text-color:${DOWN}`,
    );
    chart.setBars(gapDown(60));
    await painted(chart);
    await chart.tools.execute('settings_update', { values: { lastPrice: false, candleStyle: 'heikin_ashi' } });
    await painted(chart);
    await waitFor(() => toolButton(chart, 'magnet') !== null, 'the drawing bar');
    await clickButton(toolButton(chart, 'magnet')!);
    await waitFor(() => toolButton(chart, 'magnet')!.getAttribute('aria-pressed') === 'true', 'the magnet on');

    const ha = await placeAtCandleTop(chart);
    const marketHighY = ha.s.priceToY(ha.s.bars.high[GAP]);
    expect(marketHighY - ha.top, 'the drawn candle reaches far above the market high').to.be.greaterThan(40);
    expect(ha.lineAt(ha.top), 'the line ends at the drawn high').to.equal(true);
    expect(ha.lineAt(marketHighY), 'not at the market high').to.equal(false);

    await chart.tools.execute('drawings_clear', {});
    await chart.tools.execute('settings_update', { values: { candleStyle: 'solid' } });
    await painted(chart);
    await waitFor(() => coreOf(chart).drawings.current().length === 0, 'the drawing removed');
    const solid = await placeAtCandleTop(chart);
    const marketY = solid.s.priceToY(solid.s.bars.high[GAP]);
    expect(solid.top, 'the market candle’s top is its high').to.be.closeTo(marketY, 2);
    expect(solid.lineAt(solid.top), 'the line ends at the market high').to.equal(true);
  });
});
