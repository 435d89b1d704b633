import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { pollUntil, waitFor } from '../helpers/wait-for.js';
import { frameChart, openChartFrame } from '../helpers/test-frame.js';
import { fingerDrag } from '../helpers/finger-drag.js';

type Chart = HTMLElement & {
  whenPainted(): Promise<void>;
  addPrimitive(p: {
    paint(ctx: unknown, s: { plot: { top: number; height: number }; yToPrice(y: number): number }): void;
  }): () => void;
};

/** The prices at the top and bottom of the price plot at its next paint (the chart's own primitive API). */
async function priceSpan(chart: Chart): Promise<number> {
  let span: number | null = null;
  const remove = chart.addPrimitive({
    paint: (_ctx, s) => void (span = s.yToPrice(s.plot.top) - s.yToPrice(s.plot.top + s.plot.height)),
  });
  await waitFor(() => span !== null, 'the price pane painted');
  remove();
  return span!;
}

// The price axis's drag is in the input chunk (price-axis-drag.ts, fetched after the first paint); a press
// on the axis before it arrives is claimed at once (price-scale-drag.ts) and handled when it does. A finger's
// press must keep the page from taking its vertical swipe meanwhile (the panes are `touch-action: pan-y`),
// or the page scrolls under the finger and the browser cancels the press.
describe('a finger on the price axis before the input chunk arrives', function () {
  this.timeout(60000);

  afterEach(() => executeServerCommand('block-requests', { pattern: null }));

  it('does not scroll the page, and stretches the scale once the chunk is here', async () => {
    const { frame, win } = await openChartFrame(
      '/test/pages/script-tag-empty.html',
      'width:390px;height:500px;border:0',
    );
    await executeServerCommand('block-requests', { pattern: '/dist/chunks/input-parts-', hold: true });
    const { chart } = await frameChart<Chart>(
      win,
      { indicators: 'VOL' },
      { style: 'display:block;width:390px;height:420px' },
    );
    const tall = win.document.createElement('div');
    tall.style.height = '2000px';
    win.document.body.appendChild(tall);
    win.scrollTo(0, 0);
    const before = await priceSpan(chart);
    const box = frame.getBoundingClientRect();
    const pane = chart.shadowRoot!.querySelector('.pane[data-pane-id="price"]')!;
    const plot = pane.querySelector('.u-over')!.getBoundingClientRect();
    const axisX = box.left + Math.round((plot.right + pane.getBoundingClientRect().right) / 2);
    const mid = box.top + Math.round(plot.top + plot.height / 2);
    let cancelled = false;
    chart.shadowRoot!.querySelector('.panes')!.addEventListener('pointercancel', () => (cancelled = true));
    // Up: the page would scroll down under it.
    await fingerDrag([axisX, mid + 60], [axisX, mid - 60]);
    expect(cancelled, 'the browser kept the press (no pointercancel)').to.equal(false);
    expect(win.scrollY, 'the page stayed under the finger').to.equal(0);

    await executeServerCommand('block-requests', { pattern: null }); // the held request goes through
    await pollUntil(async () => (await priceSpan(chart)) < before * 0.67, 'the scale stretched once the chunk arrived');
    expect(win.scrollY, 'the page stayed').to.equal(0);
    frame.remove();
  });
});
