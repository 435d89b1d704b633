import { expect } from '@open-wc/testing';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import type { PrimitiveScales } from '../../../components/kline-chart/chart-primitive.js';
import { parseColor } from '../helpers/canvas-pixels.js';
import { paneCanvas } from '../helpers/chart-fixture.js';
import { axisLabels } from '../helpers/axis-labels.js';
import { minuteBars, mountChart, painted, removeFixtures } from '../lifecycle/lifecycle-fixture.js';

/**
 * The price axis leaves out the tick labels a price tag would half cover (the last price, a price
 * line's label). These tests read the axis strip's pixels: which labels a person sees next to which tag.
 */

/** The price pane's scales, through a primitive that paints nothing (the public way to map prices to pixels). */
function watchScales(chart: KlineChart): () => PrimitiveScales {
  let scales: PrimitiveScales | null = null;
  chart.addPrimitive({ paint: (_ctx, s) => void (scales = s) });
  return () => {
    if (!scales) throw new Error('the price pane has not painted yet');
    return scales;
  };
}

/** Rows (canvas px) of the right price axis strip that hold axis-coloured label ink. */
function labelRows(chart: KlineChart, scales: PrimitiveScales): Set<number> {
  const canvas = paneCanvas(chart, 'price');
  const axis = parseColor(getComputedStyle(chart).getPropertyValue('--kline-axis-color').trim() || '#787b86');
  const x0 = Math.ceil(scales.plot.left + scales.plot.width) + 2;
  const rows = new Set<number>();
  for (const label of axisLabels(canvas, x0, canvas.width, axis))
    for (let r = label.top; r <= label.bottom; r++) rows.add(r);
  return rows;
}

/**
 * Whether the label centred at `y` shows, looking only at its rows above `y + 1` (a tag placed
 * 11 px below covers the rest: tags are 16 px high).
 */
function labelShows(chart: KlineChart, scales: PrimitiveScales, y: number): boolean {
  const rows = labelRows(chart, scales);
  const pr = scales.pixelRatio;
  for (let r = Math.round(y - 5 * pr); r <= Math.round(y + 1 * pr); r++) if (rows.has(r)) return true;
  return false;
}

describe('price axis labels under the price tags', function () {
  this.timeout(60000);
  afterEach(removeFixtures);

  async function setUp(): Promise<{
    chart: KlineChart;
    scales: () => PrimitiveScales;
    label: number;
    nearPrice: number;
  }> {
    const { chart } = mountChart({ symbol: 'TAGS', period: '1m' });
    chart.setBars(minuteBars(200), { pricePrecision: 2 });
    await painted(chart);
    const scales = watchScales(chart);
    await chart.tools.execute('settings_update', { values: { lastPrice: false } });
    await painted(chart);
    const s = scales();
    // A label in the middle third of the axis, well away from everything else.
    const axis = parseColor(getComputedStyle(chart).getPropertyValue('--kline-axis-color').trim() || '#787b86');
    const canvas = paneCanvas(chart, 'price');
    const centres = axisLabels(canvas, Math.ceil(s.plot.left + s.plot.width) + 2, canvas.width, axis).map(
      (l) => l.centre,
    );
    const mid = s.plot.top + s.plot.height / 2;
    const label = centres.reduce((a, b) => (Math.abs(b - mid) < Math.abs(a - mid) ? b : a));
    expect(labelShows(chart, s, label), 'the label shows before any tag').to.equal(true);
    // 11 CSS px below the label: its tag would half cover it.
    return { chart, scales, label, nearPrice: s.yToPrice(label + 11 * s.pixelRatio) };
  }

  it('a price line tag hides the label it would cover; moved away or removed, the label is back', async () => {
    const { chart, scales, label, nearPrice } = await setUp();
    const created = await chart.createPriceLine({ price: nearPrice, color: '#ff00ff', label: 'Stop' });
    expect(created.success, JSON.stringify(created)).to.equal(true);
    const id = (created.data as { id: string }).id;
    await chart.whenPainted();
    expect(labelShows(chart, scales(), label), 'hidden under the new tag').to.equal(false);

    const far = scales().yToPrice(scales().plot.top + 20 * scales().pixelRatio);
    expect((await chart.updatePriceLine(id, { price: far })).success).to.equal(true);
    await chart.whenPainted();
    expect(labelShows(chart, scales(), label), 'back once the tag moved away').to.equal(true);

    expect((await chart.updatePriceLine(id, { price: nearPrice })).success).to.equal(true);
    await chart.whenPainted();
    expect(labelShows(chart, scales(), label), 'hidden again when it moved back').to.equal(false);

    expect((await chart.removePriceLines([id])).success).to.equal(true);
    await chart.whenPainted();
    expect(labelShows(chart, scales(), label), 'back once the line is removed').to.equal(true);
  });

  it('the last price tag follows a new last bar: the label it covers hides, and shows again when it moves', async () => {
    const { chart, scales, label, nearPrice } = await setUp();
    await chart.tools.execute('settings_update', { values: { lastPrice: true } });
    await painted(chart);
    const bars = minuteBars(200);
    const last = bars[bars.length - 1];
    // Inside the visible range: the scale stays where it is.
    const at = (close: number) => ({
      ...last,
      close,
      high: Math.max(last.high, close),
      low: Math.min(last.low, close),
    });
    expect(labelShows(chart, scales(), label), 'the last close is elsewhere').to.equal(true);
    expect(chart.updateBar(at(nearPrice))).to.equal(true);
    await chart.whenPainted();
    expect(labelShows(chart, scales(), label), 'hidden under the last price tag').to.equal(false);
    expect(chart.updateBar({ ...at(last.close), time: last.time + 60_000, open: last.close })).to.equal(true);
    await chart.whenPainted();
    await chart.whenPainted();
    // A new bar scrolls the view one slot: find the label again by its price.
    const y = scales().priceToY(scales().yToPrice(label));
    expect(labelShows(chart, scales(), y), 'back once a new bar moved the last price away').to.equal(true);
  });

  it('the tag text follows a precision change', async () => {
    const { chart } = mountChart({ symbol: 'PREC', period: '1m' });
    chart.setBars(minuteBars(200), { pricePrecision: 2 });
    await painted(chart);
    const scales = watchScales(chart);
    await chart.whenPainted();
    const bars = minuteBars(200);
    const close = bars[bars.length - 1].close;
    /** White text pixels inside the last price tag. */
    const textInk = () => {
      const s = scales();
      const y = Math.round(s.priceToY(close));
      const x0 = Math.ceil(s.plot.left + s.plot.width) + 1;
      const canvas = paneCanvas(chart, 'price');
      const h = Math.round(7 * s.pixelRatio);
      const data = canvas.getContext('2d')!.getImageData(x0, y - h, canvas.width - x0, 2 * h).data;
      let n = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i] > 230 && data[i + 1] > 230 && data[i + 2] > 230) n++;
      return n;
    };
    const two = textInk();
    expect(two, 'the tag has text').to.be.greaterThan(20);
    chart.setBars(bars, { pricePrecision: 6 });
    await painted(chart);
    expect(textInk(), 'four more digits').to.be.greaterThan(two * 1.3);
    chart.setBars(bars, { pricePrecision: 2 });
    await painted(chart);
    expect(textInk(), 'back to two decimals').to.be.closeTo(two, two * 0.1);
  });
});
