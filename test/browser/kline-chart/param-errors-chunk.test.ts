import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { frameChart, loadedScripts, openChartFrame, type FrameWindow as Win } from '../helpers/test-frame.js';

type Chart = HTMLElement & {
  context: { get(): unknown };
  whenPainted(): Promise<void>;
  tools: {
    execute(
      name: string,
      input: unknown,
    ): Promise<{ success: boolean; error?: { details?: { path: string; reason: string }[] } }>;
  };
};

// The words of a refused study parameter (src/core/indicators/param-errors.ts) are a chunk in the bundle,
// loaded when the `indicators` list has a piece it refuses (lazy-param-errors.ts, issue #12) and with the
// tools' chunk after the first paint: the kline-error and the tool's refusal still name the field and the
// rule; when the chunk cannot be fetched the chart says so and still refuses the piece.

async function mount(win: Win, indicators: string): Promise<{ chart: Chart; errors: string[] }> {
  return frameChart<Chart>(win, { indicators }, { style: 'display:block;width:640px;height:400px', alone: false });
}

const active = (chart: Chart) =>
  (chart.context.get() as { activeIndicators: { definitionId: string }[] }).activeIndicators.map((a) => a.definitionId);
/**
 * A chart in `win` with a host study whose params are a plain JSON schema (no TypeBox kinds, so the
 * compiled checks do not cover it and the words are its check: src/core/indicators/params-fit.ts),
 * registered before it connects, and `indicators`; resolves at `kline-ready`.
 */
async function mountJsonStudy(win: Win, indicators: string): Promise<{ chart: Chart; errors: string[] }> {
  const chart = win.document.createElement('kline-chart') as HTMLElement as Chart & {
    registerIndicator(definition: unknown): () => void;
  };
  chart.registerIndicator({
    id: 'JSONMA',
    name: 'JSON study',
    category: 'trend',
    params: { type: 'object', properties: { period: { type: 'integer', minimum: 2, default: 3 } } },
    paramOrder: ['period'],
    placement: 'overlay',
    outputs: () => [{ key: 'v', label: 'V', style: 'line' }],
    compute: (columns: { length: number }) => ({ v: new Float64Array(columns.length).fill(1) }),
  });
  chart.setAttribute('indicators', indicators);
  chart.style.cssText = 'display:block;width:640px;height:400px';
  const errors: string[] = [];
  chart.addEventListener('kline-error', (e) => errors.push((e as CustomEvent<{ message: string }>).detail.message));
  const ready = new Promise((resolve) => chart.addEventListener('kline-ready', resolve, { once: true }));
  win.document.body.appendChild(chart);
  await ready;
  await chart.whenPainted();
  return { chart, errors };
}

const wordsLoaded = (win: Win) => loadedScripts(win).some((p) => /^chunks\/param-errors-[\w-]+\.js$/.test(p));

describe('the words of a refused study parameter in the bundle', function () {
  this.timeout(60000);

  afterEach(async () => {
    await executeServerCommand('block-requests', { pattern: null });
  });

  it('cannot be fetched: the piece is still refused with a kline-error that says so; the rest is shown', async () => {
    await executeServerCommand('block-requests', { pattern: '/dist/chunks/param-errors-' });
    const { frame, win } = await openChartFrame('/test/pages/script-tag.html', 'width:960px;height:900px;border:0');
    const { chart, errors } = await mount(win, 'MA(0),VOL');
    expect(errors.join('\n')).to.match(/wording a refused study parameter could not be loaded/);
    expect(errors.join('\n')).to.contain("indicators attribute: 'MA(0)': a value is out of range or of the wrong type");
    expect(active(chart)).to.deep.equal(['VOL']);
    frame.remove();
  });

  it("a refused piece of a page's first list names the field and the rule", async () => {
    const { frame, win } = await openChartFrame('/test/pages/script-tag.html', 'width:960px;height:900px;border:0');
    const { chart, errors } = await mount(win, 'MA(0),MACD(12,x),VOL');
    expect(errors).to.deep.equal([
      "indicators attribute: 'MA(0)': periods[0]: Expected integer to be greater or equal to 1",
      "indicators attribute: 'MACD(12,x)': slow: Expected integer",
    ]);
    expect(active(chart)).to.deep.equal(['VOL']);
    expect(wordsLoaded(win)).to.equal(true);
    frame.remove();
  });

  it('an agent or the picker adding a study with a refused parameter is told the field and the rule', async () => {
    const { frame, win } = await openChartFrame('/test/pages/script-tag.html', 'width:960px;height:900px;border:0');
    const { chart } = await mount(win, 'VOL');
    const refused = await chart.tools.execute('indicators_add', { definitionId: 'MA', params: { periods: [0] } });
    expect(refused.success).to.equal(false);
    expect(refused.error?.details?.map((d) => d.path)).to.deep.equal(['params.periods[0]']);
    expect(wordsLoaded(win)).to.equal(true);
    frame.remove();
  });

  it("a host study's plain JSON schema is checked by the words: its piece shows once they are in, and is refused when they cannot be fetched", async () => {
    const { frame, win } = await openChartFrame('/test/pages/script-tag.html', 'width:960px;height:900px;border:0');
    const { chart, errors } = await mountJsonStudy(win, 'JSONMA(4),VOL');
    expect(errors).to.deep.equal([]);
    expect(active(chart)).to.deep.equal(['JSONMA', 'VOL']);
    expect(wordsLoaded(win)).to.equal(true);
    const refused = await mountJsonStudy(win, 'JSONMA(1),VOL');
    expect(refused.errors).to.deep.equal([
      "indicators attribute: 'JSONMA(1)': period: Expected integer to be greater or equal to 2",
    ]);
    expect(active(refused.chart)).to.deep.equal(['VOL']);
    frame.remove();

    await executeServerCommand('block-requests', { pattern: '/dist/chunks/param-errors-' });
    const blocked = await openChartFrame('/test/pages/script-tag.html', 'width:960px;height:900px;border:0');
    const offline = await mountJsonStudy(blocked.win, 'JSONMA(4),VOL');
    expect(offline.errors.join('\n')).to.match(/wording a refused study parameter could not be loaded/);
    expect(active(offline.chart)).to.deep.equal(['VOL']);
    blocked.frame.remove();
  });
});
