import { expect } from '@open-wc/testing';
import { html } from 'lit';
import { readyChart, waitFor } from '../helpers/chart-fixture.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';

const INDICATORS = 'MA(5,10,20),BOLL,VOL,MACD(12,26,9),RSI(14)';

function boxes(chart: KlineChart): { legend: DOMRect; clipMargin: number; paneLegend: DOMRect } {
  const root = chart.shadowRoot!;
  const legend = root.querySelector<HTMLElement>('[part="legend"]')!;
  const paneLegend = root.querySelector<HTMLElement>('.pane-legend')!;
  const style = getComputedStyle(legend);
  const clipped = style.overflow === 'clip' || style.overflow === 'hidden';
  return {
    legend: legend.getBoundingClientRect(),
    clipMargin: clipped ? parseFloat(style.getPropertyValue('overflow-clip-margin')) || 0 : Infinity,
    paneLegend: paneLegend.getBoundingClientRect(),
  };
}

/**
 * The demo's five studies in a chart 320 × 240: the price pane is ~60 px tall, its legend (title,
 * prices, MA, BOLL) ~70 px, and its MA/BOLL rows were written over the volume pane's legend.
 */
describe("the price pane's legend on a short chart", () => {
  it('ends above the next pane: it does not write over the volume legend', async () => {
    const chart = await readyChart(
      html`<kline-chart style="width:320px;height:240px" indicators=${INDICATORS}></kline-chart>`,
    );
    await waitFor(() => !!chart.shadowRoot!.querySelector('.pane-legend'), 'the volume legend');
    const { legend, clipMargin, paneLegend } = boxes(chart);
    // What is painted of the legend: its box, plus its clip margin when it clips (else all of its rows).
    const paintedBottom = legend.bottom + clipMargin;
    expect(paintedBottom, `legend painted to ${paintedBottom}, volume legend from ${paneLegend.top}`).to.be.at.most(
      paneLegend.top,
    );
  });

  it('shows whole lines only: a study that does not fit is left out, not cut in half', async () => {
    const chart = await readyChart(
      html`<kline-chart style="width:320px;height:240px" indicators=${INDICATORS}></kline-chart>`,
    );
    const root = chart.shadowRoot!;
    const legend = root.querySelector<HTMLElement>('[part="legend"]')!.getBoundingClientRect();
    const titles = [...root.querySelectorAll<HTMLElement>('[part="legend"] .indicator-title')];
    expect(titles.length, 'MA and BOLL titles').to.equal(2);
    const shown = titles.filter((t) => t.getBoundingClientRect().left < legend.right);
    expect(shown.length, 'the MA line still fits').to.be.at.least(1);
    for (const t of shown) {
      const box = t.getBoundingClientRect();
      expect(box.bottom, `${t.textContent} shown whole (legend ends at ${legend.bottom})`).to.be.at.most(
        legend.bottom + 0.5,
      );
    }
  });

  it('keeps every row on a chart tall enough for them', async () => {
    const chart = await readyChart(
      html`<kline-chart style="width:800px;height:500px" indicators=${INDICATORS}></kline-chart>`,
    );
    const legend = chart.shadowRoot!.querySelector<HTMLElement>('[part="legend"]')!;
    expect(legend.scrollHeight, 'nothing clipped').to.be.at.most(legend.clientHeight);
    expect(boxes(chart).legend.bottom).to.be.at.most(boxes(chart).paneLegend.top);
  });
});
