import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { waitFor } from '../helpers/chart-fixture.js';
import { loadedScripts, openChartFrame } from '../helpers/test-frame.js';

type Result = { success: boolean };
type Chart = HTMLElement & {
  setBars(bars: readonly object[], options?: { symbol?: string; period?: string }): boolean;
  context: { get(): { period: string; symbol: string } | null };
  tools: { execute(name: string, input: unknown): Promise<Result> };
  whenPainted(): Promise<void>;
};

// Asking the page for bars (`kline-data-request`) is a chunk (chunks/host-answer-<hash>.js, chart-data-controller.ts).
// A load that needed it and was given up while the chunk came (the user chose another period) must not ask the
// page after all: the page would fetch bars nobody waits for, for a period the chart no longer shows.

/** 200 daily bars, objects with UTC ms times (the host's own format). */
function dailyBars() {
  return Array.from({ length: 200 }, (_, i) => ({
    time: Date.UTC(2023, 0, 2) + i * 86_400_000,
    open: 100 + (i % 9),
    high: 112,
    low: 95,
    close: 100 + (i % 7),
    volume: 1000 + i,
  }));
}

describe('a host-bars request aborted while its chunk loads', function () {
  this.timeout(60000);

  afterEach(async () => {
    await executeServerCommand('block-requests', { pattern: null });
  });

  it('is never sent to the page', async () => {
    const { frame, win } = await openChartFrame('/test/pages/script-tag.html', 'width:960px;height:560px;border:0');
    const chart = win.document.createElement('kline-chart') as Chart;
    chart.style.cssText = 'display:block;width:800px;height:460px';
    chart.setAttribute('source', 'custom');
    chart.setAttribute('indicators', '');
    win.document.body.replaceChildren(chart);
    expect(chart.setBars(dailyBars(), { symbol: 'HOST', period: '1d' })).to.equal(true);
    await chart.whenPainted();
    // Folding daily bars into weekly ones (host-data-ops) is here before the test holds anything.
    expect((await chart.tools.execute('chart_set_period', { period: '1w' })).success).to.equal(true);
    expect((await chart.tools.execute('chart_set_period', { period: '1d' })).success).to.equal(true);
    const asked: string[] = [];
    chart.addEventListener('kline-data-request', (e) => {
      const detail = (e as CustomEvent<{ symbol: string; period: string; respondWith(b: unknown): void }>).detail;
      asked.push(`${detail.symbol} ${detail.period}`);
      detail.respondWith(dailyBars());
    });

    expect(
      loadedScripts(win).filter((p) => p.startsWith('chunks/host-answer-')),
      'asking code already here',
    ).to.deep.equal([]);
    await executeServerCommand('block-requests', { pattern: '/dist/chunks/host-answer-', hold: true });
    // Hourly bars cannot be folded from daily ones: the page must be asked, with the asking code held back.
    const hourly = chart.tools.execute('chart_set_period', { period: '1h' });
    await new Promise((r) => setTimeout(r, 300));
    // The user picks weekly bars meanwhile: the hourly load is given up.
    chart.setAttribute('period', '1w');
    await waitFor(() => chart.context.get()?.period === '1w', 'weekly bars shown');

    // The chunk arrives.
    await executeServerCommand('block-requests', { pattern: null });
    await waitFor(() => loadedScripts(win).some((p) => p.startsWith('chunks/host-answer-')), 'the asking code loaded');
    const result = await hourly;
    await new Promise((r) => setTimeout(r, 200));
    expect(asked, 'requests sent to the page').to.deep.equal([]);
    expect(result.success).to.equal(false);
    expect(chart.context.get()!.period).to.equal('1w');
    frame.remove();
  });
});
