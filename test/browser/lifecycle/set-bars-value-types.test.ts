import { expect } from '@open-wc/testing';
import type { Bars } from '../../../src/core/data/index.js';
import type { KlineErrorDetail } from '../../../components/kline-chart-agent.js';
import { minuteBars, mountChart, paneHashes, painted, removeFixtures, START } from './lifecycle-fixture.js';

// setBars read every field through a Float64Array, which turns null, '' and false into 0 and true into
// 1 without a word: a bar with `volume: null` was drawn with no volume, `close: null` was refused as
// "close 0 outside [low, high]" (a 0 the host never sent), and in columnar bars a null passed every
// check. A field that is not a number (or a numeric text) is refused with kline-error invalid_bars,
// naming the bar, the field and what it held; the chart keeps what it showed.

function columns(n: number, patch: Record<string, unknown[]> = {}): Bars {
  const rows = minuteBars(n);
  const col = (f: 'open' | 'high' | 'low' | 'close' | 'volume') => rows.map((r) => r[f]);
  return {
    length: n,
    time: new Float64Array(rows.map((r) => r.time)),
    open: col('open'),
    high: col('high'),
    low: col('low'),
    close: col('close'),
    volume: col('volume'),
    ...patch,
  } as unknown as Bars;
}

describe('setBars with fields that are not numbers', () => {
  afterEach(removeFixtures);

  it('refuses null, empty text, booleans and objects with the bar, field and value; the chart keeps its bars', async () => {
    const { chart } = mountChart({ period: '1m' });
    expect(chart.setBars(minuteBars(100), { symbol: 'KEEP' })).to.equal(true);
    await painted(chart);
    const shown = () => JSON.stringify([chart.context.get()!.symbol, chart.context.get()!.dataRange]);
    const before = shown();
    const pixels = paneHashes(chart);
    // Typed by the element's event map: `index` and `reason` of invalid_bars are part of KlineErrorDetail.
    const errors: KlineErrorDetail[] = [];
    chart.addEventListener('kline-error', (e) => errors.push(e.detail));
    const rows = (i: number, patch: Record<string, unknown>) =>
      minuteBars(30).map((b, j) => (j === i ? { ...b, ...patch } : b)) as never;
    const volumes = columns(30).volume as unknown as unknown[];
    volumes[7] = null;
    const cases: [string, () => boolean, number, string][] = [
      ['volume null', () => chart.setBars(rows(4, { volume: null })), 4, 'null'],
      ['close null', () => chart.setBars(rows(5, { close: null })), 5, 'null'],
      ['open empty text', () => chart.setBars(rows(6, { open: '' })), 6, "''"],
      ['high true', () => chart.setBars(rows(2, { high: true })), 2, 'true'],
      ['low an object', () => chart.setBars(rows(3, { low: { value: 1 } })), 3, 'object'],
      ['time null', () => chart.setBars(rows(0, { time: null })), 0, 'null'],
      ['columnar volume null', () => chart.setBars(columns(30, { volume: volumes })), 7, 'null'],
    ];
    for (const [name, call, index, shownValue] of cases) {
      errors.length = 0;
      expect(call(), name).to.equal(false);
      expect(
        errors.map((e) => [e.code, e.index, e.reason]),
        name,
      ).to.deep.equal([['invalid_bars', index, 'not_finite']]);
      const field = name.split(' ')[name.startsWith('columnar') ? 1 : 0];
      expect(errors[0].message, name).to.contain(`Bar ${index}`).and.contain(field).and.contain(shownValue);
      expect(shown(), name).to.equal(before);
    }
    await chart.whenPainted();
    expect(paneHashes(chart)).to.deep.equal(pixels);

    // Numbers as text are still read (a JSON API's "101.5"), in rows and in columns.
    errors.length = 0;
    expect(chart.setBars(minuteBars(40).map((b) => ({ ...b, close: String(b.close) })) as never)).to.equal(true);
    const text = columns(50);
    expect(
      chart.setBars({ ...text, close: (text.close as unknown as number[]).map(String) } as unknown as Bars),
    ).to.equal(true);
    expect(errors).to.deep.equal([]);
    await painted(chart);
    expect(chart.context.get()!.dataRange).to.deep.include({ bars: 50, from: START });
  });
});
