import { expect } from '@open-wc/testing';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import type { Bar } from '../../../src/core/data/index.js';
import { barsAt, minuteBars, mountChart, nextFrame, painted, removeFixtures } from '../lifecycle/lifecycle-fixture.js';
import { waitFor } from '../helpers/wait-for.js';

/** The pane canvases uPlot draws on, by pane id. */
function plotCanvases(chart: KlineChart): Map<string, HTMLCanvasElement> {
  return new Map(
    [...chart.shadowRoot!.querySelectorAll<HTMLElement>('.pane')].map((p) => [
      p.dataset.paneId!,
      p.querySelector('canvas')!,
    ]),
  );
}

/** The plot areas' left and width (viewport px), top to bottom. */
function plotRects(chart: KlineChart): [number, number][] {
  return [...chart.shadowRoot!.querySelectorAll<HTMLElement>('.pane .u-over')].map((o) => {
    const r = o.getBoundingClientRect();
    return [r.left, r.width];
  });
}

/**
 * How often each pane's canvas is painted in full (uPlot clears it first) while `change` is applied
 * and the chart settles: a pane whose axis is laid out again is painted again.
 */
async function fullPaints(chart: KlineChart, change: () => unknown): Promise<Map<string, number>> {
  const counts = new Map<HTMLCanvasElement, number>();
  const clearRect = CanvasRenderingContext2D.prototype.clearRect;
  CanvasRenderingContext2D.prototype.clearRect = function (x: number, y: number, w: number, h: number) {
    if (x === 0 && y === 0 && w === this.canvas.width && h === this.canvas.height)
      counts.set(this.canvas, (counts.get(this.canvas) ?? 0) + 1);
    return clearRect.call(this, x, y, w, h);
  };
  try {
    await change();
    await chart.whenPainted();
    await chart.whenPainted();
    // Relayouts are queued as microtasks after the frame: two more frames show any that came.
    await nextFrame();
    await nextFrame();
  } finally {
    CanvasRenderingContext2D.prototype.clearRect = clearRect;
  }
  return new Map([...plotCanvases(chart)].map(([id, canvas]) => [id, counts.get(canvas) ?? 0]));
}

/** Full paints per pane while a new setting rebuilds every pane of a chart showing `bars`. */
async function rebuildPaints(bars: Bar[], symbol: string, pricePrecision: number) {
  const { chart } = mountChart({ source: 'custom' });
  chart.setBars(bars, { symbol, period: '1m', pricePrecision });
  await painted(chart);
  const before = plotRects(chart);
  const paints = await fullPaints(chart, () =>
    chart.tools.execute('settings_update', { values: { grid: false } }, { origin: 'user' }),
  );
  return { chart, before, paints: [...paints.values()] };
}

describe('a rebuild of the panes lays out their price axes once', () => {
  afterEach(removeFixtures);

  it('a new setting rebuilds every pane: a price axis wider than the minimum costs no second pass', async () => {
    // The same rebuild with the narrowest axis: no pane's width to forget and report again.
    const narrow = await rebuildPaints(minuteBars(160), 'ACME', 2);
    expect(narrow.chart.offsetWidth - narrow.before[0][1], 'the minimum axis').to.be.lessThan(64 + 40);
    removeFixtures();
    const wide = await rebuildPaints(barsAt(13_000_000), 'BTCIDR', 0);
    expect(wide.before[0][1], 'a wider price axis').to.be.lessThan(narrow.before[0][1]);
    expect(wide.paints, 'full paints per pane').to.deep.equal(narrow.paints);
    expect(plotRects(wide.chart), 'the plots where they were').to.deep.equal(wide.before);
    const [price, volume] = plotRects(wide.chart);
    expect(volume, 'the volume plot lines up with the price plot').to.deep.equal(price);
  });

  it('the study pane with the widest axis removed: the panes left are laid out once, at the narrower width', async () => {
    const removal = async (bars: Bar[], symbol: string, pricePrecision: number) => {
      const { chart } = mountChart({ source: 'custom', indicators: 'VOL,MACD(12,26,9)' });
      chart.setBars(bars, { symbol, period: '1m', pricePrecision });
      await painted(chart);
      await waitFor(() => plotCanvases(chart).size === 3, 'three panes');
      const before = plotRects(chart)[0];
      const paints = await fullPaints(chart, () => chart.setAttribute('indicators', 'VOL'));
      return { chart, before, paints: [...paints.values()] };
    };
    // Ten-digit prices: the price pane's axis is the widest, MACD's goes without changing the width.
    const kept = await removal(barsAt(13_000_000), 'BTCIDR', 0);
    expect(plotRects(kept.chart)[0], 'the width kept').to.deep.equal(kept.before);
    removeFixtures();
    // Prices in ten-millionths: MACD's values have more decimals than the prices, its axis is the widest.
    const narrowed = await removal(barsAt(0.000_000_09), 'PEPEUSDT', 10);
    const [price, volume] = plotRects(narrowed.chart);
    expect(price[1], 'the plot widened as the axis narrowed').to.be.greaterThan(narrowed.before[1]);
    expect(narrowed.paints, 'full paints per pane').to.deep.equal(kept.paints);
    expect(volume, 'the volume plot lines up with the price plot').to.deep.equal(price);
  });
});
