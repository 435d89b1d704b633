import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { waitFor } from '../helpers/chart-fixture.js';
import { openFrame as openPage } from '../helpers/test-frame.js';

type Result = { success: boolean; error?: { code?: string; message?: string; retryable?: boolean } };
type Chart = HTMLElement & {
  context: { get(): { period?: string } | null };
  whenPainted(): Promise<void>;
  tools: {
    list(): { name: string }[];
    ready(): Promise<void>;
    execute(name: string, input: unknown): Promise<Result>;
  };
};

// The built-in tools are a chunk fetched after the first paint (issue #12; src/core/commands/
// builtin-tool-hosts.ts). When the network drops it, the chart must still draw and say ready, a
// control that runs a tool must say what failed, and the same control must work once it can load.

describe('a chart whose tools chunk cannot be fetched', function () {
  this.timeout(60000);

  afterEach(async () => {
    await executeServerCommand('block-requests', { pattern: null });
  });

  it('still paints and fires kline-ready; a period button shows why it failed, and works once the chunk loads', async () => {
    await executeServerCommand('block-requests', { pattern: '/dist/chunks/builtin-tool-hosts-' });
    const { frame, win } = await openPage('/test/pages/script-tag.html');
    const chart = win.document.querySelector('kline-chart') as Chart;
    const ready = new Promise((resolve) => chart.addEventListener('kline-ready', resolve, { once: true }));
    await waitFor(() => !!win.customElements.get('kline-chart') && chart.context.get() !== null, 'chart data', 20000);
    await chart.whenPainted();
    await ready;
    expect(chart.shadowRoot!.querySelectorAll('.pane canvas').length).to.be.greaterThan(0);
    expect(chart.tools.list().some((t) => t.name === 'chart_set_period')).to.equal(false);

    const failed = await chart.tools.execute('chart_set_period', { period: '1w' });
    expect(failed.success).to.equal(false);
    expect(failed.error?.code).to.equal('internal');
    expect(failed.error?.retryable).to.equal(true);
    expect(failed.error?.message).to.match(/tools could not be loaded/);

    const button = () => chart.shadowRoot!.querySelector<HTMLButtonElement>('button[data-period="1w"]')!;
    button().click();
    await waitFor(
      () => /tools could not be loaded/.test(chart.shadowRoot!.querySelector('.toast')?.textContent ?? ''),
      'the error toast',
      10000,
    );
    expect(chart.context.get()?.period).to.not.equal('1w');

    await executeServerCommand('block-requests', { pattern: null });
    button().click();
    await waitFor(() => chart.context.get()?.period === '1w', 'the weekly chart', 20000);
    await chart.tools.ready();
    expect(chart.tools.list().some((t) => t.name === 'chart_set_period')).to.equal(true);
    frame.remove();
  });
});
