import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { waitFor } from '../helpers/chart-fixture.js';
import { bundleChart, statusToast, type FrameWindow as Win } from '../helpers/test-frame.js';

type Result = { success: boolean; error?: unknown };
type Chart = HTMLElement & {
  context: { get(): { visibleRange: { from: number } } | null };
  tools: { execute(name: string, input: unknown): Promise<Result> };
  whenPainted(): Promise<void>;
};

/** A text a canvas of the chart filled, where (canvas px) and on which canvas. */
interface Painted {
  readonly text: string;
  readonly x: number;
  readonly y: number;
  readonly canvas: HTMLCanvasElement;
}

/**
 * The published bundle's uPlot is rewritten by the build (`UPLOT_EDITS` in rollup.config.js keeps the
 * linear and log scales only, a horizontal x scale, no hover index per series…), and the other browser
 * tests run the unedited uPlot. This file checks on dist/kline-chart.js what those edits touch in the
 * price scales: where a price is drawn on a linear, log and left scale, the crosshair reading the price
 * back under the pointer, and uPlot's own log ticks when the scales' chunk cannot be fetched.
 */
describe('the bundle’s price scales', function () {
  this.timeout(60000);

  afterEach(async () => {
    await executeServerCommand('block-requests', { pattern: null });
  });

  /** A chart of the bundle on the script-tag test page, with `attrs`, painted. */
  const mount = (attrs: Record<string, string>) => bundleChart<Chart>(attrs);

  /** Records what the frame's canvases fill with text while `run` runs (then stops). */
  async function paintedDuring(win: Win, run: () => Promise<void>): Promise<Painted[]> {
    const painted: Painted[] = [];
    const proto = win.CanvasRenderingContext2D.prototype;
    const fillText = proto.fillText;
    proto.fillText = function (this: CanvasRenderingContext2D, text: string, x: number, y: number, w?: number) {
      const m = this.getTransform();
      painted.push({ text, x: m.a * x + m.c * y + m.e, y: m.b * x + m.d * y + m.f, canvas: this.canvas });
      return w === undefined ? fillText.call(this, text, x, y) : fillText.call(this, text, x, y, w);
    };
    try {
      await run();
    } finally {
      proto.fillText = fillText;
    }
    return painted;
  }

  /** Everything painted by a full repaint (the chart 1 px wider repaints every pane and axis). */
  async function repaint(win: Win, chart: Chart): Promise<Painted[]> {
    return paintedDuring(win, async () => {
      chart.style.width = `${chart.offsetWidth + 1}px`;
      await chart.whenPainted();
      await chart.whenPainted();
    });
  }

  const priceCanvas = (chart: Chart) =>
    chart.shadowRoot!.querySelector<HTMLCanvasElement>('.pane[data-pane-id="price"] canvas')!;

  /** The price pane's axis labels on one side (`right` of the plot or `left` of it), as numbers. */
  function axisLabels(painted: Painted[], chart: Chart, side: 'right' | 'left'): { value: number; y: number }[] {
    const canvas = priceCanvas(chart);
    const over = chart.shadowRoot!.querySelector<HTMLElement>('.pane[data-pane-id="price"] .u-over')!;
    const k = canvas.width / canvas.getBoundingClientRect().width;
    const left = over.offsetLeft * k;
    const right = (over.offsetLeft + over.offsetWidth) * k;
    const seen = new Map<string, { value: number; y: number }>();
    for (const p of painted) {
      if (p.canvas !== canvas || !/^-?[\d,]+(\.\d+)?$/.test(p.text)) continue;
      if (side === 'right' ? p.x < right : p.x > left) continue;
      seen.set(p.text, { value: Number(p.text.replace(/,/g, '')), y: p.y });
    }
    return [...seen.values()].sort((a, b) => a.value - b.value);
  }

  /** How far (canvas px) the labels stray from a straight line of `y` over `f(value)`. */
  function strayFromLine(labels: { value: number; y: number }[], f: (v: number) => number): number {
    const a = labels[0];
    const b = labels[labels.length - 1];
    const slope = (b.y - a.y) / (f(b.value) - f(a.value));
    return Math.max(...labels.map((l) => Math.abs(a.y + slope * (f(l.value) - f(a.value)) - l.y)));
  }

  /** Moves the pointer over the price pane at (`x`, `y`) CSS px from the plot's corner. */
  function hover(win: Win, chart: Chart, x: number, y: number): void {
    const over = chart.shadowRoot!.querySelector<HTMLElement>('.pane[data-pane-id="price"] .u-over')!;
    const r = over.getBoundingClientRect();
    over.dispatchEvent(
      new win.MouseEvent('mousemove', { bubbles: true, composed: true, clientX: r.left + x, clientY: r.top + y }),
    );
  }

  it('spaces prices evenly on a linear scale and by ratio on a log one; the crosshair reads the price back', async () => {
    const { frame, win, chart } = await mount({ indicators: 'VOL' });
    const errors: string[] = [];
    win.addEventListener('error', (e) => errors.push(String(e.message)));
    try {
      // A long view, so the prices in it span a ratio a log scale visibly bends.
      const range = await chart.tools.execute('chart_set_visible_range', { lastBars: 250 });
      expect(range.success, JSON.stringify(range)).to.equal(true);
      await chart.whenPainted();
      const linear = axisLabels(await repaint(win, chart), chart, 'right');
      expect(linear.length, 'linear price labels').to.be.greaterThan(3);
      const ratio = linear[linear.length - 1].value / linear[0].value;
      expect(ratio, 'the labelled prices span a ratio').to.be.greaterThan(1.3);
      expect(
        strayFromLine(linear, (v) => v),
        'linear labels evenly spaced',
      ).to.be.lessThan(1.5);

      const set = await chart.tools.execute('settings_update', { values: { priceScale: 'log' } });
      expect(set.success, JSON.stringify(set)).to.equal(true);
      await chart.whenPainted();
      const log = axisLabels(await repaint(win, chart), chart, 'right');
      expect(log.length, 'log price labels').to.be.greaterThan(3);
      expect(strayFromLine(log, Math.log10), 'log labels spaced by ratio').to.be.lessThan(1.5);
      expect(
        strayFromLine(log, (v) => v),
        'log labels not evenly spaced',
      ).to.be.greaterThan(4);

      // The pointer at a label's height: the crosshair's price tag shows that price.
      const canvas = priceCanvas(chart);
      const k = canvas.width / canvas.getBoundingClientRect().width;
      const over = chart.shadowRoot!.querySelector<HTMLElement>('.pane[data-pane-id="price"] .u-over')!;
      const label = log[Math.floor(log.length / 2)];
      const tags = await paintedDuring(win, async () => {
        hover(win, chart, over.offsetWidth / 2, label.y / k - over.offsetTop);
        await waitFor(() => chart.shadowRoot!.querySelectorAll('canvas').length > 2, 'the crosshair tags');
        hover(win, chart, over.offsetWidth / 2 + 1, label.y / k - over.offsetTop);
        await chart.whenPainted();
        await new Promise((r) => win.requestAnimationFrame(r));
      });
      const prices = tags.map((t) => Number(t.text.replace(/,/g, ''))).filter((v) => Number.isFinite(v));
      expect(
        prices.some((v) => Math.abs(v / label.value - 1) < 0.004),
        `a tag near ${label.value} among ${tags.map((t) => t.text).join(' | ')}`,
      ).to.equal(true);
      expect(errors).to.deep.equal([]);
    } finally {
      frame.remove();
    }
  });

  it('a comparison on the left scale labels that scale evenly with its own prices', async () => {
    const { frame, win, chart } = await mount({ indicators: 'VOL' });
    try {
      const added = await chart.tools.execute('comparison_create', { symbol: 'TKDEMO', scale: 'left' });
      expect(added.success, JSON.stringify(added)).to.equal(true);
      await chart.whenPainted();
      const painted = await repaint(win, chart);
      const left = axisLabels(painted, chart, 'left');
      const right = axisLabels(painted, chart, 'right');
      expect(left.length, 'left scale labels').to.be.greaterThan(3);
      expect(right.length, 'main scale labels').to.be.greaterThan(3);
      // TKDEMO trades near 2,450 yen, the main instrument near 100: two scales of their own.
      expect(left[0].value, 'left labels in the comparison’s prices').to.be.greaterThan(500);
      expect(right[right.length - 1].value).to.be.lessThan(500);
      expect(
        strayFromLine(left, (v) => v),
        'left labels evenly spaced',
      ).to.be.lessThan(1.5);
    } finally {
      frame.remove();
    }
  });

  it('without the scales’ chunk, a log scale falls back to uPlot’s own log ticks and the chart still pans', async () => {
    const { frame, win, chart } = await mount({ indicators: 'VOL' });
    const errors: string[] = [];
    win.addEventListener('error', (e) => errors.push(String(e.message)));
    try {
      await executeServerCommand('block-requests', { pattern: '/dist/chunks/pane-extras-' });
      const set = await chart.tools.execute('settings_update', { values: { priceScale: 'log' } });
      expect(set.success, JSON.stringify(set)).to.equal(true);
      const toast = () => statusToast(chart);
      await waitFor(() => toast().length > 0, 'a notice about the scale');
      await chart.whenPainted();
      const labels = axisLabels(await repaint(win, chart), chart, 'right');
      expect(labels.length, 'uPlot’s log ticks labelled').to.be.greaterThan(0);
      const canvas = priceCanvas(chart);
      for (const l of labels) expect(l.y, `${l.value} on the canvas`).to.be.within(0, canvas.height);

      const before = chart.context.get()!.visibleRange.from;
      chart.focus();
      chart.dispatchEvent(
        new win.KeyboardEvent('keydown', { key: 'ArrowLeft', shiftKey: true, bubbles: true, composed: true }),
      );
      await waitFor(() => chart.context.get()!.visibleRange.from < before, 'the chart panned');
      await chart.whenPainted();
      expect(errors).to.deep.equal([]);
    } finally {
      frame.remove();
    }
  });
});
