import { expect } from '@open-wc/testing';
import { waitFor } from '../helpers/chart-fixture.js';
import { openFrame } from '../helpers/test-frame.js';

type Chart = HTMLElement & {
  context: { get(): { visibleRange: { from: number; to: number } } | null };
  whenPainted(): Promise<void>;
  tools: { execute(name: string, input: unknown): Promise<{ success: boolean }> };
};

/**
 * The published bundle's uPlot is rewritten by the build (`UPLOT_EDITS` in rollup.config.js: no focus,
 * drag selection, cursor points or bands). The other browser tests run the unbundled uPlot, so this one
 * checks on dist/kline-chart.js what those edits touch: the crosshair, its sync across panes, the legend
 * following it, and a double click that leaves the view alone.
 */
describe('the bundle’s crosshair', function () {
  this.timeout(30000);

  it('follows the pointer in every pane and shows its bar in the legend', async () => {
    const { frame, win, violations } = await openFrame('/test/pages/script-tag.html');
    try {
      const chart = win.document.querySelector('kline-chart') as Chart;
      await waitFor(() => chart.context?.get?.() != null, 'chart data');
      expect((await chart.tools.execute('indicators_add', { definitionId: 'MACD' })).success).to.equal(true);
      await chart.whenPainted();
      const root = chart.shadowRoot!;
      const panes = [...root.querySelectorAll<HTMLElement>('.pane')];
      expect(panes.length, 'price pane and MACD pane').to.be.greaterThan(1);
      const over = panes[0].querySelector<HTMLElement>('.u-over')!;
      const legend = root.querySelector<HTMLElement>('[part="legend"]')!;
      const lastBar = legend.textContent;
      const view = chart.context.get()!.visibleRange;
      const r = over.getBoundingClientRect();
      const move = (x: number) =>
        over.dispatchEvent(
          new win.MouseEvent('mousemove', { bubbles: true, composed: true, clientX: r.left + x, clientY: r.top + 60 }),
        );

      move(r.width / 3);
      await waitFor(() => legend.textContent !== lastBar, 'the legend to show the bar under the pointer');
      const third = legend.textContent;
      // Every pane's vertical crosshair line is at the pointer (uPlot's cursor sync).
      const lines = panes.map((p) => p.querySelector<HTMLElement>('.u-cursor-x')!);
      await waitFor(
        () => lines.every((l) => Math.abs(l.getBoundingClientRect().left - (r.left + r.width / 3)) <= 1),
        'the crosshair line at the pointer in every pane',
      );

      move((r.width * 2) / 3);
      await waitFor(() => legend.textContent !== third, 'the legend to follow the pointer');
      expect(legend.textContent).not.to.equal(lastBar);

      over.dispatchEvent(
        new win.MouseEvent('dblclick', { bubbles: true, composed: true, clientX: r.left + 50, clientY: r.top + 60 }),
      );
      over.dispatchEvent(new win.MouseEvent('mouseleave', { bubbles: false }));
      await waitFor(() => legend.textContent === lastBar, 'the legend back on the last bar once the pointer leaves');
      await chart.whenPainted();
      expect(chart.context.get()!.visibleRange, 'a double click leaves the view').to.deep.equal(view);
      expect(violations).to.deep.equal([]);
    } finally {
      frame.remove();
    }
  });
});
