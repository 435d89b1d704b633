import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { waitFor } from '../helpers/chart-fixture.js';
import { frameChart, loadedScripts, openChartFrame, type FrameWindow as Win } from '../helpers/test-frame.js';

type Result = { success: boolean; data?: unknown; error?: { code?: string; message?: string; retryable?: boolean } };
type Active = { definitionId: string; convention: string; label: string };
type Chart = HTMLElement & {
  context: { get(): unknown };
  whenPainted(): Promise<void>;
  tools: { execute(name: string, input: unknown): Promise<Result> };
};

// The bundle keeps MACD but not its tdx and tradingview forms: each is a chunk (chunks/macd-<hash>.js,
// src/core/indicators/lazy-indicator-registry.ts, issue #12). A chart under TA-Lib's convention never
// fetches them; when one cannot be fetched, the chart says so (kline-error, or the tool's failure) and
// keeps what it shows, and the same call works once the chunk loads.

/** The script-tag test page, with the element defined. */
async function openPage(): Promise<{ frame: HTMLIFrameElement; win: Win }> {
  const { frame, win } = await openChartFrame('/test/pages/script-tag.html', 'width:960px;height:900px;border:0');
  return { frame, win };
}

async function active(chart: Chart): Promise<Active[]> {
  const list = await chart.tools.execute('indicators_list', {});
  expect(list.success, JSON.stringify(list)).to.equal(true);
  return (list.data as { active: Active[] }).active;
}

/** A chart made in the page with these attributes; resolves at its kline-ready with the errors it raised. */
async function mount(win: Win, attributes: Record<string, string>): Promise<{ chart: Chart; errors: string[] }> {
  return frameChart<Chart>(win, attributes, {
    style: 'display:block;width:640px;height:400px',
    alone: false,
    painted: false,
  });
}

describe('a chart whose MACD convention form cannot be fetched', function () {
  this.timeout(60000);

  afterEach(async () => {
    await executeServerCommand('block-requests', { pattern: null });
  });

  it('a zh-CN page still paints, fires kline-ready and says the tdx MACD could not be loaded', async () => {
    await executeServerCommand('block-requests', { pattern: '/dist/chunks/macd-' });
    const { frame, win } = await openPage();
    const { chart, errors } = await mount(win, { locale: 'zh-CN', indicators: 'MA(5),MACD' });
    expect(errors.join('\n')).to.match(/tdx form of indicator MACD could not be loaded/);
    expect(chart.context.get()).to.not.equal(null);
    expect(chart.shadowRoot!.querySelectorAll('.pane canvas').length).to.be.greaterThan(0);
    // The candles and MA are there; MACD is left out rather than drawn with TA-Lib's formulas.
    const context = chart.context.get() as { activeIndicators: { definitionId: string }[] };
    expect(context.activeIndicators.map((a) => a.definitionId)).to.deep.equal(['MA']);
    // indicators_list lists the definitions in the chart's convention: it says it cannot, rather than list TA-Lib's MACD.
    const list = await chart.tools.execute('indicators_list', {});
    expect(list.success).to.equal(false);
    expect(list.error?.message).to.match(/tdx form of indicator MACD could not be loaded/);
    frame.remove();
  });

  it('a TA-Lib chart never fetches the forms; settings_update to another convention fails and changes nothing until the chunk loads', async () => {
    const { frame, win } = await openPage();
    const { chart, errors } = await mount(win, { locale: 'en', indicators: 'MACD' });
    expect(errors).to.deep.equal([]);
    expect(
      loadedScripts(win).filter((p) => /^chunks\/macd-/.test(p)),
      'no MACD form fetched',
    ).to.deep.equal([]);

    await executeServerCommand('block-requests', { pattern: '/dist/chunks/macd-' });
    const failed = await chart.tools.execute('settings_update', { values: { indicatorConvention: 'tradingview' } });
    expect(failed.success).to.equal(false);
    expect(failed.error?.code).to.equal('internal');
    expect(failed.error?.retryable).to.equal(true);
    expect(failed.error?.message).to.match(/tradingview form of indicator MACD could not be loaded/);
    const settings = await chart.tools.execute('settings_get', {});
    expect((settings.data as { values: { indicatorConvention: string } }).values.indicatorConvention).to.equal('auto');
    expect((await active(chart)).map((a) => a.convention)).to.deep.equal(['ta-lib']);
    const added = await chart.tools.execute('indicators_add', { definitionId: 'MACD', convention: 'tdx' });
    expect(added.success).to.equal(false);
    expect((await active(chart)).length).to.equal(1);

    await executeServerCommand('block-requests', { pattern: null });
    const ok = await chart.tools.execute('settings_update', { values: { indicatorConvention: 'tradingview' } });
    expect(ok.success, JSON.stringify(ok)).to.equal(true);
    expect((await active(chart)).map((a) => a.convention)).to.deep.equal(['tradingview']);
    await waitFor(() => loadedScripts(win).some((p) => /^chunks\/macd-/.test(p)), 'the form chunk');
    await chart.whenPainted();
    frame.remove();
  });

  it('an indicator-convention change it cannot follow raises kline-error; the chart keeps painting and follows once the chunk loads', async () => {
    const { frame, win } = await openPage();
    const { chart, errors } = await mount(win, { locale: 'en', indicators: 'MA(5),MACD' });
    await executeServerCommand('block-requests', { pattern: '/dist/chunks/macd-' });
    chart.setAttribute('indicator-convention', 'tdx');
    await waitFor(() => errors.length > 0, 'kline-error');
    expect(errors.join('\n')).to.match(/indicatorConvention: .*tdx form of indicator MACD could not be loaded/);
    // The attribute is the page's to set: the chart follows it, and MACD shows nothing rather than TA-Lib's values.
    await chart.whenPainted();
    expect(chart.shadowRoot!.querySelectorAll('.pane canvas').length).to.be.greaterThan(0);
    const context = chart.context.get() as { activeIndicators: { definitionId: string; instanceId: string }[] };
    expect(context.activeIndicators.map((a) => a.definitionId)).to.deep.equal(['MA', 'MACD']);
    const instanceId = context.activeIndicators[1].instanceId;

    await executeServerCommand('block-requests', { pattern: null });
    const ok = await chart.tools.execute('indicators_update', { instanceId, params: { signal: 5 } });
    expect(ok.success, JSON.stringify(ok)).to.equal(true);
    expect((await active(chart)).find((a) => a.definitionId === 'MACD')?.convention).to.equal('tdx');
    frame.remove();
  });

  it("the picker's names cannot be fetched: the chart still paints and fires kline-ready, and the picker gets them later", async () => {
    await executeServerCommand('block-requests', { pattern: '/dist/chunks/builtin-indicator-index-' });
    const { frame, win } = await openPage();
    const { chart } = await mount(win, { indicators: 'VOL' });
    const picker = () => chart.shadowRoot!.querySelector('kline-indicator-picker')!;
    expect(chart.shadowRoot!.querySelectorAll('.pane canvas').length).to.be.greaterThan(0);
    expect(picker().definitions.map((d) => d.id)).to.deep.equal(['MA', 'VOL', 'MACD']);
    await executeServerCommand('block-requests', { pattern: null });
    (chart as Chart & { requestUpdate(): void }).requestUpdate(); // the next render asks again
    await waitFor(() => picker().definitions.length === 52, 'every study in the picker', 20000);
    frame.remove();
  });
});
