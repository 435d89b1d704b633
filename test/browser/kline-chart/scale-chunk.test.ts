import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { waitFor } from '../helpers/chart-fixture.js';
import { loadedScripts, openBundlePage, statusToast as toast, type FrameWindow as Win } from '../helpers/test-frame.js';

type Result = { success: boolean; error?: unknown };
type Chart = HTMLElement & {
  context: { get(): { visibleRange: { from: number } } | null };
  tools: { execute(name: string, input: unknown): Promise<Result> };
  whenPainted(): Promise<void>;
  addPrimitive(p: { paint(ctx: unknown, s: { priceToY(price: number): number }): void }): () => void;
};

/** Whether the price pane's scale is linear at its next paint: the middle price halfway between two others. */
async function linearAtNextPaint(chart: Chart): Promise<boolean> {
  let y: number[] | null = null;
  const remove = chart.addPrimitive({ paint: (_ctx, s) => void (y = [100, 150, 200].map((p) => s.priceToY(p))) });
  await waitFor(() => y !== null, 'the price pane painted');
  remove();
  const [a, b, c] = y!;
  return Math.abs(b - (a + c) / 2) < 1e-6;
}

// The percent and log scales, study levels and the left scale are a chunk of their own
// (src/render/pane-extras.ts, chunks/pane-extras-<hash>.js): a chart-only page with a linear scale never
// fetches it. A chart that starts on one of them (a saved layout) paints it from its first frame, never a
// linear scale first; a chunk that cannot be fetched is said, in the chart's language, and the chart
// keeps working on a linear scale.

const EXTRAS = /^chunks\/pane-extras-/;
const KEY = `scale-chunk-${Date.now()}`;

/** A chart on the script-tag test page (the bundle) in place of the page's own, with `attrs`. */
async function mount(attrs: Record<string, string>): Promise<{ frame: HTMLIFrameElement; win: Win; chart: Chart }> {
  const { frame, win } = await openBundlePage();
  const chart = win.document.createElement('kline-chart') as Chart;
  chart.style.cssText = 'display:block;width:800px;height:460px';
  for (const [name, value] of Object.entries(attrs)) chart.setAttribute(name, value);
  return { frame, win, chart };
}

/** Appends `chart` and resolves at its kline-ready, painted. */
async function ready(win: Win, chart: Chart): Promise<void> {
  const isReady = new Promise((resolve) => chart.addEventListener('kline-ready', resolve, { once: true }));
  win.document.body.append(chart);
  await isReady;
  await chart.whenPainted();
}

/** The texts the frame's canvases fill from now until `stop()` (deduplicated). */
function recordTexts(win: Win): { texts: string[]; stop(): string[] } {
  const texts: string[] = [];
  const proto = win.CanvasRenderingContext2D.prototype;
  const fillText = proto.fillText;
  proto.fillText = function (text: string, x: number, y: number, w?: number) {
    texts.push(text);
    return w === undefined ? fillText.call(this, text, x, y) : fillText.call(this, text, x, y, w);
  };
  return {
    texts,
    stop: () => {
      proto.fillText = fillText;
      return [...new Set(texts)];
    },
  };
}

/** The texts of a full repaint (the chart 1 px wider repaints every pane and axis). */
async function repaintTexts(win: Win, chart: Chart): Promise<string[]> {
  const r = recordTexts(win);
  try {
    chart.style.width = `${chart.offsetWidth + 1}px`;
    await waitFor(() => r.texts.length > 0, 'a repaint');
    await chart.whenPainted();
    await chart.whenPainted();
  } finally {
    r.stop();
  }
  return [...new Set(r.texts)];
}

const percentTick = (t: string) => /^-?\d+(\.\d+)?%$/.test(t);

