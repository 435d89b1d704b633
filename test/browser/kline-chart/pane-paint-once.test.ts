import { expect } from '@open-wc/testing';
import { minuteBars, mountChart, painted, removeFixtures } from '../lifecycle/lifecycle-fixture.js';

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

/**
 * A new pane is painted once: uPlot's constructor queues a paint for a microtask, which used to run again
 * after the renderer's own first paint of the pane's data (src/render/pane-plot.ts runs uPlot's setup inside
 * that first paint instead). Counted as full clears of each pane's canvas, uPlot's first step of a paint.
 */
describe('pane first paint', function () {
  this.timeout(60000);
  afterEach(removeFixtures);

  it('paints each new pane once, not twice', async () => {
    const clears = new Map<HTMLCanvasElement, number>();
    const clearRect = CanvasRenderingContext2D.prototype.clearRect;
    CanvasRenderingContext2D.prototype.clearRect = function (x: number, y: number, w: number, h: number) {
      const canvas = this.canvas;
      if (canvas instanceof HTMLCanvasElement && canvas.closest('.pane') && w >= canvas.width && h >= canvas.height)
        clears.set(canvas, (clears.get(canvas) ?? 0) + 1);
      clearRect.call(this, x, y, w, h);
    };
    try {
      const { chart } = mountChart({ symbol: 'ONCE', period: '1m', indicators: 'VOL,MACD' });
      chart.setBars(minuteBars(200));
      await painted(chart);
      await frame();
      await frame();
      const canvases = [...chart.shadowRoot!.querySelectorAll<HTMLCanvasElement>('.pane canvas')];
      expect(canvases.length).to.equal(3);
      expect(canvases.map((c) => clears.get(c) ?? 0)).to.deep.equal([1, 1, 1]);
      // And a pan still paints every pane (once per frame).
      const r = await chart.tools.execute('chart_set_visible_range', { lastBars: 50 });
      expect(r.success, JSON.stringify(r)).to.equal(true);
      await chart.whenPainted();
      await frame();
      expect(canvases.map((c) => clears.get(c) ?? 0)).to.deep.equal([2, 2, 2]);
    } finally {
      CanvasRenderingContext2D.prototype.clearRect = clearRect;
    }
  });
});
