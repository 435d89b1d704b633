import { expect } from '@open-wc/testing';
import { html } from 'lit';
import { executeServerCommand } from '@web/test-runner-commands';
import { chartAndPanel, nextRunEnd, typeAndSend, unmountAll, messagesText } from '../panel/panel-fixture.js';
import { canvasHash, countPixels, parseColor } from '../helpers/canvas-pixels.js';
import { paneCanvas, waitFor } from '../helpers/chart-fixture.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';

let mockUrl = '';
const control = (path: string) => `${mockUrl.replace(/\/v1$/, '')}/__mock/${path}`;

async function script(steps: unknown[]): Promise<void> {
  await fetch(control('reset'), { method: 'POST' });
  await fetch(control('script'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(steps),
  });
}

describe('comparisons with the mock model', function () {
  this.timeout(60000);
  before(async () => {
    // The runtime loads the model client on its first run; load it here so the test does not pay for it.
    await import('openai');
    mockUrl = await executeServerCommand<string, undefined>('mock-model-url');
  });
  afterEach(() => unmountAll());

  it('"compare with ETH": instruments_query_name → comparison_create → the overlay line is drawn', async () => {
    const { chart, panel } = await chartAndPanel(
      html`<chart-agent-panel for="c1" base-url=${mockUrl} session-store="memory" style="width:380px;height:560px"></chart-agent-panel>`,
    );
    await chart.tools.execute('chart_set_symbol', { symbol: 'BTCUSDT' });
    await chart.whenPainted();
    await script([
      { toolCalls: [{ name: 'instruments_query_name', arguments: '{"query":"ETH"}' }] },
      { toolCalls: [{ name: 'comparison_create', arguments: '{"symbol":"ETHUSDT"}' }] },
      { text: 'ETHUSDT is now overlaid in percent from the first visible bar.' },
    ]);
    // The first comparison colour in the light theme's shade (4.5:1 on white; src/render/chart-theme.ts).
    const color = parseColor('#9a4d00');
    const before = countPixels(paneCanvas(chart, 'price'), color, 30);
    const hash = canvasHash(paneCanvas(chart, 'price'));
    const done = nextRunEnd(panel);
    await typeAndSend(panel, 'compare with ETH');
    expect((await done).status).to.equal('completed');
    expect(chart.context.get()!.comparisons).to.deep.equal([{ symbol: 'ETHUSDT', sourceId: 'sample' }]);
    await chart.whenPainted();
    await chart.whenPainted();
    const canvas = paneCanvas(chart, 'price');
    expect(canvasHash(canvas)).to.not.equal(hash);
    expect(countPixels(canvas, color, 30) - before, 'comparison line pixels').to.be.greaterThan(150);
    // The legend is a chunk of its own (comparison-legend.ts), shown once it is here.
    await waitFor(() => !!chart.shadowRoot!.querySelector('[data-testid="comparisons"]'), 'the comparisons legend');
    const legend = chart.shadowRoot!.querySelector('[data-testid="comparisons"]')!.textContent;
    expect(legend).to.match(/ETHUSDT .*%/);
    const requests = (await (await fetch(control('requests'))).json()) as {
      body: { messages: { role: string; content: string }[] };
    }[];
    expect(requests.length).to.equal(3);
    const toolMessages = requests[1].body.messages.filter((m) => m.role === 'tool');
    expect(toolMessages.at(-1)!.content).to.include('ETHUSDT');
    expect(messagesText(panel)).to.include('ETHUSDT is now overlaid');
    // Undo removes the overlay.
    chart.undo();
    expect(chart.context.get()!.comparisons).to.deep.equal([]);
  });

  it('an ambiguous comparison adds nothing and returns candidates', async () => {
    const { chart } = await chartAndPanel(
      html`<chart-agent-panel for="c1" base-url=${mockUrl} session-store="memory"></chart-agent-panel>`,
    );
    const r = await chart.tools.execute('comparison_create', { symbol: 'ACME' });
    expect(r.success).to.equal(false);
    expect(!r.success && r.error.code).to.equal('ambiguous');
    expect((r as { data: { candidates: unknown[] } }).data.candidates.length).to.equal(2);
    expect(chart.context.get()!.comparisons.length).to.equal(0);
    const ok = await chart.tools.execute('comparison_create', { symbol: 'XETRA:ACME' });
    expect(ok.success).to.equal(true);
    const list = await chart.tools.execute('comparisons_list', {});
    expect(
      (list as { data: { comparisons: { symbol: string; visibleChangePct: number | null }[] } }).data.comparisons[0]
        .symbol,
    ).to.equal('XETRA:ACME');
    const removed = await chart.tools.execute('comparison_remove', { symbol: 'XETRA:ACME' });
    expect(removed.success).to.equal(true);
    const missing = await chart.tools.execute('comparison_remove', { symbol: 'XETRA:ACME' });
    expect(!missing.success && missing.error.code).to.equal('not_found');
  });

  it("the toolbar's compare button runs comparison_create, and the legend's × runs comparison_remove", async () => {
    const { chart } = await chartAndPanel(
      html`<chart-agent-panel for="c1" base-url=${mockUrl} session-store="memory"></chart-agent-panel>`,
    );
    const root = chart.shadowRoot!;
    // Beside the panel the chart shrinks below 480 px and folds its toolbar into "More": keep it wide.
    chart.style.flex = 'none';
    chart.style.width = '1400px';
    await waitFor(() => root.querySelector('[part~="compare-button"]') !== null, 'the full toolbar');
    root.querySelector<HTMLButtonElement>('[part~="compare-button"]')!.click();
    // The search is a chunk fetched at the first press (components/kline-chart/symbol-search.ts).
    await waitFor(() => root.querySelector('[part~="symbol-input"]') !== null, 'the search box');
    const input = root.querySelector<HTMLInputElement>('[part~="symbol-input"]')!;
    input.value = 'HKDEMO';
    input.dispatchEvent(new Event('input'));
    await waitFor(
      () => [...root.querySelectorAll('.results button')].some((b) => b.textContent.includes('HKEX:HKDEMO')),
      'search results',
    );
    [...root.querySelectorAll<HTMLButtonElement>('.results button')]
      .find((b) => b.textContent.includes('HKEX:HKDEMO'))!
      .click();
    await waitFor(() => chart.context.get()!.comparisons.length === 1, 'comparison added');
    expect(chart.context.get()!.symbol).to.equal('DEMO');
    expect(coreOf(chart).store.history.undoLabel).to.equal('comparison_create');
    await waitFor(() => !!root.querySelector('[part~="comparison-remove"]'), 'legend entry');
    root.querySelector<HTMLButtonElement>('[part~="comparison-remove"]')!.click();
    await waitFor(() => chart.context.get()!.comparisons.length === 0, 'comparison removed');
  });
});
