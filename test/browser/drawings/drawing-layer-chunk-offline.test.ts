import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { waitFor } from '../helpers/chart-fixture.js';
import { countPixels } from '../helpers/canvas-pixels.js';
import { frameChart, loadedScripts, openChartFrame, statusToast as toast } from '../helpers/test-frame.js';
import type { ToolResult } from '../../../src/protocol/index.js';

type Chart = HTMLElement & {
  whenPainted(): Promise<void>;
  tools: { execute(name: string, input: unknown): Promise<ToolResult> };
};

const MAGENTA: [number, number, number] = [255, 0, 255];
const PARTS = /^chunks\/drawing-layer-parts-/;
const KEY = `drawing-chunk-offline-${Date.now()}`;

const priceCanvas = (chart: Chart) =>
  chart.shadowRoot!.querySelector<HTMLElement>('.pane[data-pane-id="price"]')!.querySelector('canvas')!;

// The drawing layer (components/kline-chart/drawing-layer.ts: its input, painter and commands) is in the
// drawing layer's chunk (chunks/drawing-layer-parts-<hash>.js, issue #12). A chart without drawings never
// fetches it; a restored layout with drawings does, and when it cannot be fetched the drawings are still
// restored, the chart says so, and they are painted once the chunk can be fetched.
describe('the drawing layer chunk', function () {
  this.timeout(90000);

  afterEach(async () => {
    await executeServerCommand('block-requests', { pattern: null });
    for (const k of Object.keys(localStorage)) if (k.startsWith(KEY)) localStorage.removeItem(k);
  });

  it('is not fetched by a chart without drawings; a restored drawing when it cannot be is kept, said and painted later', async () => {
    // A page saves a layout with a magenta line; it fetched the chunk to paint it.
    const first = await openChartFrame('/test/pages/script-tag-empty.html', 'width:960px;height:600px;border:0');
    // zh-CN on both pages (the page's locale attribute wins over the saved layout's: docs/contracts.md "Locales").
    const { chart: saver } = await frameChart<Chart>(first.win, {
      toolbar: 'none',
      'persist-key': KEY,
      locale: 'zh-CN',
    });
    const list = await saver.tools.execute('drawings_list', {});
    expect(list.success, JSON.stringify(list)).to.equal(true);
    expect(
      loadedScripts(first.win).filter((p) => PARTS.test(p)),
      'a chart without drawings (its tools loaded) fetched the drawing layer',
    ).to.deep.equal([]);
    // A line at the last bar's close, so it is on the plot.
    const query = await saver.tools.execute('market_bars_query', { limit: 1 });
    const row = ((query as { text?: string }).text ?? '').split('\n').at(-1)!.split(',');
    const created = await saver.tools.execute('drawing_create', {
      kind: 'horizontal_line',
      points: [{ time: row[0], price: Number(row[4]) }],
      style: { color: '#ff00ff', width: 3 },
    });
    expect(created.success, `${JSON.stringify(created)} from ${JSON.stringify(query)}`).to.equal(true);
    const id = (created.data as { id: string }).id;
    await saver.whenPainted();
    expect(loadedScripts(first.win).filter((p) => PARTS.test(p)).length, 'fetched for the drawing').to.equal(1);
    expect(countPixels(priceCanvas(saver), MAGENTA, 8), 'the line painted').to.be.greaterThan(100);
    await waitFor(() => (localStorage.getItem(KEY) ?? '').includes('horizontal_line'), 'the autosave', 5000);
    first.frame.remove();

    // Another page restores it while the chunk cannot be fetched.
    await executeServerCommand('block-requests', { pattern: '/dist/chunks/drawing-layer-parts-' });
    const { frame, win } = await openChartFrame(
      '/test/pages/script-tag-empty.html',
      'width:960px;height:600px;border:0',
    );
    const { chart } = await frameChart<Chart>(win, { toolbar: 'none', 'persist-key': KEY, locale: 'zh-CN' });
    await waitFor(
      () => toast(chart).includes('无法加载画线'),
      `a notice in the chart's language (shows "${toast(chart)}")`,
    );
    const restored = await chart.tools.execute('drawings_list', {});
    expect(JSON.stringify(restored.data), 'the drawing is restored').to.contain(id);
    expect(countPixels(priceCanvas(chart), MAGENTA, 8), 'not painted without the chunk').to.equal(0);

    // Panning while it cannot be fetched (a commit and a repaint a step) does not say so again at every step.
    await waitFor(() => toast(chart) === '', 'the notice gone (5 s)', 8000);
    for (let i = 0; i < 12; i++) {
      await chart.tools.execute('chart_set_visible_range', { lastBars: 60 + i * 5 });
      await new Promise((r) => requestAnimationFrame(r));
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(toast(chart), 'no notice again while panning').to.equal('');
    // A need of its own (whenPainted waits for the drawing) tries again, and says so.
    await chart.whenPainted();
    await waitFor(() => toast(chart).includes('无法加载画线'), 'the notice again for a need of its own');

    // Once it can be fetched, the next need (here whenPainted) fetches it and the line is painted.
    await executeServerCommand('block-requests', { pattern: null });
    await chart.whenPainted();
    await waitFor(() => countPixels(priceCanvas(chart), MAGENTA, 8) > 100, 'the restored line painted');
    frame.remove();
  });
});
