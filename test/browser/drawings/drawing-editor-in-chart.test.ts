import { expect } from '@open-wc/testing';
import { readyChart, waitFor } from '../helpers/chart-fixture.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';

// The chart's floating drawing editor is a chunk of its own (issue #12): the first selected drawing
// loads it, and its styles join the chart's adopted style sheets (no <style> element, CSP-safe).
describe('the drawing editor inside a chart', () => {
  it('appears, styled, beside the selected drawing once its chunk is loaded, and a colour edit recolours the drawing', async () => {
    const chart = await readyChart();
    const core = coreOf(chart);
    const root = chart.shadowRoot!;
    expect(root.querySelector('.drawing-editor'), 'no editor without a selection').to.equal(null);
    const bars = core.store.peek('series')!.bars;
    const created = await core.tools.execute('drawing_create', {
      kind: 'horizontal_line',
      points: [{ time: bars.time[bars.length - 10], price: bars.close[bars.length - 10] }],
    });
    expect(created.success, JSON.stringify(created)).to.equal(true);
    const id = (created.data as { id: string }).id;
    core.drawings.select([id]);
    await waitFor(() => root.querySelector('.drawing-editor') !== null, 'the drawing editor');
    const editor = root.querySelector<HTMLElement>('.drawing-editor')!;
    expect(editor.dataset.drawingId).to.equal(id);
    // Its own styles are in effect: a floating box with a border, not inline text.
    const style = getComputedStyle(editor);
    expect(style.position).to.equal('absolute');
    expect(style.display).to.equal('flex');
    expect(editor.getBoundingClientRect().width).to.be.greaterThan(60);
    const color = editor.querySelector<HTMLInputElement>('input[type="color"]')!;
    color.value = '#ff00ff';
    color.dispatchEvent(new Event('change'));
    await waitFor(
      () => core.drawings.current().find((d) => d.id === id)?.style.color === '#ff00ff',
      'the colour edit committed',
    );
    core.drawings.select([]);
    await waitFor(() => root.querySelector('.drawing-editor') === null, 'the editor closes with the selection');
  });
});
