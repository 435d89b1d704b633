import { expect } from '@open-wc/testing';
import { html } from 'lit';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { paneCanvas, priceScales, readyChart, waitFor } from '../helpers/chart-fixture.js';
import { colorShift, meanColor, paintedTexts } from './canvas-probe.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * Draws a date range over the 40 bars before the last (between two prices 4 % apart) and returns what
 * changed on the canvas: inside the band, left of it, under it (the label), and the texts painted.
 */
async function dateRange(chart: KlineChart) {
  const s = await priceScales(chart);
  const n = s.bars.length;
  const [i0, i1] = [n - 41, n - 1];
  const mid = s.bars.close[i0];
  const [hi, lo] = [mid * 1.02, mid * 0.98];
  const canvas = paneCanvas(chart, 'price');
  const x0 = s.indexToX(i0);
  const x1 = s.indexToX(i1);
  const [yHi, yLo] = [s.priceToY(hi), s.priceToY(lo)];
  const inside = () => meanColor(canvas, x0 + 6, yHi + 4, (x1 - x0) * 0.4, (yLo - yHi) / 2 - 10);
  const left = () => meanColor(canvas, x0 - 40, yHi + 4, 30, yLo - yHi - 8);
  const under = () => meanColor(canvas, (x0 + x1) / 2 - 30, yLo + 6, 60, 12);
  const before = { inside: inside(), left: left(), under: under() };
  const texts = await paintedTexts(chart, async () => {
    const made = await chart.tools.execute('drawing_create', {
      kind: 'date_range',
      points: [
        { time: s.bars.time[i0], price: hi },
        { time: s.bars.time[i1], price: lo },
      ],
    });
    expect(made.success, JSON.stringify(made)).to.equal(true);
  });
  const after = { inside: inside(), left: left(), under: under() };
  // Whole days and hours (the demo's daily bars may be an hour off across a DST change).
  const ms = s.bars.time[i1] - s.bars.time[i0];
  const days = Math.floor(ms / DAY);
  const hours = Math.round((ms - days * DAY) / HOUR);
  return {
    texts,
    span: (d: string, h: string) => `${days}${d}${hours ? ` ${hours}${h}` : ''}`,
    band: after.inside[2] - after.inside[0] - (before.inside[2] - before.inside[0]),
    left: colorShift(after.left, before.left),
    label: colorShift(after.under, before.under),
  };
}

describe('date range drawing', () => {
  it('shades the band between its times in the drawing colour and labels it with bars and the span', async () => {
    const chart = await readyChart(
      html`<kline-chart style="width:900px;height:520px" locale="en" symbol="DEMO" period="1d" indicators=""></kline-chart>`,
    );
    const r = await dateRange(chart);
    expect(r.band, 'the band is bluer').to.be.greaterThan(8);
    expect(r.left, 'nothing left of it').to.be.lessThan(1);
    expect(r.label, 'the label is painted under the band').to.be.greaterThan(5);
    expect(r.texts, r.texts.join(' | ')).to.include(`40 bars, ${r.span('d', 'h')}`);
  });

  it('speaks the chart language: a ja chart names it in its bar and counts 本 and 日 on the canvas', async () => {
    const chart = await readyChart(
      html`<kline-chart style="width:900px;height:800px" locale="ja" symbol="DEMO" period="1d" indicators=""></kline-chart>`,
    );
    const button = () => chart.shadowRoot!.querySelector('[part="drawing-toolbar"] [data-tool="date_range"]');
    await waitFor(() => button()?.getAttribute('aria-label') === '日付レンジ', 'the Japanese name in the drawing bar');
    const r = await dateRange(chart);
    expect(r.texts, r.texts.join(' | ')).to.include(`40 本, ${r.span('日', '時間')}`);
    expect(r.texts.join(' | ')).to.not.include('bars');
  });

  it('repaints its label in the new language when the chart changes locale', async () => {
    const chart = await readyChart(
      html`<kline-chart style="width:900px;height:800px" locale="en" symbol="DEMO" period="1d" indicators=""></kline-chart>`,
    );
    const { span } = await dateRange(chart);
    const texts = await paintedTexts(chart, async () => {
      chart.setAttribute('locale', 'zh-CN');
      await waitFor(
        () => chart.shadowRoot!.querySelector('[data-tool="date_range"]')?.getAttribute('aria-label') === '日期区间',
        'the Chinese drawing bar',
      );
    });
    expect(texts, texts.join(' | ')).to.include(`40 根K线, ${span('天', '小时')}`);
  });
});
