import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { waitFor } from '../helpers/chart-fixture.js';
import {
  frameChart,
  loadedScripts,
  openChartFrame,
  statusToast as toast,
  type FrameWindow as Win,
} from '../helpers/test-frame.js';

type Chart = HTMLElement & {
  context: { get(): { visibleRange: { from: number } } | null };
  whenPainted(): Promise<void>;
};

// The keyboard crosshair (Left/Right on the focused plot) is in the drawing layer's chunk
// (components/kline-chart/key-crosshair.ts, chunks/drawing-layer-parts-<hash>.js), which a full toolbar's
// first render loads. A chart without a toolbar loads it on the first key that needs it and answers the
// key then; a chunk that cannot be fetched is said in the chart's language, and the chart keeps working.

const PARTS = /^chunks\/drawing-layer-parts-/;

/** A chart without a toolbar on a test page with the bundle and no chart of its own; painted. */
async function mount(locale: string): Promise<{ frame: HTMLIFrameElement; win: Win; chart: Chart }> {
  const { frame, win } = await openChartFrame('/test/pages/script-tag-empty.html', 'width:960px;height:600px;border:0');
  const { chart } = await frameChart<Chart>(win, { toolbar: 'none', locale });
  return { frame, win, chart };
}

function key(win: Win, chart: Chart, k: string, shiftKey = false): void {
  chart.focus();
  chart.dispatchEvent(new win.KeyboardEvent('keydown', { key: k, shiftKey, bubbles: true, composed: true }));
}

const live = (chart: Chart) => chart.shadowRoot!.querySelector('[part="live"]')?.textContent?.trim() ?? '';
describe('the keyboard crosshair of a chart without a toolbar', function () {
  this.timeout(60000);

  afterEach(async () => {
    await executeServerCommand('block-requests', { pattern: null });
  });

  it('loads with the first Left and announces the bar', async () => {
    const { frame, win, chart } = await mount('en');
    expect(
      loadedScripts(win).filter((p) => PARTS.test(p)),
      'the drawing parts before a key',
    ).to.deep.equal([]);
    expect(live(chart)).to.equal('');
    key(win, chart, 'ArrowLeft');
    await waitFor(() => /Close \d/.test(live(chart)), `the bar announced (live region: "${live(chart)}")`);
    expect(loadedScripts(win).filter((p) => PARTS.test(p)).length).to.equal(1);
    frame.remove();
  });

  it('whose chunk cannot be fetched says so (ja), still pans, and works once the chunk loads', async () => {
    // Blocked before the chart is made: nothing can have fetched the chunk before the key.
    await executeServerCommand('block-requests', { pattern: '/dist/chunks/drawing-layer-parts-' });
    const { frame, win, chart } = await mount('ja');
    key(win, chart, 'ArrowLeft');
    await waitFor(() => toast(chart).includes('十字線'), `a notice about the crosshair (shows "${toast(chart)}")`);
    expect(live(chart)).to.equal('');

    const before = chart.context.get()!.visibleRange.from;
    key(win, chart, 'ArrowLeft', true);
    await waitFor(() => chart.context.get()!.visibleRange.from < before, 'Shift+Left panned');

    await executeServerCommand('block-requests', { pattern: null });
    key(win, chart, 'ArrowLeft');
    await waitFor(() => live(chart) !== '', 'the bar announced once the chunk loads');
    frame.remove();
  });
});
