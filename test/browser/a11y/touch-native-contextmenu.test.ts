import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import '../../../components/kline-chart/define.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';
import { phoneChartOnLongPage } from '../helpers/touch-chart.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { menu } from '../helpers/context-menu.js';
import { paneTotal } from '../helpers/pane-pixels.js';
import type { Point } from '../helpers/touch-chart.js';
import { unmountAll } from '../panel/panel-fixture.js';

/** Chrome's InputDeviceCapabilities (not in TypeScript's DOM library). */
declare const InputDeviceCapabilities: new (init: { firesTouchEvents: boolean }) => object;

type Step = { type: 'touchStart' | 'touchMove' | 'touchEnd' | 'touchCancel'; points: Point[] };

/** Real touch input (Chromium DevTools protocol): touchstart/pointerdown … touchcancel/pointercancel. */
async function touch(steps: Step[]): Promise<void> {
  await executeServerCommand('touch', { steps });
}

const TAG_BG: [number, number, number] = [255, 0, 255];

/**
 * What Android Chrome fires for a long press itself, before the finger lifts: `contextmenu` at the finger
 * (a PointerEvent with pointerType 'touch'; older versions a MouseEvent whose sourceCapabilities fires touch
 * events). Headless desktop Chromium has no long-press menu, so the test dispatches it where Android would.
 */
function androidContextMenu(at: Point, kind: 'pointer' | 'mouse'): MouseEvent {
  const init = { bubbles: true, composed: true, cancelable: true, clientX: at[0], clientY: at[1], button: 0 };
  const event =
    kind === 'pointer'
      ? new PointerEvent('contextmenu', { ...init, pointerType: 'touch', pointerId: 2, isPrimary: true })
      : new MouseEvent('contextmenu', {
          ...init,
          sourceCapabilities: new InputDeviceCapabilities({ firesTouchEvents: true }),
        } as MouseEventInit);
  let target: Element = document.elementFromPoint(...at)!;
  while (target.shadowRoot?.elementFromPoint(...at) && target.shadowRoot.elementFromPoint(...at) !== target)
    target = target.shadowRoot.elementFromPoint(...at)!;
  target.dispatchEvent(event);
  return event;
}

/** Whether the open menu has a corner at the point (it flips left/up near the chart's edges). */
function cornerAt(el: HTMLElement, at: Point): boolean {
  const r = el.getBoundingClientRect();
  const near = (a: number, b: number) => Math.abs(a - b) <= 2;
  return (near(r.left, at[0]) || near(r.right, at[0])) && (near(r.top, at[1]) || near(r.bottom, at[1]));
}

/**
 * Android's own long press: Chrome fires `contextmenu` while the finger is still down and may then cancel
 * the touch (`pointercancel`, `touchcancel`). The chart's menu opens once, at the finger, instead of the
 * browser's; the cancel neither closes it nor leaves a crosshair, and lifting the finger opens no second one.
 */
describe('Android long press (native contextmenu during a touch)', function () {
  this.timeout(60000);
  afterEach(() => unmountAll());

  async function setUp() {
    // The crosshair's price tag in a colour of its own, to see it.
    const { chart } = await phoneChartOnLongPage('--kline-crosshair-label-background:#ff00ff');
    const root = chart.shadowRoot!;
    const price = root.querySelector<HTMLElement>('.pane[data-pane-id="price"]')!;
    const o = price.querySelector<HTMLElement>('.u-over')!.getBoundingClientRect();
    const finger: Point = [Math.round(o.left + o.width * 0.5), Math.round(o.top + o.height * 0.5)];
    return { chart, price, finger, view: coreOf(chart).store.peek('view') };
  }

  const menus = (chart: KlineChart) => chart.shadowRoot!.querySelectorAll('[part="context-menu"]').length;

  for (const kind of ['pointer', 'mouse'] as const) {
    it(`contextmenu (${kind} event) right after the press, then pointercancel: one menu at the finger, no crosshair`, async () => {
      const { chart, price, finger, view } = await setUp();
      await touch([{ type: 'touchStart', points: [finger] }]);
      const event = androidContextMenu(finger, kind);
      expect(event.defaultPrevented, 'not the browser’s menu').to.equal(true);
      await waitFor(() => !!menu(chart)?.classList.contains('placed'), 'the chart’s menu');
      expect(cornerAt(menu(chart)!, finger), 'at the finger').to.equal(true);
      await touch([{ type: 'touchCancel', points: [] }]);
      // Past the chart's long-press time (450 ms): a crosshair would have started by now.
      await new Promise((r) => setTimeout(r, 700));
      await chart.whenPainted();
      expect(menus(chart), 'one menu, still open').to.equal(1);
      expect(cornerAt(menu(chart)!, finger), 'where it opened').to.equal(true);
      expect(paneTotal(price, TAG_BG), 'no crosshair').to.equal(0);
      expect(coreOf(chart).store.peek('view'), 'the chart did not pan').to.deep.equal(view);
    });
  }

  for (const kind of ['pointer', 'mouse'] as const) {
    it(`contextmenu (${kind} event) after the chart’s own long press began, then the finger lifts in place: still one menu`, async () => {
      const { chart, price, finger } = await setUp();
      let placed = 0;
      const watch = new MutationObserver((records) => {
        for (const r of records)
          if (
            r.target instanceof HTMLElement &&
            r.target.part.contains('context-menu') &&
            r.target.classList.contains('placed')
          )
            placed++;
      });
      watch.observe(chart.shadowRoot!, {
        subtree: true,
        attributes: true,
        attributeFilter: ['class'],
        childList: true,
      });
      await touch([{ type: 'touchStart', points: [finger] }]);
      // The chart's long press (450 ms) starts the crosshair before Android's (about 500 ms) fires contextmenu.
      await waitFor(() => paneTotal(price, TAG_BG) > 50, 'the long-press crosshair', 3000);
      const event = androidContextMenu(finger, kind);
      expect(event.defaultPrevented, 'not the browser’s menu').to.equal(true);
      await waitFor(() => !!menu(chart)?.classList.contains('placed'), 'the chart’s menu while the finger is down');
      expect(cornerAt(menu(chart)!, finger), 'at the finger').to.equal(true);
      await touch([{ type: 'touchEnd', points: [] }]);
      await chart.updateComplete;
      await chart.whenPainted();
      watch.disconnect();
      expect(menus(chart), 'one menu, still open').to.equal(1);
      expect(placed, 'placed once: the lift did not open it again').to.equal(1);
    });
  }
});
