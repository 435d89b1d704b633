import { expect } from '@open-wc/testing';
import { minuteBars, mountChart, painted, removeFixtures } from '../lifecycle/lifecycle-fixture.js';

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

/**
 * The panes share one price-axis width (src/render/price-axis-width.ts). When a pane built after the price
 * pane needs a wider axis, the price pane is laid out and drawn again at that width; its bars and overlays
 * (the pane's `draw` hook, src/render/pane-plot.ts) are painted in that second draw only, not in the first,
 * which nobody sees. Counted per pane: full clears of its canvas (uPlot's draws) and the hook's bare
 * `clip()` (uPlot clips with paths only).
 */
describe('pane first paint under a widened axis', function () {
  this.timeout(60000);
  afterEach(removeFixtures);

  it("paints a pane's bars once when a pane below it widens the shared price axis", async () => {
    const paneOf = (ctx: CanvasRenderingContext2D) =>
      ctx.canvas instanceof HTMLCanvasElement ? ctx.canvas.closest<HTMLElement>('.pane')?.dataset.paneId : undefined;
    const clips = new Map<string, number>();
    const clears = new Map<string, number>();
    const count = (map: Map<string, number>, id: string | undefined) => id && map.set(id, (map.get(id) ?? 0) + 1);
    const clip = CanvasRenderingContext2D.prototype.clip;
    const clearRect = CanvasRenderingContext2D.prototype.clearRect;
    CanvasRenderingContext2D.prototype.clip = function (this: CanvasRenderingContext2D, ...args: unknown[]) {
      if (args.length === 0) count(clips, paneOf(this));
      return (clip as (...a: unknown[]) => void).apply(this, args);
    };
    CanvasRenderingContext2D.prototype.clearRect = function (x: number, y: number, w: number, h: number) {
      if (w >= this.canvas.width && h >= this.canvas.height) count(clears, paneOf(this));
      clearRect.call(this, x, y, w, h);
    };
    try {
      const { chart } = mountChart({ symbol: 'WIDE', period: '1m', indicators: 'VOL,MACD' });
      // Prices in cents near 5 (short labels: `5.01`); MACD within hundredths of 0, whose tags at the
      // scale's ends take six significant digits (`-0.0123456`): the widest axis is MACD's, built last.
      const cents = (v: number) => Math.round(v * 100) / 100;
      const price = (i: number) => cents(5 + 0.03 * Math.sin(i / 5) + 0.02 * Math.cos(i * 1.7));
      chart.setBars(
        minuteBars(300).map((b, i) => {
          const open = price(i - 1);
          const close = price(i);
          return {
            ...b,
            open,
            close,
            high: cents(Math.max(open, close) + 0.01),
            low: cents(Math.min(open, close) - 0.01),
          };
        }),
      );
      await painted(chart);
      await frame();
      await frame();
      const main = chart.shadowRoot!.querySelector<HTMLElement>('.main')!;
      expect(parseFloat(main.style.getPropertyValue('--_kline-axis-width')), 'the axis widened').to.equal(72);
      // One draw of each of the price and volume panes (the one before MACD's width was known) left its
      // bars out; every other draw painted them.
      expect(clips.get('price')).to.equal(clears.get('price')! - 1);
      expect(clips.get('pane-vol-1')).to.equal(clears.get('pane-vol-1')! - 1);
      expect(clips.get('pane-macd-2')).to.equal(clears.get('pane-macd-2'));
    } finally {
      CanvasRenderingContext2D.prototype.clip = clip;
      CanvasRenderingContext2D.prototype.clearRect = clearRect;
    }
  });
});
