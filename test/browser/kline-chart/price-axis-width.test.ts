import { expect } from '@open-wc/testing';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { barsAt, minuteBars, mountChart, painted, removeFixtures } from '../lifecycle/lifecycle-fixture.js';
import { waitFor } from '../helpers/wait-for.js';

interface DrawnText {
  readonly text: string;
  /** Its right edge and its canvas's width, device px. */
  readonly right: number;
  readonly canvasWidth: number;
}

/** Every text the chart's pane canvases draw in a full repaint, with where it ends. */
async function drawnTexts(chart: KlineChart): Promise<DrawnText[]> {
  const drawn: DrawnText[] = [];
  const fillText = CanvasRenderingContext2D.prototype.fillText;
  CanvasRenderingContext2D.prototype.fillText = function (text: string, x: number, y: number, w?: number) {
    const align = this.textAlign;
    const width = this.measureText(text).width;
    const left = align === 'right' || align === 'end' ? x - width : align === 'center' ? x - width / 2 : x;
    if (this.canvas instanceof HTMLCanvasElement && this.canvas.closest('.pane') !== null)
      drawn.push({ text, right: left + width, canvasWidth: this.canvas.width });
    return w === undefined ? fillText.call(this, text, x, y) : fillText.call(this, text, x, y, w);
  };
  try {
    chart.style.width = `${chart.offsetWidth + 1}px`;
    await waitFor(() => drawn.length > 0, 'a repaint');
    await chart.whenPainted();
    await chart.whenPainted();
    return drawn;
  } finally {
    CanvasRenderingContext2D.prototype.fillText = fillText;
  }
}

/** The price axis's width: from the price plot's right edge to the pane's, CSS px. */
function axisWidth(chart: KlineChart): number {
  const pane = chart.shadowRoot!.querySelector<HTMLElement>('.pane')!.getBoundingClientRect();
  return Math.round(pane.right - plotRects(chart)[0].right);
}

/** The plot areas (uPlot's `.u-over`) of the panes, top to bottom, in viewport px. */
function plotRects(chart: KlineChart): DOMRect[] {
  return [...chart.shadowRoot!.querySelectorAll<HTMLElement>('.pane .u-over')].map((o) => o.getBoundingClientRect());
}

describe('the price axis fits its prices', () => {
  afterEach(removeFixtures);

  it("a coin priced in millionths with 10 decimals: the last price's tag and every label end inside the chart", async () => {
    const { chart } = mountChart({ source: 'custom' });
    expect(chart.setBars(barsAt(0.000_000_09), { symbol: 'PEPEUSDT', period: '1m', pricePrecision: 10 })).to.equal(
      true,
    );
    await painted(chart);
    const texts = await drawnTexts(chart);
    const tag = texts.find((t) => /^0\.0000\d{6}$/.test(t.text));
    expect(tag, 'the last price tag with its 10 decimals').to.not.equal(undefined);
    // Before, the axis stayed 64 px wide and the tag's last digits ran past the chart's edge.
    for (const t of texts) expect(t.right, `"${t.text}" ends inside its canvas`).to.be.at.most(t.canvasWidth);
  });

  it('prices of ten digits (bitcoin in rupiah): the tag is whole, and the volume pane lines up with the price pane', async () => {
    const { chart } = mountChart({ source: 'custom' });
    expect(chart.setBars(barsAt(13_000_000), { symbol: 'BTCIDR', period: '1m', pricePrecision: 0 })).to.equal(true);
    await painted(chart);
    expect(axisWidth(chart)).to.be.greaterThan(64);
    const texts = await drawnTexts(chart);
    expect(texts.some((t) => /^1\d{9}$/.test(t.text))).to.equal(true);
    for (const t of texts) expect(t.right, `"${t.text}" ends inside its canvas`).to.be.at.most(t.canvasWidth);
    const [price, volume] = plotRects(chart);
    expect(volume.left).to.equal(price.left);
    expect(volume.width).to.equal(price.width);
  });

  it('ordinary prices keep the narrow axis: the plot is as wide as before', async () => {
    const { chart } = mountChart({ source: 'custom' });
    expect(chart.setBars(minuteBars(160), { symbol: 'ACME', period: '1m', pricePrecision: 2 })).to.equal(true);
    await painted(chart);
    const [price, volume] = plotRects(chart);
    expect(axisWidth(chart)).to.equal(64);
    expect(volume.width).to.equal(price.width);
  });

  it('the axis narrows again when the chart switches from long prices to short ones', async () => {
    const { chart } = mountChart({ source: 'custom' });
    chart.setBars(barsAt(13_000_000), { symbol: 'BTCIDR', period: '1m', pricePrecision: 0 });
    await painted(chart);
    const wide = plotRects(chart)[0].width;
    chart.setBars(minuteBars(160), { symbol: 'ACME', period: '1m', pricePrecision: 2 });
    await painted(chart);
    const [price, volume] = plotRects(chart);
    expect(price.width).to.be.greaterThan(wide);
    expect(axisWidth(chart)).to.equal(64);
    expect(volume.width).to.equal(price.width);
  });
});
