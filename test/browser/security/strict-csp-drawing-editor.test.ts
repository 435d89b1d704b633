import { expect } from '@open-wc/testing';
import { rowsWithColor } from '../helpers/canvas-pixels.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { loadedScripts, openFrame } from '../helpers/test-frame.js';

type Chart = HTMLElement & {
  context: {
    get(): {
      dataRange: { to: number };
      selection: { close: number } | null;
      drawingSelection: { selectedIds: string[] };
    } | null;
  };
  whenPainted(): Promise<void>;
  tools: { execute(name: string, input: unknown): Promise<{ success: boolean; data?: unknown }> };
};
type CspWindow = Window & typeof globalThis & { cspViolations: string[] };

const MAGENTA: [number, number, number] = [255, 0, 255];

/**
 * test/pages/strict-csp.html (`style-src 'self'`, no 'unsafe-inline'): the floating style editor of a
 * selected drawing is a chunk of its own, placed beside the drawing; neither its styles nor its
 * placement may use a style attribute or a <style> element (record-csp-violations.js records them).
 */
describe('the drawing editor under style-src ’self’', function () {
  this.timeout(60000);

  it('a click on a drawing opens its style editor, placed and styled, and an edit applies, without a CSP violation', async () => {
    const { frame, win: w } = await openFrame('/test/pages/strict-csp.html', 'width:920px;height:420px;border:0');
    const win = w as CspWindow;
    try {
      const chart = win.document.querySelector('kline-chart') as Chart;
      await waitFor(() => !!win.customElements.get('kline-chart') && chart.context.get() !== null, 'chart data', 20000);
      await chart.whenPainted();
      const range = chart.context.get()!.dataRange;
      // The last close, read through a one-bar range selection (then cleared): the line lies on the plot.
      const selected = await chart.tools.execute('chart_set_selection', { from: range.to, to: range.to });
      expect(selected.success, JSON.stringify(selected)).to.equal(true);
      const last = chart.context.get()!.selection!;
      expect((await chart.tools.execute('chart_set_selection', { clear: true })).success).to.equal(true);
      const created = await chart.tools.execute('drawing_create', {
        kind: 'horizontal_line',
        points: [{ time: range.to, price: last.close }],
        style: { color: '#ff00ff', width: 2 },
      });
      expect(created.success, JSON.stringify(created)).to.equal(true);
      const id = (created.data as { id: string }).id;
      await chart.whenPainted();

      // The user clicks the line where it is painted.
      const canvas = chart.shadowRoot!.querySelector<HTMLCanvasElement>('.pane[data-pane-id="price"] canvas')!;
      const box = canvas.getBoundingClientRect();
      const scale = canvas.height / box.height;
      const rows = rowsWithColor(canvas, MAGENTA, Math.round(canvas.width * 0.2), Math.round(canvas.width * 0.6));
      expect(rows.length, 'the magenta line is painted').to.be.greaterThan(0);
      const clientX = box.left + box.width * 0.4;
      const clientY = box.top + (rows[0] + rows[rows.length - 1]) / 2 / scale;
      const target = chart.shadowRoot!.querySelector<HTMLElement>('.pane[data-pane-id="price"] .u-over')!;
      for (const type of ['pointerdown', 'pointerup']) {
        target.dispatchEvent(
          new win.PointerEvent(type, {
            bubbles: true,
            composed: true,
            clientX,
            clientY,
            button: 0,
            pointerId: 1,
            pointerType: 'mouse',
            isPrimary: true,
          }),
        );
      }
      await waitFor(() => !!chart.shadowRoot!.querySelector('.drawing-editor'), 'the drawing editor', 20000);
      expect(
        loadedScripts(win).some((p) => /^chunks\/drawing-editor-/.test(p)),
        'its chunk',
      ).to.equal(true);
      const editor = chart.shadowRoot!.querySelector<HTMLElement>('.drawing-editor')!;
      expect(editor.dataset.drawingId).to.equal(id);
      // Its own sheet is in effect (adopted, not a <style> element): a floating box beside the drawing.
      const style = win.getComputedStyle(editor);
      expect(style.position).to.equal('absolute');
      expect(style.display).to.equal('flex');
      expect(editor.getBoundingClientRect().width).to.be.greaterThan(60);

      const color = editor.querySelector<HTMLInputElement>('input[type="color"]')!;
      color.value = '#00ff00';
      color.dispatchEvent(new win.Event('change'));
      expect(chart.context.get()!.drawingSelection.selectedIds).to.deep.equal([id]);
      // The line repaints in the new colour.
      const across = (rgb: [number, number, number]) =>
        rowsWithColor(canvas, rgb, Math.round(canvas.width * 0.2), Math.round(canvas.width * 0.6)).length;
      await waitFor(() => across([0, 255, 0]) > 0 && across(MAGENTA) === 0, 'the line repainted green');
      await chart.whenPainted();

      expect(win.cspViolations).to.deep.equal([]);

      // The recorder and the policy are live: a style attribute set now is refused and recorded.
      const probe = win.document.createElement('span');
      probe.setAttribute('style', 'color: red');
      win.document.body.append(probe);
      await waitFor(() => win.cspViolations.length > 0, 'the probe’s violation');
      expect(win.cspViolations[0]).to.match(/^style-src/);
    } finally {
      frame.remove();
    }
  });
});
