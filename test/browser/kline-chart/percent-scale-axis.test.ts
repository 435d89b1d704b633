import { expect } from '@open-wc/testing';
import { html } from 'lit';
import { readyChart } from '../helpers/chart-fixture.js';
import { repaintTexts } from '../helpers/canvas-texts.js';

/**
 * The percent price scale, as a TradingView user knows it: the axis at round percentages from the first
 * bar in view, and the last-price tag saying the same percentage rather than a price beside % labels.
 */
describe('<kline-chart> percent price scale', () => {
  it('labels round percentages and tags the last price with its change in %', async () => {
    const chart = await readyChart(html`<kline-chart style="width:800px;height:500px" indicators=""></kline-chart>`);
    // The legend's close (the last bar's, no crosshair): the price scale's tag says it.
    const cell = [...chart.shadowRoot!.querySelectorAll<HTMLElement>('[data-testid="ohlc"] > span')][3];
    const lastClose = cell.textContent.replace(cell.querySelector('.muted')!.textContent, '').trim();
    expect(await repaintTexts(chart), 'the price scale tags the last price').to.include(lastClose);
    const r = await chart.tools.execute('settings_update', { values: { priceScale: 'percent' } });
    expect(r.success, JSON.stringify(r)).to.equal(true);
    await chart.whenPainted();
    const texts = await repaintTexts(chart);

    const ticks = texts.filter((t) => /^-?\d+(\.\d+)?%$/.test(t)).map((t) => Number(t.slice(0, -1)));
    expect(ticks.length, `percent ticks among ${texts.join(' | ')}`).to.be.greaterThan(3);
    ticks.sort((a, b) => a - b);
    const step = Math.min(...ticks.slice(1).map((v, i) => v - ticks[i]));
    const unit = 10 ** Math.floor(Math.log10(step) + 1e-9);
    expect(
      [1, 2, 5].some((m) => Math.abs(step / unit - m) < 1e-6),
      `a 1/2/5 step (${ticks.join(', ')})`,
    ).to.equal(true);
    for (const t of ticks)
      expect(Math.abs(t / step - Math.round(t / step)), `${t} on the ${step} grid`).to.be.lessThan(1e-6);

    // The last price's tag: the change from the first bar in view, signed, two decimals.
    const tags = texts.filter((t) => /^[+-]\d+\.\d{2}%$/.test(t) || t === '0.00%');
    expect(tags.length, `a percent tag among ${texts.join(' | ')}`).to.be.greaterThan(0);
    expect(texts, 'no price tag beside percent labels').to.not.include(lastClose);
  });
});
