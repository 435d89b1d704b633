import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DataSourceError } from '../../../src/core/data/data-source.js';
import { parseBarsCsvYielding } from '../../../src/core/data/parse-bars-csv.js';
import { parseBarsJsonYielding } from '../../../src/core/data/parse-bars-json.js';

// A file of a million rows is parsed in steps with a yield between them. Two things a user noticed:
// picking another file or symbol meanwhile left the old file parsing to its end (seconds of CPU for
// bars nobody would see), and in a background tab each yield waited for a throttled timer (up to a
// second each in Chromium), so a big file opened in a background tab took about a minute to show.

const ROWS = 100_000;
const t0 = Date.UTC(2020, 0, 1);
const price = (i: number) => 100 + Math.sin(i / 50) * 10;

function csv(): string {
  const rows = ['time,open,high,low,close,volume'];
  for (let i = 0; i < ROWS; i++) {
    const p = price(i);
    rows.push(`${t0 + i * 60_000},${p},${p + 1},${p - 1},${p + 0.5},${1000 + i}`);
  }
  return rows.join('\n');
}

function json(): string {
  const bars = [];
  for (let i = 0; i < ROWS; i++) {
    const p = price(i);
    bars.push({ time: t0 + i * 60_000, open: p, high: p + 1, low: p - 1, close: p + 0.5, volume: 1000 + i });
  }
  return JSON.stringify(bars);
}

for (const [kind, parse, text] of [
  ['CSV', parseBarsCsvYielding, csv()],
  ['JSON', parseBarsJsonYielding, json()],
] as const) {
  test(`${kind}: a parse whose signal aborts stops at its next yield with an 'aborted' error`, async () => {
    const controller = new AbortController();
    const parsing = parse(text, { signal: controller.signal });
    controller.abort();
    await assert.rejects(parsing, (error: unknown) => {
      assert.ok(error instanceof DataSourceError, String(error));
      assert.equal(error.code, 'aborted');
      return true;
    });
  });

  test(`${kind}: a parse yields without timers (a background tab's timers are throttled) and reads every row`, async () => {
    const realSetTimeout = globalThis.setTimeout;
    let timers = 0;
    globalThis.setTimeout = ((...args: Parameters<typeof setTimeout>) => {
      timers++;
      return realSetTimeout(...args);
    }) as typeof setTimeout;
    try {
      const { bars } = await parse(text, {});
      assert.equal(bars.time.length, ROWS);
      assert.equal(bars.close[ROWS - 1], price(ROWS - 1) + 0.5);
    } finally {
      globalThis.setTimeout = realSetTimeout;
    }
    assert.equal(timers, 0, 'timers set while parsing');
  });
}
