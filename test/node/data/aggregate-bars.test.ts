import { test } from 'node:test';
import assert from 'node:assert/strict';
import { barsFromObjects, createBars, type Bar, type Bars } from '../../../src/core/data/bars.js';
import { DataSourceError } from '../../../src/core/data/data-source.js';
import { aggregateBars, canAggregate } from '../../../src/core/data/aggregate-bars.js';
import { parseMarketTime } from '../../../src/core/data/index.js';

const NY = 'America/New_York';

function at(text: string, zone: string): number {
  const t = parseMarketTime(text, zone);
  assert.notEqual(t, null, text);
  return t as number;
}

/** `count` one-minute bars from `start`, bar i: open i+100, close i+100.5, high i+101, low i+99, volume i+1. */
function minuteBars(start: number, count: number, stepMs = 60_000): Bars {
  const rows: Bar[] = [];
  for (let i = 0; i < count; i++) {
    rows.push({ time: start + i * stepMs, open: i + 100, high: i + 101, low: i + 99, close: i + 100.5, volume: i + 1 });
  }
  return barsFromObjects(rows);
}

function rows(bars: Bars): Bar[] {
  return Array.from({ length: bars.length }, (_, i) => ({
    time: bars.time[i],
    open: bars.open[i],
    high: bars.high[i],
    low: bars.low[i],
    close: bars.close[i],
    volume: bars.volume[i],
  }));
}

test('1m → 5m: open first, close last, high max, low min, volume sum, time of first bar', () => {
  const start = at('2024-03-08 09:30', NY);
  const out = aggregateBars(minuteBars(start, 10), '1m', '5m', NY);
  assert.deepEqual(rows(out), [
    { time: start, open: 100, high: 105, low: 99, close: 104.5, volume: 1 + 2 + 3 + 4 + 5 },
    { time: start + 5 * 60_000, open: 105, high: 110, low: 104, close: 109.5, volume: 6 + 7 + 8 + 9 + 10 },
  ]);
});

test('1m → 5m: a bucket starting mid-way holds only its bars (no padding, no merging across buckets)', () => {
  const start = at('2024-03-08 09:33', NY);
  const out = aggregateBars(minuteBars(start, 4), '1m', '5m', NY);
  assert.deepEqual(Array.from(out.time), [start, at('2024-03-08 09:35', NY)]);
  assert.deepEqual(Array.from(out.volume), [1 + 2, 3 + 4]);
});

test('1m → 1h on a New York session: wall-clock hours, so 09:30–10:00 is the first (short) bucket', () => {
  const start = at('2024-03-08 09:30', NY);
  const out = aggregateBars(minuteBars(start, 90), '1m', '1h', NY);
  assert.deepEqual(Array.from(out.time), [start, at('2024-03-08 10:00', NY)]);
  assert.deepEqual(Array.from(out.open), [100, 130]);
  assert.deepEqual(Array.from(out.close), [129.5, 189.5]);
  assert.deepEqual(Array.from(out.high), [130, 190]);
  assert.deepEqual(Array.from(out.low), [99, 129]);
});

test('1m → 30m and 4h align to the local midnight', () => {
  const start = at('2024-03-08 09:30', NY);
  const thirty = aggregateBars(minuteBars(start, 390), '1m', '30m', NY);
  assert.equal(thirty.length, 13);
  const four = aggregateBars(minuteBars(start, 390), '1m', '4h', NY);
  // 09:30–11:59 falls in the 08:00 bucket, 12:00–15:59 in the 12:00 bucket.
  assert.deepEqual(Array.from(four.time), [start, at('2024-03-08 12:00', NY)]);
  assert.deepEqual(Array.from(four.volume), [(150 * 151) / 2, (390 * 391) / 2 - (150 * 151) / 2]);
});

