import { expect } from '@open-wc/testing';
import { executeServerCommand, resetMouse } from '@web/test-runner-commands';
import { waitFor } from '../helpers/chart-fixture.js';
import { pollUntil } from '../helpers/wait-for.js';
import { drag } from '../helpers/price-axis-drag.js';
import {
  frameChart,
  openChartFrame,
  pointerAt,
  statusToast as toast,
  type FrameWindow as Win,
} from '../helpers/test-frame.js';

type Range = { from: number; to: number };
type Chart = HTMLElement & {
  context: { get(): { visibleRange: Range } | null };
  whenPainted(): Promise<void>;
  addPrimitive(p: {
    paint(ctx: unknown, s: { plot: { top: number; height: number }; yToPrice(y: number): number }): void;
  }): () => void;
};
type Point = [number, number];

// The touch gestures (pinch, long press: components/kline-chart/pan-zoom-touch.ts), the pane separators'
// drag (pane-separator-drag.ts), the price axis's drag (price-axis-drag.ts) and the plot's keys
// (pan-zoom-keys.ts) and what a press, drag or wheel on the plot does (pan-zoom-input.ts) are a chunk fetched after the first
// paint (chunks/input-parts-<hash>.js); `whenPainted` does not wait for it. Until it is here a press, drag,
// wheel or key is claimed where it must be and handled when it arrives; when it cannot be fetched, a touch,
// press, wheel or key says why, in the chart's language, and fetches it again.

/** Real touch input (Chromium DevTools protocol) from `from` to `to` (one point per finger), viewport px. */
async function gesture(from: Point[], to: Point[], n = 8): Promise<void> {
  const steps = [{ type: 'touchStart', points: from }];
  for (let k = 1; k <= n; k++)
    steps.push({
      type: 'touchMove',
      points: from.map((f, i) => [f[0] + ((to[i][0] - f[0]) * k) / n, f[1] + ((to[i][1] - f[1]) * k) / n]),
    });
  steps.push({ type: 'touchEnd', points: [] });
  await executeServerCommand('touch', { steps });
}

/** The prices at the top and bottom of the price plot at its next paint (the chart's own primitive API). */
async function priceSpan(chart: Chart): Promise<{ top: number; bottom: number }> {
  let span: { top: number; bottom: number } | null = null;
  const remove = chart.addPrimitive({
    paint: (_ctx, s) => void (span = { top: s.yToPrice(s.plot.top), bottom: s.yToPrice(s.plot.top + s.plot.height) }),
  });
  await waitFor(() => span !== null, 'the price pane painted');
  remove();
  return span!;
}

/** A mouse drag of `el` by `dy` CSS px (synthetic pointer events of `win`). */
function dragBy(win: Window & typeof globalThis, el: Element, dy: number): void {
  const at = pointerAt(win, el, 7);
  const y0 = el.getBoundingClientRect().top + 3;
  at('pointerdown', y0);
  at('pointermove', y0 + dy / 2);
  at('pointermove', y0 + dy);
  at('pointerup', y0 + dy);
}

/**
 * A zh-TW chart on the bundle's empty test page with the input chunk blocked before it is made;
 * `indicators` sets the attribute (left out: the default studies). Resolves once it is painted.
 */
async function mountBlocked(
  indicators?: string,
  hold = false,
): Promise<{ frame: HTMLIFrameElement; win: Win; chart: Chart }> {
  const { frame, win } = await openChartFrame('/test/pages/script-tag-empty.html', 'width:960px;height:600px;border:0');
  // `hold`: the chunk's request waits (a slow network) until the next block-requests call.
  await executeServerCommand('block-requests', { pattern: '/dist/chunks/input-parts-', hold });
  const { chart } = await frameChart<Chart>(win, {
    locale: 'zh-TW',
    ...(indicators === undefined ? {} : { indicators }),
  });
  return { frame, win, chart };
}

