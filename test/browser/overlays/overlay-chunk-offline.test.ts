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
const PARTS = /^chunks\/overlay-layer-parts-/;
const NOTICE = 'マーカー、価格ラインのドラッグ、ツールチップを読み込めませんでした';

const priceCanvas = (chart: Chart) =>
  chart.shadowRoot!.querySelector<HTMLElement>('.pane[data-pane-id="price"]')!.querySelector('canvas')!;

// The markers' painter, the price lines' drag and the tooltip are the overlay layer's chunk
// (components/kline-chart/overlay-layer-parts.ts, loaded by overlay-layer-controller.ts). When it cannot be
// fetched the markers are kept, the chart says so in its language once per failure streak (not at every
// commit or frame), and they are painted once a later need fetches it (as drawing-layer-chunk-offline does).
describe('the overlay layer chunk', function () {
  this.timeout(90000);

  afterEach(async () => {
    await executeServerCommand('block-requests', { pattern: null });
  });

  it('a marker added while it cannot be fetched is kept, said once in the chart language, and painted later', async () => {
    await executeServerCommand('block-requests', { pattern: '/dist/chunks/overlay-layer-parts-' });
    const { frame, win } = await openChartFrame(
      '/test/pages/script-tag-empty.html',
      'width:960px;height:600px;border:0',
    );
    const { chart } = await frameChart<Chart>(win, { toolbar: 'none', locale: 'ja' });
    const query = await chart.tools.execute('market_bars_query', { limit: 1 });
    const time = ((query as { text?: string }).text ?? '').split('\n').at(-1)!.split(',')[0];
    const created = await chart.tools.execute('markers_create', {
      markers: [{ time, position: 'above', shape: 'square', color: '#ff00ff' }],
    });
    expect(created.success, `${JSON.stringify(created)} from ${JSON.stringify(query)}`).to.equal(true);
    await waitFor(() => toast(chart).includes(NOTICE), `a notice in the chart's language (shows "${toast(chart)}")`);
    const listed = await chart.tools.execute('markers_list', {});
    expect(JSON.stringify(listed.data), 'the marker is kept').to.contain('#ff00ff');
    expect(countPixels(priceCanvas(chart), MAGENTA, 8), 'not painted without the chunk').to.equal(0);
    const tries = () => loadedScripts(win).filter((p) => PARTS.test(p)).length;
    const before = tries();

    // Panning meanwhile (a commit and a repaint a step) does not say so again at every step.
    await waitFor(() => toast(chart) === '', 'the notice gone (5 s)', 8000);
    const started = performance.now();
    for (let i = 0; i < 12; i++) {
      await chart.tools.execute('chart_set_visible_range', { lastBars: 60 + i * 5 });
      await new Promise((r) => requestAnimationFrame(r));
      await new Promise((r) => setTimeout(r, 120)); // past a second in all: the fetch is tried again
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(toast(chart), 'no notice again while panning').to.equal('');
    // About 2 s of commits and frames (longer on a loaded machine: the bound follows the time taken), at
    // least 12 commits and 12 frames: tried again at most once a second, not at each of them.
    const seconds = (performance.now() - started) / 1000;
    const again = tries() - before;
    expect(again, `fetches tried while panning ${seconds.toFixed(1)} s`).to.be.within(
      1,
      Math.min(11, Math.ceil(seconds) + 1),
    );

    // Once it can be fetched, the next need fetches it and the marker is painted: nothing was lost.
    await executeServerCommand('block-requests', { pattern: null });
    await chart.tools.execute('chart_set_visible_range', { lastBars: 80 });
    await chart.whenPainted();
    await waitFor(() => countPixels(priceCanvas(chart), MAGENTA, 8) > 20, 'the marker painted');
    expect(toast(chart)).to.equal('');
    frame.remove();
  });
});