test('1m → 1d uses the market day, not the UTC day', () => {
  const sh = 'Asia/Shanghai';
  // 07:00 and 09:30 Shanghai on 2024-03-08 are on different UTC days (23:00 and 01:30 UTC).
  const bars = barsFromObjects([
    { time: at('2024-03-07 14:59', sh), open: 1, high: 1, low: 1, close: 1, volume: 1 },
    { time: at('2024-03-08 07:00', sh), open: 2, high: 2, low: 2, close: 2, volume: 2 },
    { time: at('2024-03-08 09:30', sh), open: 3, high: 3, low: 3, close: 3, volume: 3 },
  ]);
  const out = aggregateBars(bars, '1m', '1d', sh);
  assert.deepEqual(Array.from(out.close), [1, 3]);
  assert.deepEqual(Array.from(out.volume), [1, 5]);
  const utc = aggregateBars(bars, '1m', '1d', 'UTC');
  assert.deepEqual(Array.from(utc.close), [2, 3]);
});

test('1d → 1w: weeks start on Monday; a Sunday bar belongs to the week before', () => {
  const days = ['2024-03-03', '2024-03-04', '2024-03-08', '2024-03-10', '2024-03-11'];
  const bars = barsFromObjects(
    days.map((d, i) => ({ time: at(d, NY), open: i, high: i + 1, low: i - 1, close: i + 0.5, volume: 10 })),
  );
  const out = aggregateBars(bars, '1d', '1w', NY);
  assert.deepEqual(Array.from(out.time), [at('2024-03-03', NY), at('2024-03-04', NY), at('2024-03-11', NY)]);
  assert.deepEqual(Array.from(out.open), [0, 1, 4]);
  assert.deepEqual(Array.from(out.close), [0.5, 3.5, 4.5]);
  assert.deepEqual(Array.from(out.volume), [10, 30, 10]);
});

test('1d → 1M: calendar months in the market timezone, across a year end', () => {
  const days = ['2023-12-29', '2024-01-02', '2024-01-31', '2024-02-01', '2024-02-29', '2024-03-01'];
  const bars = barsFromObjects(
    days.map((d, i) => ({ time: at(d, 'Asia/Tokyo'), open: i, high: 10 + i, low: 5 - i, close: i, volume: 1 })),
  );
  const out = aggregateBars(bars, '1d', '1M', 'Asia/Tokyo');
  assert.deepEqual(Array.from(out.open), [0, 1, 3, 5]);
  assert.deepEqual(Array.from(out.high), [10, 12, 14, 15]);
  assert.deepEqual(Array.from(out.low), [5, 3, 1, 0]);
  assert.deepEqual(Array.from(out.volume), [1, 2, 2, 1]);
});

test('1h across the autumn DST change: the repeated 01:00 hour is its own bucket', () => {
  // Every 30 minutes from 00:00 EDT to 02:30 EST on 2024-11-03 (7 bars over 3.5 real hours).
  const start = at('2024-11-03 00:00', NY);
  const out = aggregateBars(minuteBars(start, 8, 1_800_000), '30m', '1h', NY);
  assert.deepEqual(Array.from(out.volume), [1 + 2, 3 + 4, 5 + 6, 7 + 8]);
  assert.deepEqual(Array.from(out.time), [start, start + 3_600_000, start + 7_200_000, start + 10_800_000]);
});

test('1d bars across the spring DST change still fall into one week', () => {
  const days = ['2024-03-08', '2024-03-11', '2024-03-12'];
  const bars = barsFromObjects(days.map((d) => ({ time: at(d, NY), open: 1, high: 1, low: 1, close: 1, volume: 1 })));
  assert.equal(aggregateBars(bars, '1d', '1w', NY).length, 2);
});

test('same period returns the input; finer or misaligned targets are refused', () => {
  const bars = minuteBars(0, 3);
  assert.equal(aggregateBars(bars, '1m', '1m', 'UTC'), bars);
  assert.equal(aggregateBars(createBars(0), '1m', '1h', 'UTC').length, 0);
  for (const [from, to] of [
    ['1d', '1h'],
    ['1w', '1M'],
    ['5m', '1m'],
  ] as const) {
    assert.equal(canAggregate(from, to), false);
    assert.throws(
      () => aggregateBars(bars, from, to, 'UTC'),
      (e: unknown) => e instanceof DataSourceError && e.code === 'unsupported',
    );
  }
  assert.equal(canAggregate('15m', '1h'), true);
  assert.equal(canAggregate('5m', '1M'), true);
});
