import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { waitFor } from '../helpers/chart-fixture.js';
import { frameChart, loadedScripts, openChartFrame, type FrameWindow as Win } from '../helpers/test-frame.js';

type Result = { success: boolean; data?: unknown; error?: { code?: string; message?: string } };
type Chart = HTMLElement & {
  context: { get(): unknown };
  whenPainted(): Promise<void>;
  tools: { execute(name: string, input: unknown): Promise<Result> };
};

// How the built-in studies outside the entry load (one import() per study and form) is itself a chunk
// (src/core/indicators/builtin-study-loaders.ts, issue #12), fetched with the first such study. When it
// cannot be fetched, the chart says which study could not be loaded, shows the rest, and adds that study
// once the chunk loads.

async function mount(win: Win, indicators: string): Promise<{ chart: Chart; errors: string[] }> {
  return frameChart<Chart>(
    win,
    { indicators },
    { style: 'display:block;width:640px;height:400px', alone: false, painted: false },
  );
}

const active = (chart: Chart) =>
  (chart.context.get() as { activeIndicators: { definitionId: string }[] }).activeIndicators.map((a) => a.definitionId);

describe("a chart whose studies' loader chunk cannot be fetched", function () {
  this.timeout(60000);

  afterEach(async () => {
    await executeServerCommand('block-requests', { pattern: null });
  });

  it('a page asking for RSI paints with MA, says RSI could not be loaded, and adds RSI once the chunk loads', async () => {
    await executeServerCommand('block-requests', { pattern: '/dist/chunks/builtin-study-loaders-' });
    const { frame, win } = await openChartFrame('/test/pages/script-tag.html', 'width:960px;height:900px;border:0');
    const { chart, errors } = await mount(win, 'MA(5),RSI');
    await waitFor(() => errors.length > 0, 'kline-error');
    expect(errors.join('\n')).to.match(/code of indicator RSI could not be loaded/);
    await chart.whenPainted();
    expect(chart.shadowRoot!.querySelectorAll('.pane canvas').length).to.be.greaterThan(0);
    expect(active(chart)).to.deep.equal(['MA']);

    await executeServerCommand('block-requests', { pattern: null });
    const added = await chart.tools.execute('indicators_add', { definitionId: 'RSI' });
    expect(added.success, JSON.stringify(added)).to.equal(true);
    await chart.whenPainted();
    expect(active(chart)).to.deep.equal(['MA', 'RSI']);
    expect(loadedScripts(win).some((p) => /^chunks\/builtin-study-loaders-[\w-]+\.js$/.test(p))).to.equal(true);
    expect(loadedScripts(win).some((p) => /^chunks\/rsi-[\w-]+\.js$/.test(p))).to.equal(true);
    frame.remove();
  });
});
