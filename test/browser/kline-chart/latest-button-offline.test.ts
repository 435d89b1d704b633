import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { html } from 'lit';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';
import { readyChart, waitFor } from '../helpers/chart-fixture.js';

// The "Scroll to the most recent bar" button is a chunk (latest-button-view.ts). When it could not be
// fetched only the console said so: a user who panned back saw no button and no reason. Now a notice says
// it (and that End goes there), and the chunk is fetched again a few seconds later while the button is wanted.

const toast = (chart: KlineChart) => chart.shadowRoot!.querySelector('.toast')?.textContent?.trim() ?? '';
const button = (chart: KlineChart) => chart.shadowRoot!.querySelector('[part="latest-button"]');

describe('the "Scroll to the most recent bar" button whose chunk cannot be fetched', function () {
  this.timeout(40000);

  afterEach(async () => {
    await executeServerCommand('block-requests', { pattern: null });
  });

  it('says so in a notice; End still goes there; the button comes once the chunk can be fetched', async () => {
    // This file's only test: a page imports a module once, so the chunk must not have loaded before.
    await executeServerCommand('block-requests', { pattern: '/latest-button-view\\.js' });
    const chart = await readyChart(
      html`<kline-chart symbol="DEMO" period="1d" style="width:800px;height:400px"></kline-chart>`,
    );
    const core = coreOf(chart);
    const n = core.store.peek('series')!.bars.length;
    core.setView({ start: n - 300, end: n - 180 }); // the newest bar right of the view: the button is wanted
    await waitFor(() => /could not be loaded/.test(toast(chart)), 'the notice');
    expect(toast(chart)).to.equal(
      'The "Scroll to the most recent bar" button could not be loaded: End goes there. Check the connection and try again.',
    );
    expect(button(chart), 'no button').to.equal(null);

    // Back and away again while it still cannot be fetched: still no button.
    core.setView({ start: n - 118, end: n + 2 });
    await new Promise((r) => setTimeout(r, 100));
    core.setView({ start: n - 300, end: n - 180 });
    await new Promise((r) => setTimeout(r, 300));
    expect(button(chart), 'still no button').to.equal(null);

    // The End key still brings the newest bar (pan-zoom-keys.ts).
    chart.focus();
    chart.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true, composed: true, cancelable: true }));
    expect(core.store.peek('view')!.end, 'End went to the newest bar').to.be.above(n - 1);
    core.setView({ start: n - 300, end: n - 180 });

    await executeServerCommand('block-requests', { pattern: null });
    // Fetched again 5 s after the first failure, without the user doing anything.
    await waitFor(() => button(chart) !== null, 'the button, once the chunk can be fetched', 12000);
    button(chart)!.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true }));
    expect(core.store.peek('view')!.end, 'the button went to the newest bar').to.be.above(n - 1);
  });
});
