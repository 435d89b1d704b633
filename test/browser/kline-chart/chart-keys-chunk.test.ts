import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { waitFor } from '../helpers/chart-fixture.js';
import { frameChart, openChartFrame, statusToast as toast, type FrameWindow as Win } from '../helpers/test-frame.js';

type Chart = HTMLElement & { whenPainted(): Promise<void> };

// Which of the chart's own keys (`?`, Shift+F, Ctrl/⌘+Alt+S, Ctrl/⌘+Shift+S) a key press is
// (components/kline-chart/chart-keys.ts) is in the input chunk fetched after the first paint
// (chunks/input-parts-<hash>.js, input-parts.ts). A key pressed before it is here waits for it; when it
// cannot be fetched the chart says so in its language, and the next key fetches it again.

const dialogOpen = (chart: Chart) => !!chart.shadowRoot!.querySelector('dialog.shortcuts[open]');

/** `key` pressed with focus on `target` inside the chart (the chart itself by default). */
function press(win: Win, chart: Chart, key: string, target: HTMLElement = chart): KeyboardEvent {
  target.focus();
  const e = new win.KeyboardEvent('keydown', { key, bubbles: true, composed: true, cancelable: true });
  target.dispatchEvent(e);
  return e;
}

/** A zh-TW chart on the bundle's empty test page, its input chunk blocked (`hold`: held back) before it is made. */
async function mountBlocked(hold: boolean): Promise<{ frame: HTMLIFrameElement; win: Win; chart: Chart }> {
  const { frame, win } = await openChartFrame('/test/pages/script-tag-empty.html', 'width:960px;height:600px;border:0');
  await executeServerCommand('block-requests', { pattern: '/dist/chunks/input-parts-', hold });
  const { chart } = await frameChart<Chart>(win, { locale: 'zh-TW' });
  return { frame, win, chart };
}

/** The first shown words of this notice in English and Japanese (components/kline-chart/chart-strings.ts, locales/ja.ts). */
const INPUT_FAILED = { en: 'Panning and zooming', ja: 'チャートのスクロールとズーム' };

describe("the chart's own keys are in the input chunk", function () {
  this.timeout(60000);

  afterEach(async () => {
    await executeServerCommand('block-requests', { pattern: null });
  });

  it('cannot be fetched: `?` says so (zh-TW) and opens nothing; once it loads, `?` opens the shortcut list', async () => {
    const { frame, win, chart } = await mountBlocked(false);
    press(win, chart, '?');
    await waitFor(() => toast(chart).includes('快速鍵'), `a notice about the chart keys (shows "${toast(chart)}")`);
    expect(dialogOpen(chart)).to.equal(false);

    await executeServerCommand('block-requests', { pattern: null });
    press(win, chart, '?');
    await waitFor(() => dialogOpen(chart), 'the shortcut list open once the chunk loaded');
    frame.remove();
  });

  it('a `?` pressed while the chunk is on its way opens the list when it arrives; one typed in a text field does not', async () => {
    const { frame, win, chart } = await mountBlocked(true);
    press(win, chart, '?');
    await new Promise((r) => setTimeout(r, 100));
    expect(dialogOpen(chart), 'nothing before the chunk').to.equal(false);
    await executeServerCommand('block-requests', { pattern: null }); // the held request goes through
    await waitFor(() => dialogOpen(chart), 'the shortcut list open once the chunk arrived');
    expect(toast(chart)).to.equal('');

    // Close it; a `?` typed in a text field of the chart is text, not the shortcut list (chunk here or not).
    chart.shadowRoot!.querySelector<HTMLElement>('[part="shortcuts-close"]')!.click();
    await waitFor(() => !dialogOpen(chart), 'the list closed');
    const input = win.document.createElement('input');
    chart.shadowRoot!.querySelector('.main')!.append(input);
    press(win, chart, '?', input);
    await new Promise((r) => setTimeout(r, 200));
    expect(dialogOpen(chart), 'no list for a `?` typed in a text field').to.equal(false);
    frame.remove();
  });

  it("a notice shown before the chart's words arrive is said again in them when they do (ja)", async () => {
    const { frame, win } = await openChartFrame(
      '/test/pages/script-tag-empty.html',
      'width:960px;height:600px;border:0',
    );
    // The input chunk fails; the Japanese words are held back until after the notice is shown.
    await executeServerCommand('block-requests', {
      pattern: '/dist/chunks/input-parts-',
      holdPattern: '/dist/chunks/locale-ja-',
    });
    const { chart } = await frameChart<Chart>(win, { locale: 'ja' });
    press(win, chart, '?');
    await waitFor(
      () => toast(chart).includes(INPUT_FAILED.en),
      `the notice, in English meanwhile (shows "${toast(chart)}")`,
    );
    await executeServerCommand('block-requests', { pattern: null }); // the held words arrive
    await waitFor(
      () => toast(chart).includes(INPUT_FAILED.ja),
      `the same notice in Japanese (shows "${toast(chart)}")`,
    );
    frame.remove();
  });
});
