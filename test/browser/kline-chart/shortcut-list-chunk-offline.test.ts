import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { waitFor } from '../helpers/chart-fixture.js';
import { frameChart, openChartFrame, statusToast as toast, type FrameWindow as Win } from '../helpers/test-frame.js';

type Chart = HTMLElement & { whenPainted(): Promise<void>; updateComplete: Promise<boolean> };

// The keyboard shortcut list is a chunk fetched when it is first opened (chunks/shortcut-dialog-<hash>.js,
// components/kline-chart/shortcut-dialog.ts). When it cannot be fetched, the `?` key must say so in the
// chart's language (as the "More" menu, bar replay and the input chunk do), and open the list once it can.

async function mount(locale: string): Promise<{ win: Win; chart: Chart }> {
  const { win } = await openChartFrame('/test/pages/script-tag.html', 'width:1300px;height:600px;border:0');
  const { chart } = await frameChart<Chart>(win, { locale }, { style: 'display:block;width:1240px;height:460px' });
  return { win, chart };
}

const dialogOpen = (chart: Chart) => !!chart.shadowRoot!.querySelector('dialog.shortcuts[open]');

/** The `?` key pressed with focus on the chart (its plot). */
function pressHelp(win: Win, chart: Chart): void {
  chart.focus();
  chart.dispatchEvent(new win.KeyboardEvent('keydown', { key: '?', bubbles: true, composed: true, cancelable: true }));
}

describe('a chart whose shortcut list chunk cannot be fetched', function () {
  this.timeout(60000);

  afterEach(async () => {
    await executeServerCommand('block-requests', { pattern: null });
  });

  it('says so in its language (zh-CN) at `?`, and opens the list at the next `?` once the chunk loads', async () => {
    const { win, chart } = await mount('zh-CN');
    await executeServerCommand('block-requests', { pattern: '/dist/chunks/shortcut-dialog-' });
    const rejected: unknown[] = [];
    const onRejection = (e: PromiseRejectionEvent) => rejected.push(e.reason);
    win.addEventListener('unhandledrejection', onRejection);
    try {
      pressHelp(win, chart);
      await waitFor(
        () => toast(chart).includes('键盘快捷键'),
        `a notice about the shortcut list (shows "${toast(chart)}")`,
      );
      expect(toast(chart)).to.match(/无法加载/);
      expect(dialogOpen(chart)).to.equal(false);
      await new Promise((r) => setTimeout(r, 50));
      expect(rejected, 'no unhandled rejection').to.deep.equal([]);
    } finally {
      win.removeEventListener('unhandledrejection', onRejection);
    }

    await executeServerCommand('block-requests', { pattern: null });
    pressHelp(win, chart);
    await waitFor(() => dialogOpen(chart), 'the shortcut list open once its chunk loads');
  });

  it('gives focus back, on close, to the control focused when it was asked for, not when its chunk arrived', async () => {
    const { chart } = await mount('en');
    await executeServerCommand('block-requests', { pattern: '/dist/chunks/shortcut-dialog-', hold: true });
    const button = chart.shadowRoot!.querySelector<HTMLElement>('[part="shortcuts-button"]')!;
    expect(button, 'the toolbar shows the shortcuts button').to.not.equal(null);
    button.focus();
    button.click();
    await new Promise((r) => setTimeout(r, 100));
    expect(dialogOpen(chart), 'nothing before the chunk').to.equal(false);
    // Meanwhile focus moves on (a Tab, a click elsewhere in the toolbar).
    const other = [...chart.shadowRoot!.querySelectorAll<HTMLElement>('[part="toolbar"] button')].find(
      (b) => b !== button,
    )!;
    other.focus();
    expect(chart.shadowRoot!.activeElement).to.equal(other);
    await executeServerCommand('block-requests', { pattern: null }); // the held request goes through
    await waitFor(() => dialogOpen(chart), 'the shortcut list open once its chunk arrived');
    chart.shadowRoot!.querySelector<HTMLElement>('[part="shortcuts-close"]')!.click();
    await waitFor(() => !dialogOpen(chart), 'the list closed');
    // The dialog's `close` event (a task after it closes) puts focus back.
    await waitFor(
      () => chart.shadowRoot!.activeElement === button,
      `focus back on the shortcuts button (is on ${chart.shadowRoot!.activeElement?.getAttribute('part')})`,
    );
  });
});
