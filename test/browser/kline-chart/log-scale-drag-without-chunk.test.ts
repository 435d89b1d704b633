import { expect } from '@open-wc/testing';
import { executeServerCommand, resetMouse, sendMouse } from '@web/test-runner-commands';
import { waitFor } from '../helpers/chart-fixture.js';
import { frameChart, openChartFrame, statusToast as toast } from '../helpers/test-frame.js';

type Scales = { plot: { top: number; height: number }; yToPrice(y: number): number; priceToY(p: number): number };
type Chart = HTMLElement & {
  tools: { execute(name: string, input: unknown): Promise<{ success: boolean }> };
  whenPainted(): Promise<void>;
  addPrimitive(p: { paint(ctx: unknown, s: Scales): void }): () => void;
};

// A log price scale is drawn with the modes' chunk (chunks/pane-extras-<hash>.js); while it is not here the
// chart says so and draws a linear scale (scale-chunk.test.ts). A drag on the price axis then scales what is
// drawn: about the middle of the linear scale, not in log prices (which would move the middle price).

/** The price pane's scales at its next paint. */
async function scales(chart: Chart): Promise<Scales> {
  let s: Scales | null = null;
  const remove = chart.addPrimitive({ paint: (_ctx, at) => void (s = at) });
  await waitFor(() => s !== null, 'the price pane painted');
  remove();
  return s!;
}

/** Prices at the top and bottom of the price plot. */
async function span(chart: Chart): Promise<{ top: number; bottom: number }> {
  const s = await scales(chart);
  return { top: s.yToPrice(s.plot.top), bottom: s.yToPrice(s.plot.top + s.plot.height) };
}

describe('a log price scale whose chunk cannot be fetched', function () {
  this.timeout(60000);

  afterEach(async () => {
    await executeServerCommand('block-requests', { pattern: null });
    await resetMouse();
  });

  it('is drawn linear, and a drag on the price axis scales it as linear (about its middle price)', async () => {
    const { frame, win } = await openChartFrame('/test/pages/script-tag.html', 'width:960px;height:560px;border:0');
    const { chart } = await frameChart<Chart>(win, { indicators: '' });
    await executeServerCommand('block-requests', { pattern: '/dist/chunks/pane-extras-' });
    const set = await chart.tools.execute('settings_update', { values: { priceScale: 'log' } });
    expect(set.success, JSON.stringify(set)).to.equal(true);
    await waitFor(
      () => /price scale could not be loaded/.test(toast(chart)),
      `the notice (shows "${toast(chart)}")`,
      20000,
    );
    await chart.whenPainted();
    const s = await scales(chart);
    const [a, b, c] = [100, 150, 200].map((p) => s.priceToY(p));
    expect(Math.abs(b - (a + c) / 2), 'a linear scale drawn').to.be.lessThan(1e-6);

    const before = await span(chart);
    // A real mouse drag up the price axis, from the plot's middle (page px: the frame's offset added).
    const f = frame.getBoundingClientRect();
    const pane = chart.shadowRoot!.querySelector<HTMLElement>('.pane[data-pane-id="price"]')!;
    const plot = pane.querySelector('.u-over')!.getBoundingClientRect();
    const x = Math.round(f.left + (plot.right + pane.getBoundingClientRect().right) / 2);
    const mid = Math.round(f.top + plot.top + plot.height / 2);
    await sendMouse({ type: 'move', position: [x, mid] });
    await sendMouse({ type: 'down' });
    for (let i = 1; i <= 4; i++) await sendMouse({ type: 'move', position: [x, mid - 40 * i] });
    await sendMouse({ type: 'up' });
    await chart.whenPainted();
    const after = await span(chart);

    const height = before.top - before.bottom;
    expect(after.top - after.bottom, 'a stretched scale').to.be.lessThan(height * 0.8);
    expect((after.top + after.bottom) / 2, 'the middle price').to.be.closeTo(
      (before.top + before.bottom) / 2,
      height * 0.005,
    );
    frame.remove();
  });
});
