import { expect } from '@open-wc/testing';
import { html } from 'lit';
import { readyChart, paneCanvas, waitFor } from '../helpers/chart-fixture.js';
import { canvasHash, countPixels } from '../helpers/canvas-pixels.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';

const MAGENTA: [number, number, number] = [255, 0, 255];

// The drawing layer's interaction and painter are a chunk of their own (issue #12). A chart without
// a toolbar never loads them until it has a drawing: the first drawing loads them and is painted
// (each file runs in a page of its own, so the parts are not loaded before this test).
describe('the drawing layer loads its painter with the first drawing', () => {
  // First: nothing has loaded the layer in this page yet.
  it('a selection a tool sets on a chart without drawings loads the layer and is painted; clearing it unpaints it', async () => {
    const chart = await readyChart(
      html`<kline-chart toolbar="none" style="width:800px;height:500px" indicators="VOL"></kline-chart>`,
    );
    await chart.whenPainted();
    const before = canvasHash(paneCanvas(chart, 'price'));
    const bars = coreOf(chart).store.peek('series')!.bars;
    const n = bars.length;
    const set = await chart.tools.execute('chart_set_selection', { from: bars.time[n - 20], to: bars.time[n - 10] });
    expect(set.success, JSON.stringify(set)).to.equal(true);
    // The context's summary comes with the tools' chunk (src/core/commands/summarize-range.ts).
    const summary = chart.context.get()!.selection!;
    expect([summary.from, summary.to, summary.bars]).to.deep.equal([bars.time[n - 20], bars.time[n - 10], 11]);
    await chart.whenPainted();
    expect(canvasHash(paneCanvas(chart, 'price')), 'the selection band painted').to.not.equal(before);
    const cleared = await chart.tools.execute('chart_set_selection', { clear: true });
    expect(cleared.success, JSON.stringify(cleared)).to.equal(true);
    await chart.whenPainted();
    expect(canvasHash(paneCanvas(chart, 'price')), 'no band').to.equal(before);
    // Undo and redo bring a selection back without the tool (Ctrl+Z, chart.undo()): the context sums it up too.
    expect(chart.undo(), 'the clear undone').to.equal('chart_set_selection');
    expect(chart.context.get()!.selection, 'the summary after undo').to.deep.equal(summary);
    chart.redo();
    expect(chart.context.get()!.selection, 'cleared again by redo').to.equal(null);
  });

  it('a chart without a toolbar paints a drawing created by a tool, then a user can select it', async () => {
    const chart = await readyChart(
      html`<kline-chart toolbar="none" style="width:800px;height:500px" indicators="VOL"></kline-chart>`,
    );
    const core = coreOf(chart);
    const canvas = paneCanvas(chart, 'price');
    expect(countPixels(canvas, MAGENTA, 8), 'nothing magenta before').to.equal(0);
    const bars = core.store.peek('series')!.bars;
    const n = bars.length;
    const created = await core.tools.execute('drawing_create', {
      kind: 'horizontal_line',
      points: [{ time: bars.time[n - 10], price: (bars.high[n - 10] + bars.low[n - 10]) / 2 }],
      style: { color: '#ff00ff', width: 3 },
    });
    expect(created.success, JSON.stringify(created)).to.equal(true);
    // whenPainted() waits for the painter's chunk too: the drawing is on the canvas when it resolves.
    await chart.whenPainted();
    expect(countPixels(paneCanvas(chart, 'price'), MAGENTA, 8), 'magenta pixels').to.be.greaterThan(100);
    // With the parts loaded, the keyboard's select keys reach the drawing.
    const id = (created.data as { id: string }).id;
    chart.focus();
    chart.dispatchEvent(new KeyboardEvent('keydown', { key: ']', bubbles: true, composed: true }));
    await waitFor(() => core.store.peek('drawingSelection').includes(id), 'the drawing selected with ]');
  });
});
