import { expect } from '@open-wc/testing';
import { executeServerCommand, setViewport } from '@web/test-runner-commands';
import { html } from 'lit';
import '../../../components/kline-chart/define.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import type { PrimitiveScales } from '../../../components/kline-chart/chart-primitive.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';
import { inputReady, priceScales, waitFor } from '../helpers/chart-fixture.js';
import { mount, unmountAll } from '../panel/panel-fixture.js';

type Point = [number, number];

/** A chart of `style` with its price pane's scales (from a primitive's paint). */
async function chartOf(style: string): Promise<{ chart: KlineChart; scales: PrimitiveScales }> {
  const main = mount(html`<main><kline-chart style=${style} indicators="VOL"></kline-chart></main>`);
  const chart = main.querySelector<KlineChart>('kline-chart')!;
  await waitFor(() => chart.context.get() !== null, 'chart data');
  await chart.whenPainted();
  await inputReady(); // the plot's keys, touch gestures and separator drags (a chunk)
  const scales = await priceScales(chart);
  return { chart, scales };
}

/**
 * Creates a trend line between the bars at fractions `from` and `to` of the view (low to close, or to the
 * highest high shown when `top`) and selects it.
 */
async function selectedTrendLine(chart: KlineChart, from: number, to: number, top: boolean) {
  const core = coreOf(chart);
  const bars = core.store.peek('series')!.bars;
  const view = core.store.peek('view')!;
  const n = bars.length;
  const first = Math.max(0, Math.ceil(view.start));
  const last = Math.min(n - 1, Math.floor(view.end));
  let high = -Infinity;
  for (let i = first; i <= last; i++) high = Math.max(high, bars.high[i]);
  const at = (f: number) => Math.round(first + (last - first) * f);
  const a = { time: bars.time[at(from)], price: bars.low[at(from)] };
  const b = { time: bars.time[at(to)], price: top ? high : bars.close[at(to)] };
  const created = await core.tools.execute('drawing_create', { kind: 'trend_line', points: [a, b] });
  expect(created.success, JSON.stringify(created)).to.equal(true);
  const id = (created.data as { id: string }).id;
  core.drawings.select([id]); // reaching in: selecting a drawing has no element method
  await waitFor(() => chart.shadowRoot!.querySelector('.drawing-editor') !== null, 'the drawing editor');
  await chart.updateComplete;
  return { id, a, b };
}

/** Viewport CSS px of a plot point given in canvas px. */
function screen(chart: KlineChart, s: PrimitiveScales, x: number, y: number): Point {
  const over = chart.shadowRoot!.querySelector<HTMLElement>('.pane[data-pane-id="price"] .u-over')!;
  const r = over.getBoundingClientRect();
  return [r.left + (x - s.plot.left) / s.pixelRatio, r.top + (y - s.plot.top) / s.pixelRatio];
}

/**
 * The floating style editor of a selected drawing stays inside the chart: on a phone a drawing whose end
 * is at the plot's right (or top) edge must not push the label field and the lock button off the chart.
 */
describe('the drawing editor’s place', function () {
  this.timeout(60000);
  afterEach(async () => {
    unmountAll();
    await setViewport({ width: 800, height: 600 });
  });

  for (const [width, height] of [
    [390, 844],
    [300, 640],
  ])
    it(`at ${width}×${height} a drawing ending at the top right keeps every control inside the chart, and each takes a tap`, async () => {
      await setViewport({ width, height });
      const { chart } = await chartOf('width:100%;height:560px');
      const { id } = await selectedTrendLine(chart, 0.5, 1, true);
      const root = chart.shadowRoot!;
      const editor = root.querySelector<HTMLElement>('.drawing-editor')!;
      const box = chart.getBoundingClientRect();
      const panes = root.querySelector<HTMLElement>('[part="panes"]')!.getBoundingClientRect();
      const controls = [...editor.querySelectorAll<HTMLElement>('input, select, button')];
      expect(controls.length, 'colour, width, dash, label, lock').to.equal(5);
      for (const c of controls) {
        const r = c.getBoundingClientRect();
        const name = c.getAttribute('aria-label');
        expect(r.width, `${name} shown`).to.be.greaterThan(0);
        expect(r.left, `${name} left`).to.be.at.least(box.left);
        expect(r.right, `${name} right`).to.be.at.most(box.right);
        // Over the plot, not over the toolbar.
        expect(r.top, `${name} top`).to.be.at.least(panes.top);
        expect(r.bottom, `${name} bottom`).to.be.at.most(panes.bottom);
        const hit = root.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        expect(hit === c || c.contains(hit), `${name} is what a tap at its centre reaches`).to.equal(true);
      }
      // A real tap on the lock button locks the drawing.
      const lock = controls.at(-1)!;
      const r = lock.getBoundingClientRect();
      await executeServerCommand('touch', {
        steps: [
          { type: 'touchStart', points: [[r.left + r.width / 2, r.top + r.height / 2]] },
          { type: 'touchEnd', points: [] },
        ],
      });
      await waitFor(
        () =>
          coreOf(chart)
            .drawings.current()
            .find((d) => d.id === id)?.locked === true,
        'locked by a tap',
      );
    });

  it('on a wide chart it sits just above and right of the drawing’s right end', async () => {
    const { chart, scales: s } = await chartOf('width:1000px;height:500px');
    const { a, b } = await selectedTrendLine(chart, 0.2, 0.4, false);
    const [pa, pb] = [a, b].map((p) => screen(chart, s, s.timeToX(p.time)!, s.priceToY(p.price)));
    // The right end of the line, at the height of its higher end.
    const end: Point = [Math.max(pa[0], pb[0]), Math.min(pa[1], pb[1])];
    const r = chart.shadowRoot!.querySelector<HTMLElement>('.drawing-editor')!.getBoundingClientRect();
    expect(r.left - end[0], 'right of the end').to.be.closeTo(8, 2);
    expect(end[1] - r.bottom, 'above the end').to.be.closeTo(8, 2);
  });
});
