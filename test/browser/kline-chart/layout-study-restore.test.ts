import { expect } from '@open-wc/testing';
import { waitFor } from '../helpers/chart-fixture.js';
import { bundleChart, loadedScripts } from '../helpers/test-frame.js';

type Chart = HTMLElement & {
  context: { get(): { activeIndicators: { definitionId: string }[] } | null };
  tools: { execute(name: string, input: unknown): Promise<{ success: boolean }> };
  whenPainted(): Promise<void>;
};

// In the bundle, loading the studies a saved layout names comes with the layout's chunk
// (src/core/indicators/load-studies-named-in.ts, layout-storage-controller.ts; issue #12): a page whose saved
// layout has a study that is not in the entry (RSI) still restores it, its code loaded before the check.

const KEY = `layout-study-restore-${Date.now()}`;

/** A painted chart of the bundle saving its layout at KEY. */
const mount = () => bundleChart<Chart>({ 'persist-key': KEY, indicators: 'VOL' });

const studies = (chart: Chart) => chart.context.get()!.activeIndicators.map((a) => a.definitionId);

describe('a saved layout with a study outside the entry, in the bundle', function () {
  this.timeout(60000);

  afterEach(() => localStorage.removeItem(KEY));

  it('restores the study on a new page, with its code loaded', async () => {
    const first = await mount();
    const added = await first.chart.tools.execute('indicators_add', { definitionId: 'RSI' });
    expect(added.success).to.equal(true);
    await waitFor(() => (localStorage.getItem(KEY) ?? '').includes('"RSI"'), 'the autosave of RSI', 5000);
    first.frame.remove();

    const second = await mount();
    await waitFor(() => studies(second.chart).includes('RSI'), 'RSI restored', 10000);
    expect(studies(second.chart)).to.deep.equal(['VOL', 'RSI']);
    await second.chart.whenPainted();
    expect(loadedScripts(second.win).some((p) => /^chunks\/rsi-[\w-]+\.js$/.test(p))).to.equal(true);
    expect(second.chart.shadowRoot!.querySelectorAll('.pane').length).to.equal(3);
    second.frame.remove();
  });
});
