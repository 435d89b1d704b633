import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { html } from 'lit';
import '../../../components/kline-chart/define.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { inputReady, waitFor } from '../helpers/chart-fixture.js';
import { mount, unmountAll } from '../panel/panel-fixture.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';

type Point = [number, number];
interface Step {
  type: 'touchStart' | 'touchMove' | 'touchEnd';
  points: Point[];
}

/** Real touch input (Chromium DevTools protocol), in viewport CSS pixels. */
async function touch(steps: Step[]): Promise<void> {
  await executeServerCommand('touch', { steps });
}

/** A gesture from `from` to `to` (one entry per finger) in `n` moves. */
function gesture(from: Point[], to: Point[], n = 8): Step[] {
  const steps: Step[] = [{ type: 'touchStart', points: from }];
  for (let k = 1; k <= n; k++)
    steps.push({
      type: 'touchMove',
      points: from.map((f, i) => [f[0] + ((to[i][0] - f[0]) * k) / n, f[1] + ((to[i][1] - f[1]) * k) / n]),
    });
  steps.push({ type: 'touchEnd', points: [] });
  return steps;
}

async function touchChart(attrs = ''): Promise<{ chart: KlineChart; plot: DOMRect }> {
  const main = mount(
    html`<main><kline-chart style="width:800px;height:400px" indicators="" wheel=${attrs || 'zoom'}></kline-chart><div style="height:2000px"></div></main>`,
  );
  const chart = main.querySelector('kline-chart')!;
  await waitFor(() => chart.context.get() !== null, 'chart data');
  await chart.whenPainted();
  await inputReady(); // the plot's keys, touch gestures and separator drags (a chunk)
  window.scrollTo(0, 0);
  const plot = chart.shadowRoot!.querySelector('.panes')!.getBoundingClientRect();
  return { chart, plot };
}

describe('touch and wheel on the plot', () => {
  afterEach(() => unmountAll());

  it('a two-finger pinch zooms around the fingers\u2019 centre; a horizontal drag pans', async () => {
    const { chart, plot } = await touchChart();
    const core = coreOf(chart);
    expect(getComputedStyle(chart.shadowRoot!.querySelector('.panes')!).touchAction).to.equal('pan-y');
    const before = core.store.peek('view')!;
    const span0 = before.end - before.start;
    const y = plot.top + plot.height / 2;
    const cx = plot.left + 300;
    const plotWidth = coreOf(chart).store.peek('view')
      ? (chart.shadowRoot!.querySelector('.pane .u-over') as HTMLElement).getBoundingClientRect().width
      : 0;
    const overLeft = (chart.shadowRoot!.querySelector('.pane .u-over') as HTMLElement).getBoundingClientRect().left;
    const barAt = (view: { start: number; end: number }, x: number) =>
      view.start + ((x - overLeft) / plotWidth) * (view.end - view.start);
    const anchorBefore = barAt(before, cx);
    // Fingers spread from 80 px apart to 240 px apart around the same centre: about 3× fewer bars.
    await touch(
      gesture(
        [
          [cx - 40, y],
          [cx + 40, y],
        ],
        [
          [cx - 120, y],
          [cx + 120, y],
        ],
      ),
    );
    await waitFor(() => core.store.peek('view')!.end - core.store.peek('view')!.start < span0 * 0.6, 'pinch zoomed in');
    const zoomed = core.store.peek('view')!;
    expect(zoomed.end - zoomed.start).to.be.closeTo(span0 / 3, span0 * 0.1);
    expect(barAt(zoomed, cx)).to.be.closeTo(anchorBefore, 1.5, 'the bar under the fingers stays under them');

    // One finger dragged 200 px to the right: the chart shows earlier bars.
    await touch(gesture([[cx, y]], [[cx + 200, y]]));
    await waitFor(() => core.store.peek('view')!.start < zoomed.start - 1, 'horizontal drag panned');
    const panned = core.store.peek('view')!;
    expect(panned.end - panned.start).to.be.closeTo(zoomed.end - zoomed.start, 1e-6);
  });

  it('a vertical swipe over the plot scrolls the page and leaves the chart alone', async () => {
    const { chart, plot } = await touchChart();
    const view = coreOf(chart).store.peek('view');
    const x = plot.left + 300;
    await touch(gesture([[x, plot.top + 300]], [[x, plot.top + 60]], 12));
    await waitFor(() => window.scrollY > 50, 'page scrolled');
    expect(coreOf(chart).store.peek('view')).to.deep.equal(view);
  });

  it('wheel="ctrl" lets the page scroll under a plain wheel and zooms with Ctrl; wheel="off" never zooms', async () => {
    const { chart, plot } = await touchChart('ctrl');
    const core = coreOf(chart);
    const panes = chart.shadowRoot!.querySelector('.panes')!;
    const view = core.store.peek('view')!;
    const at = {
      clientX: plot.left + 200,
      clientY: plot.top + 100,
      deltaY: -200,
      bubbles: true,
      cancelable: true,
      composed: true,
    };
    const plain = new WheelEvent('wheel', at);
    panes.dispatchEvent(plain);
    expect(plain.defaultPrevented).to.equal(false, 'a plain wheel is left to the page');
    expect(core.store.peek('view')).to.deep.equal(view);
    const ctrl = new WheelEvent('wheel', { ...at, ctrlKey: true });
    panes.dispatchEvent(ctrl);
    expect(ctrl.defaultPrevented).to.equal(true);
    expect(core.store.peek('view')!.end - core.store.peek('view')!.start).to.be.lessThan(view.end - view.start);
    chart.setAttribute('wheel', 'off');
    await chart.updateComplete;
    const zoomed = core.store.peek('view');
    const off = new WheelEvent('wheel', { ...at, ctrlKey: true });
    panes.dispatchEvent(off);
    expect(off.defaultPrevented).to.equal(false);
    expect(core.store.peek('view')).to.deep.equal(zoomed);
  });
});