describe('the percent and log scales are a chunk, loaded before the frame that shows them', function () {
  this.timeout(60000);

  afterEach(async () => {
    await executeServerCommand('block-requests', { pattern: null });
    for (const k of Object.keys(localStorage)) if (k.startsWith(KEY)) localStorage.removeItem(k);
  });

  it('a linear chart never fetches it; a saved percent scale is painted from the first frame', async () => {
    const first = await mount({ 'persist-key': KEY, indicators: '' });
    await ready(first.win, first.chart);
    expect(
      loadedScripts(first.win).filter((p) => EXTRAS.test(p)),
      'the chunk on a linear chart',
    ).to.deep.equal([]);
    const linear = await repaintTexts(first.win, first.chart);
    const set = await first.chart.tools.execute('settings_update', { values: { priceScale: 'percent' } });
    expect(set.success, JSON.stringify(set)).to.equal(true);
    await first.chart.whenPainted();
    await waitFor(() => loadedScripts(first.win).some((p) => EXTRAS.test(p)), 'the chunk once percent is on');
    await first.chart.whenPainted();
    const percent = await repaintTexts(first.win, first.chart);
    // The price ticks (and the last price's tag) of the linear scale: what a percent scale never shows.
    const prices = linear.filter((t) => !percent.includes(t));
    expect(prices.length, `linear price labels (${linear.join(' | ')})`).to.be.greaterThan(3);
    expect(percent.filter(percentTick).length, `percent ticks among ${percent.join(' | ')}`).to.be.greaterThan(3);
    await waitFor(() => (localStorage.getItem(KEY) ?? '').includes('"percent"'), 'the autosave of the scale', 5000);
    first.frame.remove();

    // "Reload": a new page (the chunk not loaded yet) whose chart restores the layout.
    const second = await mount({ 'persist-key': KEY, indicators: '' });
    const painted = recordTexts(second.win);
    let texts: string[];
    try {
      await ready(second.win, second.chart);
      await second.chart.whenPainted();
    } finally {
      texts = painted.stop();
    }
    expect(
      texts.filter((t) => prices.includes(t)),
      'linear price labels painted before the percent scale',
    ).to.deep.equal([]);
    expect(texts.filter(percentTick).length, `percent ticks among ${texts.join(' | ')}`).to.be.greaterThan(3);
    second.frame.remove();
  });

  it('a chunk that cannot be fetched is said (zh-CN), the scale stays linear and the chart pans; a later change loads it', async () => {
    const { frame, win, chart } = await mount({ locale: 'zh-CN', indicators: '' });
    await ready(win, chart);
    await executeServerCommand('block-requests', { pattern: '/dist/chunks/pane-extras-' });
    const set = await chart.tools.execute('settings_update', { values: { priceScale: 'percent' } });
    expect(set.success, JSON.stringify(set)).to.equal(true);
    await waitFor(
      () => toast(chart).includes('无法加载价格坐标'),
      `a notice about the scale (shows "${toast(chart)}")`,
    );
    await chart.whenPainted();
    const linear = await repaintTexts(win, chart);
    expect(linear.filter(percentTick), 'no percent tick without the chunk').to.deep.equal([]);
    // A log scale without the chunk (its ticks) stays linear too.
    await chart.tools.execute('settings_update', { values: { priceScale: 'log' } });
    await chart.whenPainted();
    expect(await linearAtNextPaint(chart), 'a linear price scale without the chunk').to.equal(true);

    // Still a chart: Shift+Left pans it.
    const before = chart.context.get()!.visibleRange.from;
    chart.focus();
    chart.dispatchEvent(
      new win.KeyboardEvent('keydown', { key: 'ArrowLeft', shiftKey: true, bubbles: true, composed: true }),
    );
    await waitFor(() => chart.context.get()!.visibleRange.from < before, 'the chart panned');

    await executeServerCommand('block-requests', { pattern: null });
    // Another scale tries again (not every new bar does).
    await chart.tools.execute('settings_update', { values: { priceScale: 'linear' } });
    await chart.whenPainted();
    await chart.tools.execute('settings_update', { values: { priceScale: 'log' } });
    await chart.whenPainted();
    expect(await linearAtNextPaint(chart), 'a log price scale with the chunk').to.equal(false);
    await chart.tools.execute('settings_update', { values: { priceScale: 'percent' } });
    await chart.whenPainted();
    const percent = await repaintTexts(win, chart);
    expect(percent.filter(percentTick).length, `percent ticks among ${percent.join(' | ')}`).to.be.greaterThan(3);
    frame.remove();
  });
});
