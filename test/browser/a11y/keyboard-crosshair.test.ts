import { expect } from '@open-wc/testing';
import { html } from 'lit';
import { readyChart } from '../helpers/chart-fixture.js';
import { pollUntil } from '../helpers/wait-for.js';
import { countPixels } from '../helpers/canvas-pixels.js';
import { press } from '../helpers/keyboard.js';
import { screenPixels } from '../helpers/screen-pixels.js';

const LINE: [number, number, number] = [255, 0, 255];
const TAG: [number, number, number] = [0, 255, 255];

/** Columns (CSS px from the left of `canvas`) where at least `fraction` of the rows are `rgb`: vertical lines. */
function lineColumns(canvas: HTMLCanvasElement, rgb: [number, number, number], fraction = 0.25): number[] {
  const cols: number[] = [];
  for (let x = 0; x < canvas.width; x++)
    if (countPixels(canvas, rgb, 16, { x, y: 0, w: 1, h: canvas.height }) >= canvas.height * fraction) cols.push(x);
  return cols;
}

describe('the keyboard crosshair', () => {
  it('draws its vertical line in every pane, as the pointer’s does, and Escape takes it from all of them', async () => {
    const chart = await readyChart(
      html`<kline-chart
        style="width:800px;height:500px;--kline-crosshair-color:#ff00ff;--kline-crosshair-label-background:#00ffff"
        indicators="MACD"
      ></kline-chart>`,
    );
    const root = chart.shadowRoot!;
    const priceOver = root.querySelector<HTMLElement>('.pane[data-pane-id="price"] .u-over')!;
    const macd = [...root.querySelectorAll<HTMLElement>('.pane')].at(-1)!;
    expect(macd.dataset.paneId).to.not.equal('price');
    const macdOver = macd.querySelector<HTMLElement>('.u-over')!;
    expect(lineColumns(await screenPixels(macdOver), LINE), 'no line before a key').to.deep.equal([]);

    chart.focus();
    await press('ArrowLeft');
    // The price pane shows the line (it always did): the screen has a magenta column there.
    let priceCols: number[] = [];
    await pollUntil(
      async () => (priceCols = lineColumns(await screenPixels(priceOver), LINE)).length > 0,
      'price line',
    );
    const x = priceCols[0] + priceOver.getBoundingClientRect().left;

    // The indicator pane shows it too, at the same x.
    const macdCols = lineColumns(await screenPixels(macdOver), LINE);
    expect(macdCols.length, 'a vertical crosshair line in the MACD pane').to.be.greaterThan(0);
    expect(Math.abs(macdCols[0] + macdOver.getBoundingClientRect().left - x)).to.be.at.most(1);
    // And its time tag on the time axis under the MACD pane (canvas pixels).
    const tagged = [...macd.querySelectorAll('canvas')].reduce((n, c) => n + countPixels(c, TAG, 8), 0);
    expect(tagged, 'the time tag under the last pane').to.be.greaterThan(50);

    // The next bar moves the line in both panes.
    await press('ArrowLeft');
    await pollUntil(async () => {
      const cols = lineColumns(await screenPixels(macdOver), LINE);
      return cols.length > 0 && cols[0] + macdOver.getBoundingClientRect().left < x - 1;
    }, 'the MACD line one bar to the left');

    await press('Escape');
    await pollUntil(
      async () => lineColumns(await screenPixels(macdOver), LINE).length === 0,
      'no line in the MACD pane after Escape',
    );
    expect(lineColumns(await screenPixels(priceOver), LINE), 'nor in the price pane').to.deep.equal([]);
  });
});
