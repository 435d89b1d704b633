import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { waitFor } from '../helpers/chart-fixture.js';
import { frameChart, openChartFrame, statusToast as toast, type FrameWindow as Win } from '../helpers/test-frame.js';

type Chart = HTMLElement & { whenPainted(): Promise<void>; updateComplete: Promise<boolean> };

// The toolbar's symbol and comparison search is a chunk fetched at the first press of the symbol button
// (chunks/symbol-search-<hash>.js, components/kline-chart/symbol-search.ts). When it cannot be fetched,
// the press must say so in the chart's language and change nothing; the next press, once it can, opens it.

async function mount(locale: string): Promise<{ win: Win; chart: Chart }> {
  const { win } = await openChartFrame('/test/pages/script-tag.html', 'width:1200px;height:600px;border:0');
  const { chart } = await frameChart<Chart>(win, { locale }, { style: 'display:block;width:1150px;height:460px' });
  return { win, chart };
}

const q = (chart: Chart, part: string) => chart.shadowRoot!.querySelector<HTMLElement>(`[part="${part}"]`);
describe('a chart whose symbol search chunk cannot be fetched', function () {
  this.timeout(60000);

  afterEach(async () => {
    await executeServerCommand('block-requests', { pattern: null });
  });

  it('says so in its language (zh-CN) at the symbol button, and opens the search at the next press once it loads', async () => {
    const { win, chart } = await mount('zh-CN');
    await executeServerCommand('block-requests', { pattern: '/dist/chunks/symbol-search-' });
    const rejected: unknown[] = [];
    const onRejection = (e: PromiseRejectionEvent) => rejected.push(e.reason);
    win.addEventListener('unhandledrejection', onRejection);
    try {
      q(chart, 'symbol-button')!.click();
      await waitFor(() => toast(chart).includes('品种搜索'), `a notice about the search (shows "${toast(chart)}")`);
      expect(toast(chart)).to.match(/无法加载/);
      expect(q(chart, 'symbol-input'), 'no search box').to.equal(null);
      expect(q(chart, 'symbol-button')!.getAttribute('aria-expanded')).to.equal('false');
      await new Promise((r) => setTimeout(r, 50));
      expect(rejected, 'no unhandled rejection').to.deep.equal([]);
    } finally {
      win.removeEventListener('unhandledrejection', onRejection);
    }

    await executeServerCommand('block-requests', { pattern: null });
    q(chart, 'symbol-button')!.click();
    await waitFor(() => chart.shadowRoot!.activeElement === q(chart, 'symbol-input'), 'focus in the search box');
    await waitFor(
      () => chart.shadowRoot!.querySelectorAll('.results button').length > 0,
      'the instruments listed once the chunk loads',
    );
    expect(q(chart, 'symbol-button')!.getAttribute('aria-expanded')).to.equal('true');
  });
});
