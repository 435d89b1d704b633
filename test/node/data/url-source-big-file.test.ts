import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ticksDuring } from './ticks-during.js';
import { DataSourceError } from '../../../src/core/data/data-source.js';
import { createCsvSource } from '../../../src/core/data/csv-source.js';

// A CSV file of a million rows (≈ 60 MB) took over 3 s to parse in one synchronous task: the page froze
// (no "Loading…" repaint, no clicks). Parsing now yields to the event loop between chunks of rows; a
// timer set while the file loads fires many times before the bars (or the error) arrive.

const ROWS = 300_000;

function bigCsv(bad?: number): string {
  const rows = ['time,open,high,low,close,volume'];
  const t0 = Date.UTC(2020, 0, 1);
  for (let i = 0; i < ROWS; i++) {
    const p = 100 + Math.sin(i / 50) * 10;
    rows.push(
      i === bad
        ? '2021-09-01T00:00:00Z,1,2,garb'
        : `${new Date(t0 + i * 60_000).toISOString()},${p.toFixed(4)},${(p + 1).toFixed(4)},${(p - 1).toFixed(4)},${(p + 0.5).toFixed(4)},${1000 + (i % 977)}`,
    );
  }
  return rows.join('\n');
}

function sourceOf(text: string) {
  return createCsvSource('/big.csv', { fetch: () => Promise.resolve(new Response(text)) });
}

test('a big CSV file is parsed in chunks: the event loop runs while it loads, and the last bar arrives', async () => {
  const source = sourceOf(bigCsv());
  let series: Awaited<ReturnType<typeof source.getBars>> | undefined;
  const ticks = await ticksDuring(
    source.getBars({ symbol: 'BIG', period: '1m', limit: 10 }).then((s) => void (series = s)),
  );
  assert.equal(series?.bars.time[series.bars.length - 1], Date.UTC(2020, 0, 1) + (ROWS - 1) * 60_000);
  // 300 000 rows in chunks of 20 000: at least 15 yields (one task before: the parse blocked throughout).
  assert.ok(ticks >= 10, `the event loop ran ${ticks} times while the file parsed`);
});

test('a garbage line deep in a big CSV file still names its line, without blocking the event loop', async () => {
  const source = sourceOf(bigCsv(270_000));
  let error: unknown;
  const ticks = await ticksDuring(
    source.getBars({ symbol: 'BIG', period: '1m' }).catch((e: unknown) => void (error = e)),
  );
  assert.ok(error instanceof DataSourceError, String(error));
  assert.equal(error.code, 'parse');
  assert.equal(error.line, 270_002);
  assert.match(error.message, /^line 270002: expected 6 columns like the header, found 4\.$/);
  assert.ok(ticks >= 10, `the event loop ran ${ticks} times before the error`);
});
