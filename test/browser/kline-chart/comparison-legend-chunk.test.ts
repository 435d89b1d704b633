import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { waitFor } from '../helpers/chart-fixture.js';
import { openFrame as openPage } from '../helpers/test-frame.js';

type Result = { success: boolean };
type Chart = HTMLElement & {
  context: { get(): { comparisons: { symbol: string }[] } | null };
  whenPainted(): Promise<void>;
  tools: { ready(): Promise<void>; execute(name: string, input: unknown): Promise<Result> };
};

// The comparisons' legend is a chunk a chart loads once it has comparisons (issue #12;
// components/kline-chart/comparison-legend.ts). Blocked, the comparison is still added and drawn and a
// notice says the legend is missing; the next comparison, with the chunk reachable, shows both with their ×.

describe('the comparisons legend in its own chunk', function () {
  this.timeout(60000);

  afterEach(async () => {
    await executeServerCommand('block-requests', { pattern: null });
  });

  it('a blocked chunk keeps the comparison and says so; once it loads, the legend lists every comparison and its × removes one', async () => {
    await executeServerCommand('block-requests', { pattern: '/dist/chunks/comparison-legend-' });
    const { frame, win } = await openPage('/test/pages/script-tag.html');
    const chart = win.document.querySelector('kline-chart') as Chart;
    await waitFor(() => !!win.customElements.get('kline-chart') && chart.context.get() !== null, 'chart data', 20000);
    await chart.whenPainted();
    await chart.tools.ready();
    const root = chart.shadowRoot!;

    expect((await chart.tools.execute('comparison_create', { symbol: 'HKEX:HKDEMO' })).success).to.equal(true);
    await waitFor(
      () => /comparisons legend could not be loaded/.test(root.querySelector('.toast')?.textContent ?? ''),
      'the notice',
      10000,
    );
    expect(root.querySelector('[data-testid="comparisons"]')).to.equal(null);
    expect(chart.context.get()!.comparisons.map((c) => c.symbol)).to.deep.equal(['HKEX:HKDEMO']);

    await executeServerCommand('block-requests', { pattern: null });
    // The ×'s styles come with the chunk: read in a mutation callback of the render that first shows it.
    const firstX = new Promise<{ opacity: string; border: string }>((resolve) => {
      const observer = new MutationObserver(() => {
        const x = root.querySelector<HTMLElement>('[part~="comparison-remove"]');
        if (!x) return;
        observer.disconnect();
        resolve({ opacity: win.getComputedStyle(x).opacity, border: win.getComputedStyle(x).borderTopStyle });
      });
      observer.observe(root, { childList: true, subtree: true });
    });
    expect((await chart.tools.execute('comparison_create', { symbol: 'ETHUSDT' })).success).to.equal(true);
    expect(await firstX, 'a borderless, dimmed × from its first frame').to.deep.equal({
      opacity: '0.7',
      border: 'none',
    });
    await waitFor(
      () => root.querySelectorAll('[part~="comparison-remove"]').length === 2,
      'both legend entries',
      20000,
    );
    const legend = root.querySelector('[data-testid="comparisons"]')!.textContent ?? '';
    expect(legend).to.match(/HKEX:HKDEMO .*%/);
    expect(legend).to.match(/ETHUSDT .*%/);
    root.querySelector<HTMLButtonElement>('[part~="comparison-remove"]')!.click();
    await waitFor(() => chart.context.get()!.comparisons.length === 1, 'a comparison removed');
    expect(chart.context.get()!.comparisons[0].symbol).to.equal('ETHUSDT');

    // A chart made once the chunk is here asks for it from its render, and has it at once: its legend
    // shows too (it was set from inside that render, which a render must not do, and never showed).
    const second = win.document.createElement('kline-chart') as HTMLElement as Chart;
    second.style.cssText = 'display:block;width:640px;height:400px';
    win.document.body.append(second);
    await waitFor(() => second.context?.get?.() != null, 'the second chart’s data', 20000);
    await second.whenPainted();
    await second.tools.ready();
    expect((await second.tools.execute('comparison_create', { symbol: 'HKEX:HKDEMO' })).success).to.equal(true);
    await waitFor(
      () => second.shadowRoot!.querySelector('[part~="comparison-remove"]') !== null,
      'the second chart’s legend entry',
      10000,
    );
    frame.remove();
  });
});
