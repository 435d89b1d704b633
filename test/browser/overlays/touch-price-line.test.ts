import { expect } from '@open-wc/testing';
import '../../../components/kline-chart/define.js';
import type { PriceLineMovedDetail } from '../../../components/kline-chart/overlay-layer-controller.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { unmountAll } from '../panel/panel-fixture.js';
import { fingerDrag, phoneChartOnLongPage, type Point } from '../helpers/touch-chart.js';

/** A draggable price line (an order, a stop) moves under a finger: the page does not take the swipe. */
describe('dragging a price line by touch', function () {
  this.timeout(60000);
  afterEach(() => unmountAll());

  it('moves the line down with the finger and fires kline-price-line-moved; the page stays', async () => {
    const { chart, scales } = await phoneChartOnLongPage();
    const s = scales;
    const price = s.yToPrice(s.plot.top + s.plot.height * 0.4);
    const created = await chart.createPriceLine({ price, color: '#ff00ff', draggable: true, label: 'Stop' });
    expect(created.success, JSON.stringify(created)).to.equal(true);
    await chart.whenPainted();
    const over = chart
      .shadowRoot!.querySelector<HTMLElement>('.pane[data-pane-id="price"] .u-over')!
      .getBoundingClientRect();
    const at: Point = [over.left + over.width * 0.5, over.top + (s.priceToY(price) - s.plot.top) / s.pixelRatio];
    const events: PriceLineMovedDetail[] = [];
    // Typed by the element's event map (KlineChartEventMap), no cast.
    chart.addEventListener('kline-price-line-moved', (e) => events.push(e.detail));
    await fingerDrag(at, [at[0], at[1] + 60]);
    await waitFor(() => events.length > 0, 'kline-price-line-moved');
    const detail = events[0];
    expect(detail.previousPrice).to.equal(price);
    expect((s.priceToY(detail.price) - s.priceToY(price)) / s.pixelRatio, 'by the finger’s 60 px').to.be.closeTo(60, 6);
    expect(window.scrollY, 'the page did not scroll').to.equal(0);
  });
});
