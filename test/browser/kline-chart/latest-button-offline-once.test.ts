import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { html } from 'lit';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';
import { readyChart, waitFor } from '../helpers/chart-fixture.js';

// The "Scroll to the most recent bar" button's chunk failing is said once (latest-button.ts). The newest bar
// going in and out of view before the chunk is fetched again (a wheel zoom at the right edge does it each
// step) said it again each time: the notice stayed up for as long as the user kept doing it.

const toast = (chart: KlineChart) => chart.shadowRoot!.querySelector('.toast')?.textContent?.trim() ?? '';

describe('the "Scroll to the most recent bar" button whose chunk cannot be fetched, the newest bar in and out', function () {
  this.timeout(30000);

  afterEach(async () => {
    await executeServerCommand('block-requests', { pattern: null });
  });

  it('shows its notice once: it goes after its 5 s although the newest bar left the view again meanwhile', async () => {
    // This file's only test: a page imports a module once, so the chunk must not have loaded before.
    await executeServerCommand('block-requests', { pattern: '/latest-button-view\\.js' });
    const chart = await readyChart(
      html`<kline-chart symbol="DEMO" period="1d" style="width:800px;height:400px"></kline-chart>`,
    );
    const core = coreOf(chart);
    const n = core.store.peek('series')!.bars.length;
    const away = () => core.setView({ start: n - 300, end: n - 180 });
    away();
    await waitFor(() => /could not be loaded/.test(toast(chart)), 'the notice');
    const shown = performance.now();
    // In view and out again, three times over 3 s: each time the chunk is asked for and cannot be fetched.
    for (let k = 0; k < 3; k++) {
      await new Promise((r) => setTimeout(r, 1000));
      core.setView({ start: n - 118, end: n + 2 });
      await new Promise((r) => setTimeout(r, 50));
      away();
    }
    await new Promise((r) => setTimeout(r, 5600 - (performance.now() - shown)));
    expect(toast(chart), 'the notice is gone 5 s after it came').to.equal('');
  });
});
