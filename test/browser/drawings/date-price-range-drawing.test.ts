import { expect } from '@open-wc/testing';
import { html } from 'lit';
import { paneCanvas, priceScales, readyChart, waitFor } from '../helpers/chart-fixture.js';
import { inkChanged, meanColor, paintedTexts, pixels } from './canvas-probe.js';

const DAY = 86_400_000;

describe('date and price range drawing', () => {
  for (const [locale, bars, up] of [
    ['en', 'bars', true],
    ['zh-TW', '根K線', false],
  ] as const) {
    it(`${locale}: shades the box, labels the change and percent, bars and span beyond its far price edge`, async () => {
      const chart = await readyChart(
        html`<kline-chart style="width:900px;height:800px" locale=${locale} symbol="DEMO" period="1d" indicators=""></kline-chart>`,
      );
      const name = locale === 'en' ? 'Date and price range' : '日期與價格區間';
      await waitFor(
        () => chart.shadowRoot!.querySelector('[data-tool="date_price_range"]')?.getAttribute('aria-label') === name,
        'named in the drawing bar',
      );
      const s = await priceScales(chart);
      const n = s.bars.length;
      const [i0, i1] = [n - 41, n - 1];
      const p0 = s.bars.close[i0];
      // 2 %: the labels beyond the far edge stay inside the plot.
      const p1 = up ? p0 * 1.02 : p0 * 0.98;
      const canvas = paneCanvas(chart, 'price');
      const [x0, x1] = [s.indexToX(i0), s.indexToX(i1)];
      const [yTop, yBottom] = [Math.min(s.priceToY(p0), s.priceToY(p1)), Math.max(s.priceToY(p0), s.priceToY(p1))];
      // A quarter of the box away from its arrows, and the strip beyond the far edge (the labels).
      const inside = () => meanColor(canvas, x0 + 6, yTop + 4, (x1 - x0) / 4, (yBottom - yTop) / 4);
      const beyond = () => pixels(canvas, (x0 + x1) / 2 - 40, up ? yTop - 36 : yBottom + 6, 80, 30);
      const before = { inside: inside(), beyond: beyond() };
      const texts = await paintedTexts(chart, () =>
        chart.tools.execute('drawing_create', {
          kind: 'date_price_range',
          points: [
            { time: s.bars.time[i0], price: p0 },
            { time: s.bars.time[i1], price: p1 },
          ],
        }),
      );
      const tint = inside();
      expect(tint[2] - tint[0] - (before.inside[2] - before.inside[0]), 'the box is bluer').to.be.greaterThan(8);
      expect(inkChanged(beyond(), before.beyond), 'labels beyond the far edge').to.be.greaterThan(30);
      const all = texts.join(' | ');
      expect(
        texts.some((t) => (up ? /^Δ \+[\d.,]+ \(\+2\.00%\)$/ : /^Δ -[\d.,]+ \(-2\.00%\)$/).test(t)),
        all,
      ).to.equal(true);
      const days = Math.floor((s.bars.time[i1] - s.bars.time[i0]) / DAY);
      const unit = locale === 'en' ? 'd' : '天';
      expect(
        texts.some((t) => t.startsWith(`40 ${bars}, ${days}${unit}`)),
        all,
      ).to.equal(true);
    });
  }
});
