import { expect } from '@open-wc/testing';
import { html } from 'lit';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import type { PrimitiveScales } from '../../../components/kline-chart/chart-primitive.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';
import { priceScales, readyChart, waitFor } from '../helpers/chart-fixture.js';

/**
 * A chart inside an ancestor scaled by CSS (a slide deck, a dashboard scaling its widgets to fit, a
 * stylesheet's `zoom`): the pointer is measured in viewport px, the chart draws in its own CSS px.
 */
const PAGES = [
  { name: 'transform: scale(0.5)', style: 'transform:scale(0.5);transform-origin:0 0', scale: 0.5 },
  { name: 'zoom: 1.5', style: 'zoom:1.5', scale: 1.5 },
];

/** The legend's close value (the text after its "C" label). */
function legendClose(chart: KlineChart): number {
  const cell = [...chart.shadowRoot!.querySelectorAll<HTMLElement>('[data-testid="ohlc"] > span')][3];
  return Number(cell.textContent.replace(cell.querySelector('.muted')!.textContent, '').replace(/,/g, '').trim());
}

for (const page of PAGES) {
  describe(`a chart on a page with ${page.name}`, () => {
    let chart: KlineChart;
    let over: HTMLElement;
    let scales: PrimitiveScales;
    /** Viewport coordinates of plot CSS px (x, y) from the price plot's top-left. */
    const client = (x: number, y: number) => {
      const o = over.getBoundingClientRect();
      return { clientX: o.left + x * page.scale, clientY: o.top + y * page.scale };
    };
    /** Plot CSS px of bar `i` and `price`. */
    const at = (i: number, price: number): [number, number] => [
      (scales.indexToX(i) - scales.plot.left) / scales.pixelRatio,
      (scales.priceToY(price) - scales.plot.top) / scales.pixelRatio,
    ];
    const pointer = (type: string, x: number, y: number, buttons = 1) =>
      over.dispatchEvent(
        new PointerEvent(type, {
          bubbles: true,
          composed: true,
          cancelable: true,
          button: 0,
          buttons,
          pointerId: 1,
          isPrimary: true,
          ...client(x, y),
        }),
      );

    beforeEach(async () => {
      chart = await readyChart(
        html`<div style=${page.style}>
          <kline-chart style="width:800px;height:800px" indicators="VOL"></kline-chart>
          <!-- tall enough for the flat drawing bar (a shorter chart folds it into groups) -->
        </div>`,
      );
      over = chart.shadowRoot!.querySelector<HTMLElement>('.pane[data-pane-id="price"] .u-over')!;
      scales = await priceScales(chart);
      expect(over.getBoundingClientRect().width / over.offsetWidth).to.be.closeTo(page.scale, 0.01);
    });

    it('the crosshair and its legend show the bar under the pointer', async () => {
      for (const back of [40, 12]) {
        const i = scales.lastIndex - back;
        const [x, y] = at(i, scales.bars.close[i]);
        over.dispatchEvent(new MouseEvent('mousemove', { bubbles: true, composed: true, ...client(x, y) }));
        await waitFor(
          () => Math.abs(legendClose(chart) - scales.bars.close[i]) < 0.005,
          `the legend at bar ${i} (${scales.bars.close[i]}), shows ${legendClose(chart)}`,
        );
      }
    });

    it('a horizontal line lands at the price clicked', async () => {
      chart.shadowRoot!.querySelector<HTMLElement>('[part="drawing-tool"][data-tool="horizontal_line"]')!.click();
      await chart.updateComplete;
      const i = scales.lastIndex - 30;
      const price = (scales.bars.high[i] + scales.bars.low[i]) / 2;
      const [x, y] = at(i, price);
      await waitFor(() => {
        pointer('pointerdown', x, y);
        pointer('pointerup', x, y, 0);
        return coreOf(chart).drawings.current().length > 0;
      }, 'a line placed');
      const placed = coreOf(chart).drawings.current()[0].points[0].price;
      const pricePerPx = Math.abs(scales.yToPrice(0) - scales.yToPrice(scales.pixelRatio));
      expect(Math.abs(placed - price) / pricePerPx, `placed ${placed}, clicked ${price}`).to.be.lessThan(1.5);
    });

    it('a drag pans the chart by as many bars as went past the pointer', async () => {
      const view = coreOf(chart).store.peek('view')!;
      const y = scales.plot.height / scales.pixelRatio / 2;
      const x0 = (scales.plot.width / scales.pixelRatio) * 0.6;
      const dx = 150; // plot CSS px: 150 × scale viewport px
      pointer('pointerdown', x0, y);
      for (let k = 1; k <= 5; k++) pointer('pointermove', x0 + (dx * k) / 5, y);
      pointer('pointerup', x0 + dx, y, 0);
      const moved = view.start - coreOf(chart).store.peek('view')!.start;
      const expected = dx / (scales.barSpacing / scales.pixelRatio);
      expect(moved, 'bars moved').to.be.closeTo(expected, expected * 0.05);
    });

    it('a wheel zoom keeps the bar under the pointer in place', async () => {
      const i = scales.lastIndex - Math.round((scales.lastIndex - scales.firstIndex) * 0.7);
      const [x, y] = at(i, scales.bars.close[i]);
      over.dispatchEvent(
        new WheelEvent('wheel', { bubbles: true, composed: true, cancelable: true, deltaY: -200, ...client(x, y) }),
      );
      await chart.whenPainted();
      const after = await priceScales(chart);
      expect(after.barSpacing, 'zoomed in').to.be.greaterThan(scales.barSpacing * 1.2);
      const xAfter = (after.indexToX(i) - after.plot.left) / after.pixelRatio;
      expect(Math.abs(xAfter - x), `bar ${i} was at ${x}, is at ${xAfter}`).to.be.lessThan(
        after.barSpacing / after.pixelRatio,
      );
    });
  });
}
