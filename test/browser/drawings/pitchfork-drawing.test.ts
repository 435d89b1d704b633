import { expect } from '@open-wc/testing';
import { html } from 'lit';
import { paneCanvas, priceScales, readyChart } from '../helpers/chart-fixture.js';
import { inkChanged, pixels } from './canvas-probe.js';

describe("Andrews' pitchfork drawing", () => {
  it('paints the median and both parallels from their points to the right edge of the plot', async () => {
    const chart = await readyChart(
      html`<kline-chart style="width:900px;height:800px" locale="en" symbol="DEMO" period="1d" indicators=""></kline-chart>`,
    );
    const bar = chart.shadowRoot!.querySelector('[part="drawing-toolbar"]')!;
    expect(bar.querySelector('[data-tool="pitchfork"]')?.getAttribute('aria-label')).to.equal('Pitchfork');
    const s = await priceScales(chart);
    const n = s.bars.length;
    const [i1, i2] = [n - 61, n - 41];
    const p1 = s.bars.close[i1];
    // The second and third points a bar apart in time, 2 % above and below: a level median through P1's price.
    const [p2, p3] = [p1 * 1.02, p1 * 0.98];
    const canvas = paneCanvas(chart, 'price');
    const right = s.plot.left + s.plot.width;
    const x2 = s.indexToX(i2);
    // Strips along each line from past the points to the plot's right edge, and between the lines.
    const strip = (price: number, from: number) => () =>
      pixels(canvas, from, s.priceToY(price) - 1, right - from - 2, 3);
    const lines = [strip(p1, s.indexToX(i1) + 10), strip(p2, x2 + 10), strip(p3, x2 + 10)];
    const between = [strip(p1 * 1.01, x2 + 10), strip(p1 * 0.99, x2 + 10)];
    const before = [...lines, ...between].map((read) => read());
    const made = await chart.tools.execute('drawing_create', {
      kind: 'pitchfork',
      points: [
        { time: s.bars.time[i1], price: p1 },
        { time: s.bars.time[i2], price: p2 },
        { time: s.bars.time[i2], price: p3 },
      ],
    });
    expect(made.success, JSON.stringify(made)).to.equal(true);
    await chart.whenPainted();
    await chart.whenPainted();
    ['median', 'upper parallel', 'lower parallel'].forEach((name, i) => {
      const after = lines[i]();
      expect(inkChanged(after, before[i]), name).to.be.greaterThan((after.length / 4 / 3) * 0.9);
      // Up to the right edge: the strip's last 6 columns are painted too (in whichever row the line falls).
      const w = after.length / 4 / 3;
      const tail = (px: Uint8ClampedArray) =>
        Uint8ClampedArray.from([0, 1, 2].flatMap((r) => [...px.subarray((r * w + w - 6) * 4, (r * w + w) * 4)]));
      const [now, was] = [tail(after), tail(before[i])];
      expect(inkChanged(now, was), `${name} reaches the right edge`).to.be.greaterThan(4);
    });
    between.forEach((read, i) => {
      const after = read();
      expect(inkChanged(after, before[lines.length + i]), 'nothing between the lines').to.be.lessThan(
        (after.length / 4) * 0.05,
      );
    });
  });
});
