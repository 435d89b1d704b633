import { expect } from '@open-wc/testing';
import '../../../components/kline-chart/define.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { unmountAll } from '../panel/panel-fixture.js';
import { fingerDrag, phoneChartOnLongPage, type Point } from '../helpers/touch-chart.js';

/**
 * A finger on a drawing's handle moves the handle, whichever way it goes: the panes leave vertical
 * swipes to the page (`touch-action: pan-y`), but not one that the drawing layer took.
 */
describe('dragging a drawing by touch', function () {
  this.timeout(60000);
  afterEach(() => unmountAll());

  it('moves a trend line’s end down, then up, without scrolling the page', async () => {
    const { chart, scales } = await phoneChartOnLongPage();
    const core = coreOf(chart);
    const bars = core.store.peek('series')!.bars;
    const n = bars.length;
    const a = { time: bars.time[n - 30], price: bars.low[n - 30] };
    const b = { time: bars.time[n - 10], price: bars.high[n - 10] };
    const created = await core.tools.execute('drawing_create', { kind: 'trend_line', points: [a, b] });
    expect(created.success, JSON.stringify(created)).to.equal(true);
    const id = (created.data as { id: string }).id;
    core.drawings.select([id]); // reaching in: selecting a drawing has no element method
    await chart.whenPainted();
    const over = chart.shadowRoot!.querySelector<HTMLElement>('.pane[data-pane-id="price"] .u-over')!;
    const s = scales;
    /** Viewport CSS px of a point of the plot given in canvas px. */
    const screen = (x: number, y: number): Point => {
      const r = over.getBoundingClientRect();
      return [r.left + (x - s.plot.left) / s.pixelRatio, r.top + (y - s.plot.top) / s.pixelRatio];
    };
    const end = screen(s.timeToX(b.time)!, s.priceToY(b.price));
    const priceOfEnd = () => core.drawings.current().find((d) => d.id === id)!.points[1].price;

    await fingerDrag(end, [end[0] + 4, end[1] + 80]);
    await waitFor(() => priceOfEnd() < b.price, 'the end moved down');
    expect(window.scrollY, 'the page did not scroll').to.equal(0);
    const lowered = priceOfEnd();
    expect((s.priceToY(lowered) - s.priceToY(b.price)) / s.pixelRatio, 'by the finger’s 80 px').to.be.closeTo(80, 6);

    // And back up by 50 px: a swipe up would scroll the page back down otherwise.
    const moved = screen(s.timeToX(b.time)!, s.priceToY(lowered));
    await fingerDrag(moved, [moved[0] - 3, moved[1] - 50]);
    await waitFor(() => priceOfEnd() > lowered, 'the end moved up');
    expect((s.priceToY(lowered) - s.priceToY(priceOfEnd())) / s.pixelRatio, 'by 50 px').to.be.closeTo(50, 6);
    expect(window.scrollY, 'the page did not scroll').to.equal(0);
  });
});
