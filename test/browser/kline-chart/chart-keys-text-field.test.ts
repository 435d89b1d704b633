import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { frameChart, openChartFrame, statusToast as toast } from '../helpers/test-frame.js';

type Chart = HTMLElement & { whenPainted(): Promise<void> };

// The chart's own keys (`?`, Shift+F, Ctrl/⌘+Alt+S, Ctrl/⌘+Shift+S; chart-keys.ts) are never taken in a text
// field, and which key is which is in the input chunk (input-parts.ts). Letters typed in a text field of the
// chart (its symbol search, a host's input) are text: they neither wait for that chunk nor say it is missing.

describe("text typed in the chart's text fields is not a chart key", function () {
  this.timeout(60000);

  afterEach(() => executeServerCommand('block-requests', { pattern: null }));

  it('an S or F typed in a text field says nothing while the input chunk cannot be fetched', async () => {
    const { frame, win } = await openChartFrame(
      '/test/pages/script-tag-empty.html',
      'width:960px;height:600px;border:0',
    );
    await executeServerCommand('block-requests', { pattern: '/dist/chunks/input-parts-' });
    const { chart } = await frameChart<Chart>(win, {});
    await chart.whenPainted();
    const input = win.document.createElement('input');
    chart.shadowRoot!.querySelector('.main')!.append(input);
    input.focus();
    for (const key of ['S', 's', 'F']) {
      const shift = key !== 's';
      input.dispatchEvent(
        new win.KeyboardEvent('keydown', {
          key,
          code: `Key${key.toUpperCase()}`,
          shiftKey: shift,
          bubbles: true,
          composed: true,
          cancelable: true,
        }),
      );
    }
    await new Promise((r) => setTimeout(r, 500));
    expect(toast(chart), 'no notice for text').to.equal('');
    frame.remove();
  });
});
