import { expect } from '@open-wc/testing';
import { html } from 'lit';
import { paneCanvas, priceScales, readyChart } from '../helpers/chart-fixture.js';
import { inkChanged, paintedTexts, pixels } from './canvas-probe.js';

describe('trend-based fib extension drawing', () => {
  it('paints a level line at C + k·(B − A) for each ratio, from C rightwards, labelled with ratio and price', async () => {
    const chart = await readyChart(
      html`<kline-chart style="width:900px;height:800px" locale="en" symbol="DEMO" period="1d" indicators=""></kline-chart>`,
    );
    const bar = chart.shadowRoot!.querySelector('[part="drawing-toolbar"]')!;
    expect(bar.querySelector('[data-tool="fib_extension"]')?.getAttribute('aria-label')).to.equal(
      'Trend-based fib extension',
    );
    const s = await priceScales(chart);
    const n = s.bars.length;
    const [ia, ib, ic] = [n - 61, n - 41, n - 31];
    const pa = s.bars.close[ia];
    const [pb, pc] = [pa * 1.01, pa * 1.005];
    const canvas = paneCanvas(chart, 'price');
    const xc = s.indexToX(ic);
    const xr = xc + (s.indexToX(ib) - s.indexToX(ia));
    // A 3 px strip along each level, clear of its label at the left, and strips halfway between levels.
    const ks = [0, 0.618, 1, 1.618];
    const strip = (price: number) => () => pixels(canvas, xc + 110, s.priceToY(price) - 1, xr - xc - 120, 3);
    const levels = ks.map((k) => strip(pc + k * (pb - pa)));
    const gaps = ks.slice(1).map((k, i) => strip(pc + ((k + ks[i]) / 2) * (pb - pa)));
    const before = [...levels, ...gaps].map((read) => read());
    const texts = await paintedTexts(chart, () =>
      chart.tools.execute('drawing_create', {
        kind: 'fib_extension',
        points: [
          { time: s.bars.time[ia], price: pa },
          { time: s.bars.time[ib], price: pb },
          { time: s.bars.time[ic], price: pc },
        ],
      }),
    );
    const width = Math.round(xr - xc - 120);
    levels.forEach((read, i) => {
      expect(inkChanged(read(), before[i]), `a line at level ${ks[i]}`).to.be.greaterThan(width * 0.8);
    });
    gaps.forEach((read, i) => {
      expect(inkChanged(read(), before[levels.length + i]), `nothing between levels ${i}`).to.be.lessThan(width * 0.2);
    });
    for (const k of ['0', '0.618', '1', '1.618', '2.618'])
      expect(
        texts.some((t) => t.startsWith(`${k} (`)),
        `${k} among ${texts.join(' | ')}`,
      ).to.equal(true);
    const price = (k: number) => (pc + k * (pb - pa)).toFixed(2);
    expect(texts).to.include(`1.618 (${price(1.618)})`);
  });
});
