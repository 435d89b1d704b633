import { expect } from '@open-wc/testing';
import { midpointStudy } from '../helpers/midpoint-study.js';
import type { PrimitiveScales } from '../../../components/kline-chart/chart-primitive.js';
import type { KlinePrimitiveClickDetail } from '../../../components/kline-chart-agent.js';
import { countPixels, parseColor } from '../helpers/canvas-pixels.js';
import { paneCanvas, readyChart } from '../helpers/chart-fixture.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';

/** A host study: the midpoint of each bar's range, drawn on the price pane. */
const midpoint = midpointStudy('MIDPT', 'Bar midpoint', 0, 1000);

describe('extension API of <kline-chart>', function () {
  this.timeout(60000);

  it('registerIndicator: the study is in the picker and the tools, computes and paints, and unregisters', async () => {
    const chart = await readyChart();
    const off = chart.registerIndicator(midpoint);
    await chart.updateComplete;
    const picker = chart.shadowRoot!.querySelector('kline-indicator-picker') as unknown as {
      definitions: readonly { id: string }[];
    };
    expect(picker.definitions.map((d) => d.id)).to.include('MIDPT');
    const list = await chart.tools.execute('indicators_list', {});
    expect(list.success && (list.data as { definitionIds: string[] }).definitionIds).to.include('MIDPT');
    const added = await chart.tools.execute('indicators_add', { definitionId: 'midpt' });
    expect(added.success, JSON.stringify(added)).to.equal(true);
    await chart.whenPainted();
    expect(countPixels(paneCanvas(chart, 'price'), parseColor('#ff00ff'), 10)).to.be.greaterThan(50);
    const cond = await chart.tools.execute('markers_from_condition', {
      definitionId: 'MIDPT',
      left: 'mid',
      op: '>',
      right: 0,
    });
    expect(cond.success && (cond.data as { count: number }).count).to.equal(1);
    off();
    await chart.updateComplete;
    expect(picker.definitions.map((d) => d.id)).to.not.include('MIDPT');
    expect(() => chart.registerIndicator({ ...midpoint, id: 'MACD' })).to.throw(/already registered/);
  });

  it('addPrimitive paints on the price pane with scales, its hitTest claims presses, and removal clears it', async () => {
    const chart = await readyChart();
    const canvas = paneCanvas(chart, 'price');
    const rgb = parseColor('#00ffff');
    let seen: PrimitiveScales | null = null;
    let box = { x: 0, y: 0, w: 0, h: 0 };
    const remove = chart.addPrimitive({
      id: 'zone',
      paint(ctx, scales) {
        seen = scales;
        const i = scales.lastIndex - 5;
        const x = scales.indexToX(i);
        const y = scales.priceToY(scales.bars.close[i]);
        ctx.fillStyle = '#00ffff';
        ctx.fillRect(
          x - 10 * scales.pixelRatio,
          y - 10 * scales.pixelRatio,
          20 * scales.pixelRatio,
          20 * scales.pixelRatio,
        );
        box = {
          x: (x - scales.plot.left) / scales.pixelRatio,
          y: (y - scales.plot.top) / scales.pixelRatio,
          w: 20,
          h: 20,
        };
      },
      hitTest: (x, y) => Math.abs(x - box.x) <= 10 && Math.abs(y - box.y) <= 10,
    });
    await chart.whenPainted();
    expect(countPixels(canvas, rgb, 6)).to.be.greaterThan(300);
    expect(seen!.paneId).to.equal('price');
    expect(seen!.timeToX(seen!.bars.time[seen!.lastIndex])).to.equal(seen!.indexToX(seen!.lastIndex));
    expect(seen!.yToPrice(seen!.priceToY(123.5))).to.be.closeTo(123.5, 1e-6);

    const over = chart.shadowRoot!.querySelector<HTMLElement>('.pane[data-pane-id="price"] .u-over')!;
    const r = over.getBoundingClientRect();
    // Typed by the element's event map (KlineChartEventMap), no cast.
    const clicked = new Promise<KlinePrimitiveClickDetail>((resolve) =>
      chart.addEventListener('kline-primitive-click', (e) => resolve(e.detail), { once: true }),
    );
    const view = coreOf(chart).store.peek('view');
    const init = {
      bubbles: true,
      composed: true,
      button: 0,
      buttons: 1,
      pointerId: 4,
      clientX: r.left + box.x,
      clientY: r.top + box.y,
    };
    over.dispatchEvent(new PointerEvent('pointerdown', init));
    over.dispatchEvent(new PointerEvent('pointermove', { ...init, clientX: init.clientX + 80 }));
    over.dispatchEvent(new PointerEvent('pointerup', { ...init, buttons: 0, clientX: init.clientX + 80 }));
    expect((await clicked).id).to.equal('zone');
    expect(coreOf(chart).store.peek('view'), 'a claimed press does not pan').to.deep.equal(view);

    remove();
    await chart.whenPainted();
    expect(countPixels(paneCanvas(chart, 'price'), rgb, 6)).to.equal(0);
    expect(() => chart.addPrimitive({} as never)).to.throw(TypeError);
  });
});
