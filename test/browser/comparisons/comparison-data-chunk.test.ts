import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { waitFor } from '../helpers/chart-fixture.js';
import { openFrame } from '../helpers/test-frame.js';

type Result = { success: boolean; error?: { message?: string } };
type Chart = HTMLElement & {
  context: { get(): { period: string; comparisons: { symbol: string }[] } | null };
  whenPainted(): Promise<void>;
  tools: { ready(): Promise<void>; execute(name: string, input: unknown): Promise<Result> };
};

// Aligning a comparison to the main bars and loading its data for the shown period
// (src/core/commands/comparison-data.ts) are a chunk a chart loads with its first comparison (issue #12).
// Blocked, comparison_create fails and changes nothing; once it loads, the comparison is drawn, and after a
// period change its data for the new period is loaded (ensure-comparison.ts) and drawn again.

describe("the comparisons' data and aligning in their own chunk", function () {
  this.timeout(60000);

  afterEach(async () => {
    await executeServerCommand('block-requests', { pattern: null });
  });

  it('blocked: comparison_create fails and adds nothing; once it loads the comparison draws, also after a period change', async () => {
    await executeServerCommand('block-requests', { pattern: '/dist/chunks/comparison-data-' });
    const { frame, win } = await openFrame('/test/pages/script-tag.html');
    const chart = win.document.querySelector('kline-chart') as Chart;
    await waitFor(() => !!win.customElements.get('kline-chart') && chart.context.get() !== null, 'chart data', 20000);
    await chart.whenPainted();
    await chart.tools.ready();
    const root = chart.shadowRoot!;
    const legend = () => root.querySelector('[data-testid="comparisons"]')?.textContent ?? '';

    const refused = await chart.tools.execute('comparison_create', { symbol: 'HKEX:HKDEMO' });
    expect(refused.success).to.equal(false);
    expect(chart.context.get()!.comparisons).to.deep.equal([]);

    await executeServerCommand('block-requests', { pattern: null });
    expect((await chart.tools.execute('comparison_create', { symbol: 'HKEX:HKDEMO' })).success).to.equal(true);
    await waitFor(() => /HKEX:HKDEMO .*%/.test(legend()), 'the comparison drawn', 20000);

    expect((await chart.tools.execute('chart_set_period', { period: '1w' })).success).to.equal(true);
    expect(chart.context.get()!.period).to.equal('1w');
    await waitFor(() => /HKEX:HKDEMO .*%/.test(legend()), 'the comparison drawn on weekly bars', 20000);
    frame.remove();
  });
});