describe('the touch gestures, pane separators and plot keys are a chunk fetched after the first paint', function () {
  this.timeout(60000);

  afterEach(async () => {
    await executeServerCommand('block-requests', { pattern: null });
    await resetMouse();
  });

  it('cannot be fetched: a finger does not pan, a touch or wheel says so once (zh-TW); once it loads, a finger pans and two fingers pinch', async () => {
    const { frame, win, chart } = await mountBlocked('');
    const box = frame.getBoundingClientRect();
    const plot = chart.shadowRoot!.querySelector('.panes')!.getBoundingClientRect();
    const y = box.top + plot.top + plot.height / 2;
    const x = box.left + plot.left + 300;
    const range = () => chart.context.get()!.visibleRange;

    const before = range();
    await gesture([[x, y]], [[x + 150, y]]);
    await waitFor(() => toast(chart).includes('雙指縮放'), `a notice about pinching (shows "${toast(chart)}")`);
    await chart.whenPainted();
    expect(range(), 'no pan without the chunk').to.deep.equal(before);

    // Said once: a wheel after it is still the chart's (no page scroll), fetches again, and says nothing more.
    (chart as unknown as { _toast: string })._toast = '';
    const wheel = new win.WheelEvent('wheel', {
      deltaY: -300,
      clientX: plot.left + 300,
      clientY: plot.top + plot.height / 2,
      bubbles: true,
      composed: true,
      cancelable: true,
    });
    chart.shadowRoot!.querySelector('.pane[data-pane-id="price"] .u-over')!.dispatchEvent(wheel);
    expect(wheel.defaultPrevented, "the wheel is the chart's at once").to.equal(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(toast(chart), 'no second notice').to.equal('');
    expect(range(), 'no zoom without the chunk').to.deep.equal(before);

    await executeServerCommand('block-requests', { pattern: null });
    await gesture([[x, y]], [[x + 150, y]]); // fetches it, and pans once it is here
    await waitFor(() => range().from < before.from, 'a finger panned once the chunk loaded');
    const { from, to } = range();
    const zoomedIn = () => range().to - range().from < (to - from) * 0.8;
    // The fetch is not awaited by anything public: spread two fingers until the pinch is there.
    for (let i = 0; i < 20 && !zoomedIn(); i++) {
      await gesture(
        [
          [x - 40, y],
          [x + 40, y],
        ],
        [
          [x - 160, y],
          [x + 160, y],
        ],
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(zoomedIn(), 'two fingers spread apart zoomed in').to.equal(true);
    expect(range().to - range().from).to.be.greaterThan(0);
    frame.remove();
  });

  it("on its way: a mouse drag and a wheel before it arrives are the chart's at once, and pan and zoom when it does", async () => {
    const { frame, win, chart } = await mountBlocked('', true); // resolves although the chunk is held
    const over = chart.shadowRoot!.querySelector('.pane[data-pane-id="price"] .u-over')!;
    const r = over.getBoundingClientRect();
    const range = () => chart.context.get()!.visibleRange;
    const before = range();
    const send = (e: Event) => {
      over.dispatchEvent(e);
      return e.defaultPrevented;
    };
    const pointer = (type: string, dx: number) =>
      new win.PointerEvent(type, {
        bubbles: true,
        composed: true,
        cancelable: true,
        pointerId: 9,
        pointerType: 'mouse',
        button: 0,
        clientX: r.left + 200 + dx,
        clientY: r.top + r.height / 2,
      });
    send(pointer('pointerdown', 0));
    send(pointer('pointermove', 60));
    send(pointer('pointermove', 120));
    send(pointer('pointerup', 120));
    const zoom = new win.WheelEvent('wheel', {
      deltaY: -300,
      clientX: r.left + r.width / 2,
      clientY: r.top + r.height / 2,
      bubbles: true,
      composed: true,
      cancelable: true,
    });
    expect(send(zoom), "the wheel is the chart's at once (no page scroll)").to.equal(true);
    await chart.whenPainted();
    expect(range(), 'nothing moves before the chunk').to.deep.equal(before);

    await executeServerCommand('block-requests', { pattern: null }); // the held request goes through
    const span = (v: Range) => v.to - v.from;
    await waitFor(() => span(range()) < span(before) * 0.8, `zoomed in once it arrived (${span(range())})`);
    expect(range().to, 'panned to older bars first').to.be.lessThan(before.to);
    expect(toast(chart), 'no failure notice').to.equal('');
    frame.remove();
  });

  it("cannot be fetched: a separator's drag says so (zh-TW) and neither resizes nor pans; once it loads, it resizes", async () => {
    const { frame, win, chart } = await mountBlocked('VOL');
    const root = chart.shadowRoot!;
    const separator = () => root.querySelector('.pane-separators [role="separator"]')!;
    const height = () => root.querySelector('.pane[data-pane-id="price"]')!.getBoundingClientRect().height;
    const h0 = height();
    const from = chart.context.get()!.visibleRange.from;

    dragBy(win, separator(), 40);
    await waitFor(() => toast(chart).includes('窗格'), `a notice about pane resizing (shows "${toast(chart)}")`);
    await chart.whenPainted();
    expect(height(), 'no resize without the chunk').to.equal(h0);
    expect(chart.context.get()!.visibleRange.from, 'nor a pan').to.equal(from);

    await executeServerCommand('block-requests', { pattern: null });
    dragBy(win, separator(), 40);
    await waitFor(() => Math.abs(height() - (h0 + 40)) < 3, `the price pane 40 px taller (${height()} from ${h0})`);
    expect(chart.context.get()!.visibleRange.from, 'no pan').to.equal(from);
    frame.remove();
  });

  it('on its way: the page is painted, and a separator dragged meanwhile previews where the pointer is once it arrives', async () => {
    const { frame, win, chart } = await mountBlocked('VOL', true); // resolves although the chunk is held
    const root = chart.shadowRoot!;
    const separator = root.querySelector('.pane-separators [role="separator"]')!;
    const height = () => root.querySelector('.pane[data-pane-id="price"]')!.getBoundingClientRect().height;
    const h0 = height();
    const r = separator.getBoundingClientRect();
    const at = pointerAt(win, separator, 8);
    at('pointerdown', r.top + 3);
    at('pointermove', r.top + 23);
    at('pointermove', r.top + 43);
    await chart.whenPainted();
    expect(height(), 'nothing moves before the chunk').to.equal(h0);

    await executeServerCommand('block-requests', { pattern: null }); // the held request goes through
    await waitFor(() => Math.abs(height() - (h0 + 40)) < 3, `a live preview 40 px taller (${height()} from ${h0})`);
    at('pointerup', r.top + 43);
    await chart.whenPainted();
    expect(height()).to.be.closeTo(h0 + 40, 3);
    expect(toast(chart), 'no failure notice').to.equal('');
    frame.remove();
  });

  it("cannot be fetched: the plot's keys are claimed and say so (zh-TW); once it loads, Shift+Left pans", async () => {
    const { frame, win, chart } = await mountBlocked();
    const shiftLeft = () => {
      chart.focus();
      const e = new win.KeyboardEvent('keydown', {
        key: 'ArrowLeft',
        shiftKey: true,
        bubbles: true,
        composed: true,
        cancelable: true,
      });
      chart.dispatchEvent(e);
      return e.defaultPrevented;
    };
    const from = chart.context.get()!.visibleRange.from;

    expect(shiftLeft(), "the key is the chart's at once (no page scroll)").to.equal(true);
    await waitFor(() => toast(chart).includes('快速鍵'), `a notice about the keys (shows "${toast(chart)}")`);
    expect(chart.context.get()!.visibleRange.from, 'no pan without the chunk').to.equal(from);

    await executeServerCommand('block-requests', { pattern: null });
    expect(shiftLeft()).to.equal(true);
    await waitFor(() => chart.context.get()!.visibleRange.from < from, 'Shift+Left panned once the chunk loaded');
    frame.remove();
  });

  it('cannot be fetched: a drag on the price axis says so (zh-TW) and neither scales nor pans; a press before it is in scales once it arrives', async () => {
    const { frame, win, chart } = await mountBlocked('');
    const box = frame.getBoundingClientRect();
    const pane = chart.shadowRoot!.querySelector('.pane[data-pane-id="price"]')!;
    const plot = pane.querySelector('.u-over')!.getBoundingClientRect();
    // The middle of the price axis strip, in the frame's and in the page's px.
    const ax = (plot.right + pane.getBoundingClientRect().right) / 2;
    const ay = plot.top + plot.height / 2;
    const at: [number, number] = [Math.round(box.left + ax), Math.round(box.top + ay)];
    const before = await priceSpan(chart);
    const from = chart.context.get()!.visibleRange.from;

    await drag(at, [at[0], at[1] - 80]);
    await waitFor(() => toast(chart).includes('價格軸'), `a notice about the price axis (shows "${toast(chart)}")`);
    await chart.whenPainted();
    expect(await priceSpan(chart), 'the scale as it was').to.deep.equal(before);
    expect(chart.context.get()!.visibleRange.from, 'no pan').to.equal(from);

    // Let through: a whole drag up, pressed, moved and lifted before the chunk is in (one task), is the
    // axis's at once and stretches the scale when the chunk arrives.
    await executeServerCommand('block-requests', { pattern: null });
    const send = (type: string, dy: number) => {
      const e = new win.PointerEvent(type, {
        bubbles: true,
        composed: true,
        cancelable: true,
        pointerId: 1,
        pointerType: 'mouse',
        button: 0,
        clientX: ax,
        clientY: ay + dy,
      });
      pane.dispatchEvent(e);
      return e.defaultPrevented;
    };
    expect(send('pointerdown', 0), "the press is the axis's at once").to.equal(true);
    send('pointermove', -40);
    send('pointermove', -80);
    send('pointerup', -80);
    const span = (s: { top: number; bottom: number }) => s.top - s.bottom;
    await pollUntil(
      async () => span(await priceSpan(chart)) < span(before) * 0.8,
      'the price span narrowed once the chunk loaded',
    );
    expect(chart.context.get()!.visibleRange.from, 'still no pan').to.equal(from);
    frame.remove();
  });
});
