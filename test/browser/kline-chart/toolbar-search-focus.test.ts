import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { html } from 'lit';
import { readyChart, waitFor } from '../helpers/chart-fixture.js';
import { deepActive, press } from '../helpers/keyboard.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';

/** A chart wide enough that the symbol and compare buttons stay in the toolbar row. */
function wideChart(): Promise<KlineChart> {
  return readyChart(html`<kline-chart style="width:1400px;height:500px" indicators=""></kline-chart>`);
}

function part(chart: KlineChart, name: string): HTMLElement {
  const el = chart.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`);
  if (!el) throw new Error(`no [part~=${name}]`);
  return el;
}

describe('<kline-chart> toolbar search: what is typed after opening it goes into the search box', () => {
  it('the box and its list have their look (styles of the search chunk) from the render that first shows them', async () => {
    const chart = await wideChart();
    const root = chart.shadowRoot!;
    // Read in a mutation callback: after the render that adds the box, before the browser could paint it.
    const first = new Promise<{ width: string; borderColor: string; listPosition: string }>((resolve) => {
      const observer = new MutationObserver(() => {
        const input = root.querySelector<HTMLElement>('[part~="symbol-input"]');
        const list = root.querySelector<HTMLElement>('.results');
        if (!input || !list) return;
        observer.disconnect();
        resolve({
          width: getComputedStyle(input).width,
          borderColor: getComputedStyle(input).borderTopColor,
          listPosition: getComputedStyle(list).position,
        });
      });
      observer.observe(root, { childList: true, subtree: true });
    });
    part(chart, 'symbol-button').click();
    const seen = await first;
    expect(seen.width).to.equal('140px');
    expect(seen.listPosition, 'the results float over the chart').to.equal('absolute');
    // The chart's border colour (a toolbar separator is drawn in it), not the toolbar buttons' transparent border.
    expect(seen.borderColor).to.equal(
      getComputedStyle(root.querySelector<HTMLElement>('.toolbar .sep')!).backgroundColor,
    );
  });

  it('the compare button opens a focused search: typing a name and Enter adds that comparison', async () => {
    const chart = await wideChart();
    part(chart, 'compare-button').click();
    await waitFor(() => chart.shadowRoot!.querySelector('[part~="symbol-input"]') !== null, 'the search box');
    await waitFor(() => deepActive()?.getAttribute('part') === 'symbol-input', 'focus in the search box');
    await sendKeys({ type: 'HKDEMO' });
    await waitFor(
      () =>
        [...chart.shadowRoot!.querySelectorAll('.results button')].map((b) => b.textContent).join() !== '' &&
        [...chart.shadowRoot!.querySelectorAll('.results button')].every((b) => b.textContent.includes('HKDEMO')),
      'results narrowed to HKDEMO',
    );
    await press('Enter');
    await waitFor(() => chart.context.get()!.comparisons.length === 1, 'comparison added');
    expect(chart.context.get()!.comparisons[0].symbol).to.equal('HKEX:HKDEMO');
    expect(chart.context.get()!.symbol).to.equal('DEMO');
  });

  it('the symbol button opens a focused search: typing a name and Enter switches the symbol', async () => {
    const chart = await wideChart();
    part(chart, 'symbol-button').click();
    await waitFor(() => deepActive()?.getAttribute('part') === 'symbol-input', 'focus in the search box');
    await sendKeys({ type: 'TKDEMO' });
    await waitFor(
      () =>
        [...chart.shadowRoot!.querySelectorAll('.results button')].some((b) => b.textContent.includes('TSE:TKDEMO')),
      'results',
    );
    await press('Enter');
    await waitFor(() => chart.context.get()?.symbol === 'TKDEMO', 'symbol switched');
  });

  for (const mode of ['symbol', 'compare'] as const)
    it(`Escape in the ${mode} search closes it, focus back on the ${mode} button`, async () => {
      const chart = await wideChart();
      const root = chart.shadowRoot!;
      part(chart, `${mode}-button`).click();
      await waitFor(() => deepActive()?.getAttribute('part') === 'symbol-input', 'focus in the search box');
      expect(part(chart, 'symbol-input').getAttribute('aria-label')).to.equal(
        part(chart, `${mode}-button`).getAttribute('title'),
      );
      await press('Escape');
      await waitFor(() => root.querySelector('[part~="symbol-input"]') === null, 'the search box closed');
      await waitFor(() => deepActive()?.getAttribute('part') === `${mode}-button`, `focus on the ${mode} button`);
      expect(part(chart, `${mode}-button`).getAttribute('aria-expanded')).to.equal('false');
    });

  it('on a chart too narrow for the compare button, the "More" menu\'s compare item opens the focused compare search', async () => {
    const chart = await readyChart(html`<kline-chart style="width:400px;height:420px" indicators=""></kline-chart>`);
    const root = chart.shadowRoot!;
    expect(root.querySelector('[part~="compare-button"]'), 'no compare button in the row').to.equal(null);
    part(chart, 'more-button').click();
    await waitFor(() => root.querySelector('[part="more-menu"] [data-action="compare"]') !== null, 'the compare item');
    root.querySelector<HTMLElement>('[part="more-menu"] [data-action="compare"]')!.click();
    await waitFor(() => deepActive()?.getAttribute('part') === 'symbol-input', 'focus in the search box');
    await sendKeys({ type: 'HKDEMO' });
    await waitFor(
      () => [...root.querySelectorAll('.results button')].some((b) => b.textContent.includes('HKEX:HKDEMO')),
      'results',
    );
    await press('Enter');
    await waitFor(() => chart.context.get()!.comparisons.length === 1, 'comparison added');
    expect(chart.context.get()!.symbol).to.equal('DEMO');
  });
});
