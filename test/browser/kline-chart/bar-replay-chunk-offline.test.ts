import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { waitFor } from '../helpers/chart-fixture.js';
import { frameChart, openChartFrame, statusToast as toast, type FrameWindow as Win } from '../helpers/test-frame.js';

type Range = { from: number; to: number; bars: number };
type Chart = HTMLElement & {
  context: { get(): { visibleRange: Range; replay?: unknown } | null };
  replay: unknown;
  whenPainted(): Promise<void>;
  startReplay(time: number): Promise<boolean>;
  updateComplete: Promise<boolean>;
};

// Bar replay is a chunk fetched on first use (chunks/bar-replay-controls-<hash>.js). When it cannot be
// fetched (offline, a CMS that did not copy the chunk), startReplay resolves false; the user must see why,
// in the chart's language, and the chart must keep working (pans, and replays once the chunk loads).

/** A chart on the script-tag test page with `locale`; resolves at its kline-ready. */
async function mount(locale: string): Promise<{ frame: HTMLIFrameElement; win: Win; chart: Chart }> {
  const { frame, win } = await openChartFrame('/test/pages/script-tag.html', 'width:960px;height:600px;border:0');
  const { chart } = await frameChart<Chart>(win, { locale });
  return { frame, win, chart };
}

/** Drags the price plot `dx` CSS px to the right, as a mouse does. */
function drag(win: Win, chart: Chart, dx: number): void {
  const over = chart.shadowRoot!.querySelector<HTMLElement>('.pane[data-pane-id="price"] .u-over')!;
  const box = over.getBoundingClientRect();
  const y = box.top + box.height / 2;
  const x0 = box.left + box.width * 0.5;
  const pointer = (type: string, x: number, buttons: number) =>
    over.dispatchEvent(
      new win.PointerEvent(type, {
        bubbles: true,
        composed: true,
        cancelable: true,
        button: 0,
        buttons,
        pointerId: 1,
        isPrimary: true,
        clientX: x,
        clientY: y,
      }),
    );
  pointer('pointerdown', x0, 1);
  for (let k = 1; k <= 5; k++) pointer('pointermove', x0 + (dx * k) / 5, 1);
  pointer('pointerup', x0 + dx, 0);
}

describe('a chart whose bar replay chunk cannot be fetched', function () {
  this.timeout(60000);

  afterEach(async () => {
    await executeServerCommand('block-requests', { pattern: null });
  });

  it('says so in its language (zh-CN), stays usable (pans) and replays once the chunk loads', async () => {
    const { frame, win, chart } = await mount('zh-CN');
    await executeServerCommand('block-requests', { pattern: '/dist/chunks/bar-replay-controls-' });
    const { visibleRange } = chart.context.get()!;
    const time = visibleRange.from + (visibleRange.to - visibleRange.from) / 2;

    expect(await chart.startReplay(time), 'startReplay resolves false').to.equal(false);
    await waitFor(() => toast(chart).includes('K 线回放'), `a notice about the replay (shows "${toast(chart)}")`);
    expect(toast(chart)).to.match(/无法加载/);
    expect(chart.replay).to.equal(null);
    expect(chart.context.get()!.replay).to.equal(undefined);

    // Still a chart: a drag pans it.
    const before = chart.context.get()!.visibleRange.from;
    drag(win, chart, 200);
    await waitFor(() => chart.context.get()!.visibleRange.from < before, 'the chart panned after the drag');

    await executeServerCommand('block-requests', { pattern: null });
    expect(await chart.startReplay(time), 'the replay works once the chunk loads').to.equal(true);
    expect(chart.context.get()!.replay).to.not.equal(undefined);
    frame.remove();
  });

  it("the toolbar's replay button says so too (ja) and stays unpressed; the chart still pans", async () => {
    const { frame, win, chart } = await mount('ja');
    await executeServerCommand('block-requests', { pattern: '/dist/chunks/bar-replay-controls-' });
    const root = chart.shadowRoot!;
    expect(toast(chart)).to.equal('');
    // The button, or the "More" menu's item when the row is short (Japanese labels are longer).
    await waitFor(
      () => !!root.querySelector('[part="replay-button"], [part="more-button"]'),
      `the replay button or the "More" menu (parts: ${[...root.querySelectorAll('[part]')].map((e) => e.getAttribute('part')).join(' ')})`,
    );
    const button = root.querySelector<HTMLButtonElement>('[part="replay-button"]');
    if (button) button.click();
    else {
      root.querySelector<HTMLElement>('[part="more-button"]')!.click();
      const item = () => root.querySelector<HTMLElement>('[part="more-menu"] [data-action="replay"]');
      await waitFor(() => item() !== null, 'the menu item');
      item()!.click();
    }
    await waitFor(() => toast(chart).includes('バーリプレイ'), `a notice about the replay (shows "${toast(chart)}")`);
    await chart.updateComplete;
    expect(root.querySelector('[part="replay-button"]')?.getAttribute('aria-pressed') ?? 'false').to.equal('false');
    expect(chart.replay).to.equal(null);
    const before = chart.context.get()!.visibleRange.from;
    drag(win, chart, 200);
    await waitFor(() => chart.context.get()!.visibleRange.from < before, 'the chart panned after the drag');
    frame.remove();
  });
});
