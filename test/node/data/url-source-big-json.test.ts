import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ticksDuring } from './ticks-during.js';
import { DataSourceError } from '../../../src/core/data/data-source.js';
import { createJsonSource } from '../../../src/core/data/json-source.js';
import { parseBarsJson } from '../../../src/core/data/parse-bars-json.js';

// A JSON file of a million bars (≈ 100 MB) was one JSON.parse and one conversion loop in a single task:
// in Chromium the page froze for 3.7 s (1.8 s of it JSON.parse, the rest the loop). The loop now yields to
// the event loop between chunks of bars, as the CSV parser does; a timer set while the file loads fires
// many times before the bars (or the error) arrive, and the result and messages are parseBarsJson's.

const ROWS = 300_000;
const T0 = 1_577_836_800;

function bar(i: number): string {
  const p = 100 + Math.sin(i / 50) * 10;
  return `{"time":${T0 + i * 60},"open":${p.toFixed(4)},"high":${(p + 1).toFixed(4)},"low":${(p - 1).toFixed(4)},"close":${(p + 0.5).toFixed(4)},"volume":${1000 + (i % 977)}}`;
}

function bigRows(bad?: number): string {
  const rows: string[] = [];
  for (let i = 0; i < ROWS; i++) rows.push(i === bad ? `{"time":${T0 + i * 60},"open":1,"high":2,"low":0.5}` : bar(i));
  return `{"symbol":"BIG","bars":[${rows.join(',')}]}`;
}

function bigColumns(): string {
  const time: number[] = [];
  const close: number[] = [];
  for (let i = 0; i < ROWS; i++) {
    time.push(T0 + i * 60);
    close.push(100 + (i % 7));
  }
  const prices = JSON.stringify(close);
  return `{"time":${JSON.stringify(time)},"open":${prices},"high":${prices},"low":${prices},"close":${prices}}`;
}

function sourceOf(text: string) {
  return createJsonSource('/big.json', { fetch: () => Promise.resolve(new Response(text)) });
}

test('a big JSON file of rows is converted in chunks: the event loop runs while it loads, and every bar arrives', async () => {
  const text = bigRows();
  const source = sourceOf(text);
  let series: Awaited<ReturnType<typeof source.getBars>> | undefined;
  const ticks = await ticksDuring(
    source.getBars({ symbol: 'BIG', period: '1m', limit: ROWS }).then((s) => void (series = s)),
  );
  assert.equal(series?.bars.length, ROWS);
  assert.deepEqual(series.bars.close, parseBarsJson(text).bars.close);
  assert.equal(series.bars.time[ROWS - 1], (T0 + (ROWS - 1) * 60) * 1000);
  // 300 000 bars in chunks of 20 000: 14 yields (none before: the conversion blocked throughout).
  assert.ok(ticks >= 10, `the event loop ran ${ticks} times while the file was converted`);
});

test('a big JSON file of columns is converted in chunks too', async () => {
  const source = sourceOf(bigColumns());
  let length = 0;
  const ticks = await ticksDuring(
    source.getBars({ symbol: 'BIG', period: '1m', limit: 10 }).then((s) => void (length = s.bars.length)),
  );
  assert.equal(length, 10);
  assert.ok(ticks >= 10, `the event loop ran ${ticks} times while the file was converted`);
});

test('a bad bar deep in a big JSON file still names its index, without blocking the event loop', async () => {
  const source = sourceOf(bigRows(270_000));
  let error: unknown;
  const ticks = await ticksDuring(
    source.getBars({ symbol: 'BIG', period: '1m' }).catch((e: unknown) => void (error = e)),
  );
  assert.ok(error instanceof DataSourceError, String(error));
  assert.equal(error.code, 'parse');
  assert.equal(error.message, 'bars[270000].close: missing');
  assert.ok(ticks >= 10, `the event loop ran ${ticks} times before the error`);
});
