import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { waitFor } from '../helpers/chart-fixture.js';
import { openFrame, statusToast as toast, type FrameWindow as Win } from '../helpers/test-frame.js';

type Chart = HTMLElement & {
  context: { get(): { dataRange: { from: number; to: number } } | null };
  replay: { time: number } | null;
  whenPainted(): Promise<void>;
  startReplay(time: number): Promise<boolean>;
  stepReplay(n?: number): Promise<boolean>;
  stopReplay(): Promise<boolean>;
  saveImage(): Promise<boolean>;
  showShortcuts(): Promise<void>;
};

// What the element's rarely used actions do (bar replay, images, the shortcut list, the study settings, the
// search, the toolbar's arrow keys, …) is a chunk fetched right after the first paint (chunks/chart-actions-<hash>.js,
// components/kline-chart/chart-actions.ts). An action made before it arrives must be applied when it arrives, in
// the order made; when it cannot be fetched, the action says so (as its own chunk's failure would) and works
// once it can be fetched.

const CHUNK = '/dist/chunks/chart-actions-';

/** The script-tag page's chart, painted (its actions chunk blocked or held before the page loads). */
async function pageChart(): Promise<{ frame: HTMLIFrameElement; win: Win; chart: Chart }> {
  const { frame, win } = await openFrame('/test/pages/script-tag.html', 'width:1000px;height:560px;border:0');
  const chart = win.document.querySelector('kline-chart') as Chart;
  await waitFor(() => !!win.customElements.get('kline-chart') && chart.context?.get() != null, 'chart data', 20000);
  await chart.whenPainted();
  return { frame, win, chart };
}

const dialogOpen = (chart: Chart) => !!chart.shadowRoot!.querySelector('dialog.shortcuts[open]');
const periods = (chart: Chart) => [...chart.shadowRoot!.querySelectorAll<HTMLElement>('[part="period-button"]')];

/** ArrowRight pressed on the chart's first period button (focused first); whether its default was prevented. */
function arrowOnFirstPeriod(win: Win, chart: Chart): boolean {
  const first = periods(chart)[0];
  first.focus();
  const key = new win.KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, composed: true, cancelable: true });
  first.dispatchEvent(key);
  return key.defaultPrevented;
}

describe("the chart's actions chunk", function () {
  this.timeout(60000);

  afterEach(async () => {
    await executeServerCommand('block-requests', { pattern: null });
  });

  it('applies the actions made while it is on its way when it arrives, in the order made', async () => {
    await executeServerCommand('block-requests', { pattern: CHUNK, hold: true });
    const { frame, win, chart } = await pageChart();
    const { from, to } = chart.context.get()!.dataRange;
    const time = Math.round((from + to) / 2);
    // A replay started then stepped (a step before the start would find no replay and say false), the
    // shortcut list, and an arrow key in the toolbar, all before the chunk is here.
    const replayed = Promise.all([chart.startReplay(time), chart.stepReplay(2)]);
    const shortcuts = chart.showShortcuts();
    arrowOnFirstPeriod(win, chart);
    await new Promise((r) => setTimeout(r, 200));
    expect(chart.replay, 'no replay before the chunk').to.equal(null);
    expect(dialogOpen(chart), 'no dialog before the chunk').to.equal(false);

    await executeServerCommand('block-requests', { pattern: null }); // the held request goes through
    expect(await replayed, 'start, then step').to.deep.equal([true, true]);
    expect(chart.replay!.time).to.be.greaterThan(time);
    await shortcuts;
    await waitFor(() => dialogOpen(chart), 'the shortcut list open once the chunk arrived');
    // The arrow pressed meanwhile made the next period the toolbar's Tab stop (and focused it, before the
    // shortcut list, asked for before it but waiting for its own chunk, took focus).
    expect(
      periods(chart)
        .map((b) => b.tabIndex)
        .slice(0, 2),
    ).to.deep.equal([-1, 0]);
    chart.shadowRoot!.querySelector<HTMLElement>('[part="shortcuts-close"]')!.click();
    await waitFor(() => !dialogOpen(chart), 'the list closed');
    // From then on the toolbar's arrows are handled at once (the page does not scroll).
    expect(arrowOnFirstPeriod(win, chart), 'default prevented at once').to.equal(true);
    expect(chart.shadowRoot!.activeElement).to.equal(periods(chart)[1]);
    expect(await chart.stopReplay()).to.equal(true);
    frame.remove();
  });

  it('when it cannot be fetched, an action says so and resolves false; it works once the chunk can be fetched', async () => {
    await executeServerCommand('block-requests', { pattern: CHUNK });
    const { frame, win, chart } = await pageChart();
    const { from, to } = chart.context.get()!.dataRange;
    const time = Math.round((from + to) / 2);
    const rejected: unknown[] = [];
    const onRejection = (e: PromiseRejectionEvent) => rejected.push(e.reason);
    win.addEventListener('unhandledrejection', onRejection);
    try {
      expect(await chart.startReplay(time)).to.equal(false);
      expect(toast(chart)).to.match(/Bar replay could not be loaded/);
      expect(chart.replay).to.equal(null);
      expect(await chart.saveImage()).to.equal(false);
      expect(toast(chart)).to.match(/image could not be made/);
      await chart.showShortcuts();
      expect(toast(chart)).to.match(/could not be loaded/);
      expect(dialogOpen(chart)).to.equal(false);
      arrowOnFirstPeriod(win, chart);
      await new Promise((r) => setTimeout(r, 100));
      expect(chart.shadowRoot!.activeElement, 'an arrow moves nothing without the chunk').to.equal(periods(chart)[0]);
      expect(rejected, 'no unhandled rejection').to.deep.equal([]);
    } finally {
      win.removeEventListener('unhandledrejection', onRejection);
    }

    await executeServerCommand('block-requests', { pattern: null });
    expect(await chart.startReplay(time)).to.equal(true);
    expect(chart.replay).to.not.equal(null);
    expect(await chart.stopReplay()).to.equal(true);
    expect(arrowOnFirstPeriod(win, chart)).to.equal(true);
    expect(chart.shadowRoot!.activeElement).to.equal(periods(chart)[1]);
    frame.remove();
  });
});
