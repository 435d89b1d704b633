import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { html } from 'lit';
import '../../../components/kline-chart/define.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import type { PrimitiveScales } from '../../../components/kline-chart/chart-primitive.js';
import type { PriceLineMovedDetail } from '../../../components/kline-chart/overlay-layer-controller.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { mount, unmountAll } from '../panel/panel-fixture.js';

type Point = [number, number];

/** One finger pressed at `from`, moved to `to` in `n` steps and lifted (Chromium DevTools protocol). */
async function drag(from: Point, to: Point, n = 10): Promise<void> {
  const steps = [{ type: 'touchStart', points: [from] }];
  for (let k = 1; k <= n; k++)
    steps.push({
      type: 'touchMove',
      points: [[from[0] + ((to[0] - from[0]) * k) / n, from[1] + ((to[1] - from[1]) * k) / n]],
    });
  steps.push({ type: 'touchEnd', points: [] });
  await executeServerCommand('touch', { steps });
}

/** A draggable price line (an order, a stop) moves under a finger: the page does not take the swipe. */
describe('dragging a price line by touch', function () {
  this.timeout(60000);
  afterEach(() => unmountAll());

  it('moves the line down with the finger and fires kline-price-line-moved; the page stays', async () => {
    const main = mount(
      html`<main><kline-chart style="width:390px;height:500px" indicators="VOL"></kline-chart><div style="height:2000px"></div></main>`,
    );
    const chart = main.querySelector<KlineChart>('kline-chart')!;
    await waitFor(() => chart.context.get() !== null, 'chart data');
    await chart.whenPainted();
    window.scrollTo(0, 0);
    let scales: PrimitiveScales | null = null;
    chart.addPrimitive({ paint: (_ctx, s) => void (scales = s) });
    await waitFor(() => scales !== null, 'the price pane painted');
    const s = scales!;
    const price = s.yToPrice(s.plot.top + s.plot.height * 0.4);
    const created = await chart.createPriceLine({ price, color: '#ff00ff', draggable: true, label: 'Stop' });
    expect(created.success, JSON.stringify(created)).to.equal(true);
    await chart.whenPainted();
    const over = chart
      .shadowRoot!.querySelector<HTMLElement>('.pane[data-pane-id="price"] .u-over')!
      .getBoundingClientRect();
    const at: Point = [over.left + over.width * 0.5, over.top + (s.priceToY(price) - s.plot.top) / s.pixelRatio];
    const events: PriceLineMovedDetail[] = [];
    chart.addEventListener('kline-price-line-moved', (e) =>
      events.push((e as CustomEvent<PriceLineMovedDetail>).detail),
    );
    await drag(at, [at[0], at[1] + 60]);
    await waitFor(() => events.length > 0, 'kline-price-line-moved');
    const detail = events[0];
    expect(detail.previousPrice).to.equal(price);
    expect((s.priceToY(detail.price) - s.priceToY(price)) / s.pixelRatio, 'by the finger’s 60 px').to.be.closeTo(60, 6);
    expect(window.scrollY, 'the page did not scroll').to.equal(0);
  });
});
