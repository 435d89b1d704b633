import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { html } from 'lit';
import '../../../components/kline-chart/define.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';
import { klineChartStyles } from '../../../components/kline-chart/kline-chart.styles.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { paneCount, paneTotal } from '../helpers/pane-pixels.js';
import { mount, unmountAll } from '../panel/panel-fixture.js';
import { phoneChartOnLongPage } from '../helpers/touch-chart.js';

type Point = [number, number];
type Step = { type: 'touchStart' | 'touchMove' | 'touchEnd'; points: Point[] };

/** Real touch input (Chromium DevTools protocol), in viewport CSS pixels. */
async function touch(steps: Step[]): Promise<void> {
  await executeServerCommand('touch', { steps });
}

/** One finger moved from `from` to `to` in `n` steps, still down at the end. */
function moves(from: Point, to: Point, n = 8): Step[] {
  return Array.from({ length: n }, (_, k) => ({
    type: 'touchMove' as const,
    points: [[from[0] + ((to[0] - from[0]) * (k + 1)) / n, from[1] + ((to[1] - from[1]) * (k + 1)) / n] as Point],
  }));
}

const TAG_BG: [number, number, number] = [255, 0, 255];

/**
 * A phone's crosshair (as on TradingView's mobile chart): a finger held still on the plot brings the
 * crosshair there, and while it stays down, moving it moves the crosshair (horizontal and vertical)
 * instead of panning the chart or scrolling the page.
 */
describe('long press on the plot', function () {
  this.timeout(60000);
  afterEach(() => unmountAll());

  it('shows the crosshair under the held finger, which then moves it without panning or scrolling', async () => {
    // The crosshair's price tag in a colour of its own, to see it.
    const { chart } = await phoneChartOnLongPage('--kline-crosshair-label-background:#ff00ff');
    const root = chart.shadowRoot!;
    const price = root.querySelector<HTMLElement>('.pane[data-pane-id="price"]')!;
    const o = price.querySelector<HTMLElement>('.u-over')!.getBoundingClientRect();
    const p = price.getBoundingClientRect();
    const axisX = o.right - p.left;
    /** Crosshair price tag pixels on the price axis at viewport y. */
    const tagAt = (y: number) =>
      paneCount(price, TAG_BG, { x: axisX + 1, y: y - p.top - 3, w: p.width - axisX - 2, h: 6 });
    const view = coreOf(chart).store.peek('view');
    const finger: Point = [o.left + o.width * 0.4, o.top + o.height * 0.5];
    expect(paneTotal(price, TAG_BG), 'no crosshair before the touch').to.equal(0);

    await touch([{ type: 'touchStart', points: [finger] }]);
    // Holding the finger still is the input itself: the crosshair comes after a moment (bounded).
    await waitFor(() => tagAt(finger[1]) > 50, 'the crosshair’s price tag at the held finger', 3000);

    // Dragged down first (a move the page would take for a scroll) and then sideways while held: the
    // crosshair follows, the chart and the page stay.
    const down: Point = [finger[0], finger[1] + 70];
    const right: Point = [down[0] + 80, down[1]];
    await touch([...moves(finger, down), ...moves(down, right)]);
    await waitFor(() => tagAt(down[1]) > 50, 'the price tag followed the finger down');
    expect(tagAt(finger[1]), 'not at the first y any more').to.equal(0);
    expect(coreOf(chart).store.peek('view'), 'the chart did not pan').to.deep.equal(view);
    expect(window.scrollY, 'the page did not scroll').to.equal(0);
    await touch([{ type: 'touchEnd', points: [] }]);

    // A quick horizontal drag afterwards still pans.
    const start: Point = [o.left + o.width * 0.3, o.top + o.height * 0.3];
    await touch([
      { type: 'touchStart', points: [start] },
      ...moves(start, [start[0] + 120, start[1]]),
      { type: 'touchEnd', points: [] },
    ]);
    await waitFor(() => coreOf(chart).store.peek('view')!.start < view!.start - 1, 'a drag pans');
  });

  it('lifted where it began, opens the chart menu there; its "Add alert at…" is a tap away', async () => {
    const { chart } = await phoneChartOnLongPage();
    const root = chart.shadowRoot!;
    const o = root.querySelector<HTMLElement>('.pane[data-pane-id="price"] .u-over')!.getBoundingClientRect();
    const finger: Point = [Math.round(o.left + o.width * 0.5), Math.round(o.top + o.height * 0.5)];
    const menu = () => root.querySelector<HTMLElement>('[part="context-menu"]');

    // A long press that moved (the crosshair dragged) opens no menu when lifted.
    await touch([{ type: 'touchStart', points: [finger] }]);
    await new Promise((r) => setTimeout(r, 700)); // holding still is the input (the chart's LONG_PRESS_MS is 450)
    await touch([...moves(finger, [finger[0] + 60, finger[1]]), { type: 'touchEnd', points: [] }]);
    await chart.updateComplete;

    // Held still and lifted in place: the menu, at the finger, with a price to alert at.
    await touch([{ type: 'touchStart', points: [finger] }]);
    await new Promise((r) => setTimeout(r, 700)); // the long press itself
    expect(menu(), 'no menu from the long press that moved, nor while held').to.equal(null);
    await touch([{ type: 'touchEnd', points: [] }]);
    await waitFor(() => !!menu()?.classList.contains('placed'), 'the menu after the long press');
    const add = menu()!.querySelector<HTMLElement>('[data-action="add-alert"]')!;
    expect(add, 'an "Add alert at…" item').to.not.equal(null);
    expect(add.textContent).to.match(/^Add alert at \d/);
    const b = add.getBoundingClientRect();
    expect(b.height, 'a finger-sized target').to.be.at.least(24);
    const box = chart.getBoundingClientRect();
    expect(b.left >= box.left && b.right <= box.right, 'inside the chart').to.equal(true);
    const tap: Point = [Math.round(b.left + b.width / 2), Math.round(b.top + b.height / 2)];
    expect(root.elementFromPoint(tap[0], tap[1]) === add, 'nothing covers it').to.equal(true);
    await touch([
      { type: 'touchStart', points: [tap] },
      { type: 'touchEnd', points: [] },
    ]);
    await waitFor(() => coreOf(chart).priceLines.current().length === 1, 'the alert line from the tap');
    const r = await chart.tools.execute('price_lines_list', {});
    const [line] = (r.data as { lines: { alert: string }[] }).lines;
    expect(line.alert).to.equal('cross');
    await waitFor(() => menu() === null, 'the menu closed');
  });

  it('brings up no iOS callout or text selection: the plot is not selectable and has no touch callout', async () => {
    const main = mount(
      html`<main><kline-chart style="width:390px;height:400px" indicators="VOL"></kline-chart></main>`,
    );
    const chart = main.querySelector<KlineChart>('kline-chart')!;
    await waitFor(() => chart.context.get() !== null, 'chart data');
    const style = getComputedStyle(chart.shadowRoot!.querySelector('[part="panes"]')!);
    expect(style.userSelect, 'user-select').to.equal('none');
    // Chromium drops -webkit-touch-callout (iOS Safari's property for the long-press callout) when it parses
    // the sheet, so its declaration is read from the chart's style text, which Safari parses.
    const text = klineChartStyles.map((c) => c.cssText).join('\n');
    expect(text, '-webkit-touch-callout').to.match(/\.panes\s*\{[^}]*-webkit-touch-callout:\s*none/);
  });
});
