import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { waitFor } from '../helpers/wait-for.js';
import { frameChart, openChartFrame, statusToast as toast } from '../helpers/test-frame.js';

type Chart = HTMLElement & { whenPainted(): Promise<void>; updateComplete: Promise<boolean> };

// The "More" menu (its open state, keys, focus and items: components/kline-chart/toolbar-overflow-menu.ts)
// is a chunk fetched by the first press of its button (chunks/toolbar-overflow-menu-<hash>.js). The press
// or key is answered when it arrives; when it cannot be fetched, a notice says so in the chart's language
// and the next press fetches it again.

describe('the "More" menu is a chunk fetched by its first press', function () {
  this.timeout(60000);

  afterEach(async () => {
    await executeServerCommand('block-requests', { pattern: null });
  });

  it('cannot be fetched: a press says so (zh-TW); once it loads, Down on the button opens it on its first item', async () => {
    const { frame, win } = await openChartFrame(
      '/test/pages/script-tag-empty.html',
      'width:960px;height:600px;border:0',
    );
    await executeServerCommand('block-requests', { pattern: '/dist/chunks/toolbar-overflow-menu-' });
    // Narrower than 480 px: a compact toolbar, whose "More" button holds the periods and drawing tools.
    const { chart } = await frameChart<Chart>(
      win,
      { locale: 'zh-TW' },
      { style: 'display:block;width:400px;height:460px' },
    );
    const root = chart.shadowRoot!;
    const button = () => root.querySelector<HTMLButtonElement>('[part="more-button"]')!;
    const items = () => [...root.querySelectorAll<HTMLElement>('[part="more-menu"] [role^="menuitem"]')];

    button().click();
    await waitFor(() => toast(chart).includes('「更多」選單'), `a notice about the menu (shows "${toast(chart)}")`);
    expect(items(), 'no menu without its chunk').to.deep.equal([]);
    expect(button().getAttribute('aria-expanded')).to.equal('false');

    await executeServerCommand('block-requests', { pattern: null });
    button().focus();
    const down = new win.KeyboardEvent('keydown', {
      key: 'ArrowDown',
      bubbles: true,
      composed: true,
      cancelable: true,
    });
    button().dispatchEvent(down);
    expect(down.defaultPrevented, "Down is the button's at once (no page scroll)").to.equal(true);
    await waitFor(() => items().length > 0, 'the menu opened once its chunk loaded');
    expect(button().getAttribute('aria-expanded')).to.equal('true');
    await waitFor(() => root.activeElement === items()[0], 'focus on the first item');
    frame.remove();
  });

  it('on its way: the first press says expanded at once, and the menu opens when the chunk arrives', async () => {
    const { frame, win } = await openChartFrame(
      '/test/pages/script-tag-empty.html',
      'width:960px;height:600px;border:0',
    );
    // `hold`: the chunk's request waits (a slow network) until the next block-requests call.
    await executeServerCommand('block-requests', { pattern: '/dist/chunks/toolbar-overflow-menu-', hold: true });
    const { chart } = await frameChart<Chart>(win, {}, { style: 'display:block;width:400px;height:460px' });
    const root = chart.shadowRoot!;
    const button = () => root.querySelector<HTMLButtonElement>('[part="more-button"]')!;
    const items = () => [...root.querySelectorAll<HTMLElement>('[part="more-menu"] [role^="menuitem"]')];
    expect(button().getAttribute('aria-expanded')).to.equal('false');

    button().click();
    await chart.updateComplete;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(items(), 'the chunk is still on its way').to.deep.equal([]);
    expect(button().getAttribute('aria-expanded'), 'expanded from the press on').to.equal('true');

    await executeServerCommand('block-requests', { pattern: null }); // the held request goes through
    await waitFor(() => items().length > 0, 'the menu opened once its chunk loaded');
    expect(button().getAttribute('aria-expanded')).to.equal('true');
    expect(toast(chart), 'no failure notice').to.equal('');
    frame.remove();
  });
});
