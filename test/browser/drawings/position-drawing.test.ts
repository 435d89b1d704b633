import { expect } from '@open-wc/testing';
import { html } from 'lit';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { paneCanvas, priceScales, readyChart } from '../helpers/chart-fixture.js';

/** Mean [r, g, b] of a canvas rectangle (canvas px). */
function mean(canvas: HTMLCanvasElement, x: number, y: number, w: number, h: number): number[] {
  const data = canvas.getContext('2d')!.getImageData(Math.round(x), Math.round(y), Math.round(w), Math.round(h)).data;
  const sum = [0, 0, 0];
  for (let i = 0; i < data.length; i += 4) for (let c = 0; c < 3; c++) sum[c] += data[i + c];
  return sum.map((v) => v / (data.length / 4));
}

/** Places a long position over the last 40 bars: entry at the last close, target +4 %, stop −2 %. */
async function longPosition(chart: KlineChart) {
  const s = await priceScales(chart);
  const n = s.bars.length;
  const entry = s.bars.close[n - 41];
  const [target, stop] = [entry * 1.04, entry * 0.98];
  const canvas = paneCanvas(chart, 'price');
  const x0 = s.indexToX(n - 41);
  const x1 = s.indexToX(n - 1);
  // Thin bands just inside each zone, next to its far edge, read before and after.
  const band = (price: number, toward: number) => {
    const y = s.priceToY(price) + (s.priceToY(toward) > s.priceToY(price) ? 3 : -9);
    return () => mean(canvas, x0 + 4, y, x1 - x0 - 8, 6);
  };
  const profit = band(target, entry);
  const loss = band(stop, entry);
  const before = { profit: profit(), loss: loss() };
  const made = await chart.tools.execute('drawing_create', {
    kind: 'long_position',
    points: [
      { time: s.bars.time[n - 41], price: entry },
      { time: s.bars.time[n - 1], price: target },
      { time: s.bars.time[n - 41], price: stop },
    ],
  });
  expect(made.success, JSON.stringify(made)).to.equal(true);
  await chart.whenPainted();
  await chart.whenPainted();
  const after = { profit: profit(), loss: loss() };
  // The shift each zone's tint gave the band: green minus red.
  const tint = (a: number[], b: number[]) => a[1] - b[1] - (a[0] - b[0]);
  return { profit: tint(after.profit, before.profit), loss: tint(after.loss, before.loss) };
}

describe('long and short position drawings', () => {
  it('the zone to the target takes the rising colour, the zone to the stop the falling colour', async () => {
    const chart = await readyChart(html`<kline-chart style="width:900px;height:520px" indicators=""></kline-chart>`);
    const tint = await longPosition(chart);
    expect(tint.profit, 'profit zone greener').to.be.greaterThan(10);
    expect(tint.loss, 'loss zone redder').to.be.lessThan(-10);
  });

  it('under red-up the profit zone is red and the loss zone green, as the candles', async () => {
    const chart = await readyChart(
      html`<kline-chart style="width:900px;height:520px" indicators="" color-convention="red-up"></kline-chart>`,
    );
    const tint = await longPosition(chart);
    expect(tint.profit).to.be.lessThan(-10);
    expect(tint.loss).to.be.greaterThan(10);
  });

  it('the drawing bar offers both, and drawing_list reports the three points', async () => {
    const chart = await readyChart(html`<kline-chart style="width:900px;height:800px"></kline-chart>`);
    await chart.updateComplete;
    const bar = chart.shadowRoot!.querySelector('[part="drawing-toolbar"]')!;
    expect(bar.querySelector('[data-tool="long_position"]')?.getAttribute('aria-label')).to.equal('Long position');
    expect(bar.querySelector('[data-tool="short_position"]')?.getAttribute('aria-label')).to.equal('Short position');
    await longPosition(chart);
    const listed = await chart.tools.execute('drawings_list', {});
    const drawings = (listed.data as { drawings: { kind: string; points: unknown[] }[] }).drawings;
    expect(drawings.map((d) => [d.kind, d.points.length])).to.deep.equal([['long_position', 3]]);
  });
});
