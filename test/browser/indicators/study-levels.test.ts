import { expect } from '@open-wc/testing';
import { html } from 'lit';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';
import { paneCanvas, readyChart } from '../helpers/chart-fixture.js';
import { minuteBars } from '../lifecycle/lifecycle-fixture.js';

const BAND: [number, number, number] = [255, 0, 255];
const LINE: [number, number, number] = [0, 200, 0];
const STYLE = `width:800px;height:600px;--kline-level-band:rgb(${BAND});--kline-level-color:rgb(${LINE})`;

/** Rows (device px) of a canvas where at least `share` of the pixels are within 8 of `rgb`. */
function rowsOf(canvas: HTMLCanvasElement, rgb: readonly number[], share: number): number[] {
  const { width, height } = canvas;
  const data = canvas.getContext('2d')!.getImageData(0, 0, width, height).data;
  const rows: number[] = [];
  for (let y = 0; y < height; y++) {
    let n = 0;
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      if (Math.abs(data[i] - rgb[0]) <= 8 && Math.abs(data[i + 1] - rgb[1]) <= 8 && Math.abs(data[i + 2] - rgb[2]) <= 8)
        n++;
    }
    if (n >= width * share) rows.push(y);
  }
  return rows;
}

/** Runs of consecutive rows, as their first rows. */
function runs(rows: readonly number[]): number[] {
  return rows.filter((y, i) => i === 0 || rows[i - 1] !== y - 1);
}

function paneOf(chart: KlineChart, id: string): string {
  return coreOf(chart)
    .store.peek('indicators')
    .find((i) => i.definitionId === id)!.paneId;
}

describe("a study's reference levels (TradingView's hlines)", () => {
  it("RSI's pane shows dashed lines at 70, 50 and 30 with the band between 70 and 30 shaded; MACD's has none", async () => {
    const chart = await readyChart(html`<kline-chart style=${STYLE} indicators="RSI,MACD"></kline-chart>`);
    const rsi = paneCanvas(chart, paneOf(chart, 'RSI'));
    const lines = runs(rowsOf(rsi, LINE, 0.3));
    expect(lines.length, 'three dashed lines').to.equal(3);
    const [l70, l50, l30] = lines;
    // Evenly spaced, as 70, 50 and 30 are.
    expect(Math.abs(l50 - l70 - (l30 - l50))).to.be.at.most(2);
    const band = rowsOf(rsi, BAND, 0.3);
    expect(band.length).to.be.greaterThan(10);
    expect(band[0] - l70).to.be.within(-1, 2);
    expect(l30 - band[band.length - 1]).to.be.within(-1, 2);
    const macd = paneCanvas(chart, paneOf(chart, 'MACD'));
    expect(rowsOf(macd, LINE, 0.3)).to.deep.equal([]);
    expect(rowsOf(macd, BAND, 0.3)).to.deep.equal([]);
  });

  it("the pane's scale keeps the levels in view when RSI sits at 0 (a flat market)", async () => {
    const chart = await readyChart(html`<kline-chart style=${STYLE} indicators="RSI"></kline-chart>`);
    const flat = minuteBars(200).map((b) => ({ ...b, open: 100, high: 100, low: 100, close: 100 }));
    expect(chart.setBars(flat, { symbol: 'FLAT', period: '1m', pricePrecision: 2 })).to.equal(true);
    await chart.whenPainted();
    await chart.whenPainted();
    // Before, the scale hugged the 0 line (−1 to 1) and no level was in view.
    expect(runs(rowsOf(paneCanvas(chart, paneOf(chart, 'RSI')), LINE, 0.3)).length).to.equal(3);
  });

  it("a hidden study's levels go with it", async () => {
    const chart = await readyChart(html`<kline-chart style=${STYLE} indicators="RSI"></kline-chart>`);
    const instance = coreOf(chart)
      .store.peek('indicators')
      .find((i) => i.definitionId === 'RSI')!;
    const result = await chart.tools.execute('indicators_update', { instanceId: instance.instanceId, visible: false });
    expect(result.success, JSON.stringify(result)).to.equal(true);
    await chart.whenPainted();
    await chart.whenPainted();
    const canvas = paneCanvas(chart, instance.paneId);
    expect(rowsOf(canvas, LINE, 0.3)).to.deep.equal([]);
    expect(rowsOf(canvas, BAND, 0.3)).to.deep.equal([]);
  });
});
