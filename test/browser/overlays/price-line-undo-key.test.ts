import { expect } from '@open-wc/testing';
import { html } from 'lit';
import { resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../../components/kline-chart/define.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import type { PrimitiveScales } from '../../../components/kline-chart/chart-primitive.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';
import { inputReady, priceScales, waitFor } from '../helpers/chart-fixture.js';
import { deepActive } from '../helpers/keyboard.js';
import { fingerDrag } from '../helpers/touch-chart.js';
import { mount, unmountAll } from '../panel/panel-fixture.js';

type Point = [number, number];

/**
 * A chart below a text field, on a page scrolled so the chart's top is off screen: a press anywhere on
 * the plot leaves keyboard focus on the chart (Ctrl+Z undoes what the press did) and never scrolls the page.
 */
async function chartBelowField(): Promise<{ chart: KlineChart; field: HTMLInputElement; scales: PrimitiveScales }> {
  const main = mount(
    html`<main><input aria-label="notes" /><div style="height:200px"></div>
      <kline-chart style="width:800px;height:700px"></kline-chart><div style="height:2000px"></div></main>`,
  );
  const chart = main.querySelector<KlineChart>('kline-chart')!;
  await waitFor(() => chart.context.get() !== null, 'chart data');
  await chart.whenPainted();
  await inputReady(); // the plot's keys, touch gestures and separator drags (a chunk)
  const scales = await priceScales(chart);
  const field = main.querySelector('input')!;
  field.focus();
  // The chart's top 150 px above the screen (a focus() that scrolls would bring it back into view).
  window.scrollTo(0, 350);
  return { chart, field, scales };
}

/** Viewport px of a price on the price plot, `fx` of the way across. */
function pointOf(chart: KlineChart, s: PrimitiveScales, price: number, fx = 0.5): Point {
  const over = chart
    .shadowRoot!.querySelector<HTMLElement>('.pane[data-pane-id="price"] .u-over')!
    .getBoundingClientRect();
  return [
    Math.round(over.left + over.width * fx),
    Math.round(over.top + (s.priceToY(price) - s.plot.top) / s.pixelRatio),
  ];
}

/** Ctrl (+ Shift) + `key`, as real key presses. */
async function ctrl(key: string, shift = false): Promise<void> {
  await sendKeys({ down: 'Control' });
  if (shift) await sendKeys({ down: 'Shift' });
  await sendKeys({ press: key });
  if (shift) await sendKeys({ up: 'Shift' });
  await sendKeys({ up: 'Control' });
}

async function mouseDrag(from: Point, to: Point): Promise<void> {
  await sendMouse({ type: 'move', position: from });
  await sendMouse({ type: 'down' });
  await sendMouse({ type: 'move', position: [from[0], Math.round((from[1] + to[1]) / 2)] });
  await sendMouse({ type: 'move', position: to });
  await sendMouse({ type: 'up' });
}

describe('a press on the plot gives the chart keyboard focus (Ctrl+Z right after)', function () {
  this.timeout(40000);
  afterEach(async () => {
    await resetMouse();
    unmountAll();
    window.scrollTo(0, 0);
  });

  it('Ctrl+Z after a mouse drag of a price line puts the line back; the page does not scroll', async () => {
    const { chart, field, scales } = await chartBelowField();
    const price = scales.yToPrice(scales.plot.top + scales.plot.height * 0.5);
    const created = await chart.createPriceLine({ price, color: '#ff00ff', draggable: true });
    expect(created.success, JSON.stringify(created)).to.equal(true);
    await chart.whenPainted();
    await inputReady();
    let moved = false;
    chart.addEventListener('kline-price-line-moved', () => (moved = true), { once: true });
    const from = pointOf(chart, scales, price);
    await mouseDrag(from, [from[0], from[1] + 60]);
    await waitFor(() => moved, 'kline-price-line-moved');
    const line = () => coreOf(chart).priceLines.current()[0]; // the line's price: no public getter
    expect(line().price, 'the drag moved the line').to.be.lessThan(price);
    expect(deepActive() === chart, 'focus left the text field for the chart').to.equal(true);
    expect(document.activeElement === field, 'not on the field').to.equal(false);
    expect(window.scrollY, 'focusing the chart did not scroll the page').to.equal(350);
    await ctrl('z');
    expect(line().price, 'Ctrl+Z restored the price').to.equal(price);
    await ctrl('Z', true);
    expect(line().price, 'Ctrl+Shift+Z moved it again').to.be.lessThan(price);
  });

  it('a touch drag of a price line leaves focus on the chart too', async () => {
    const { chart, scales } = await chartBelowField();
    const price = scales.yToPrice(scales.plot.top + scales.plot.height * 0.5);
    await chart.createPriceLine({ price, color: '#ff00ff', draggable: true });
    await chart.whenPainted();
    await inputReady();
    let moved = false;
    chart.addEventListener('kline-price-line-moved', () => (moved = true), { once: true });
    const from = pointOf(chart, scales, price);
    await fingerDrag(from, [from[0], from[1] + 60]);
    await waitFor(() => moved, 'kline-price-line-moved');
    expect(deepActive() === chart, 'focus on the chart').to.equal(true);
    expect(window.scrollY, 'the page did not scroll').to.equal(350);
  });

  it('a mouse drag of a drawing, and a pan, leave focus on the chart the same way', async () => {
    const { chart, field, scales } = await chartBelowField();
    const bars = coreOf(chart).store.peek('series')!.bars; // a bar's price to draw at: no public getter
    const n = bars.length;
    const price = bars.high[n - 10];
    const drawn = await chart.tools.execute('drawing_create', {
      kind: 'horizontal_line',
      points: [{ time: bars.time[n - 10], price }],
    });
    expect(drawn.success, JSON.stringify(drawn)).to.equal(true);
    await chart.whenPainted();
    await inputReady();
    const from = pointOf(chart, scales, price, 0.3);
    await mouseDrag(from, [from[0], from[1] + 40]);
    const drawing = () => coreOf(chart).drawings.current()[0]; // the drawing's anchor: no public getter
    await waitFor(() => drawing().points[0].price !== price, 'the drawing moved');
    expect(deepActive() === chart, 'focus on the chart after the drawing drag').to.equal(true);
    await ctrl('z');
    expect(drawing().points[0].price, 'Ctrl+Z put the drawing back').to.equal(price);

    field.focus();
    window.scrollTo(0, 350);
    const view = coreOf(chart).store.peek('view');
    const empty = pointOf(chart, scales, scales.yToPrice(scales.plot.top + scales.plot.height * 0.85), 0.6);
    await mouseDrag(empty, [empty[0] + 80, empty[1]]);
    expect(coreOf(chart).store.peek('view'), 'the drag panned').to.not.deep.equal(view);
    expect(deepActive() === chart, 'focus on the chart after a pan').to.equal(true);
    expect(window.scrollY, 'the page did not scroll').to.equal(350);
  });
});
