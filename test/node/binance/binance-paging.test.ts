import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Bar, Bars } from '../../../src/core/data/bars.js';
import { createBinanceSource } from '../../../src/core/data/binance-source.js';
import { fetchOlderBars } from '../../../src/core/data/binance-older-bars.js';
import { startMockBinance } from '../../mock-binance/index.js';

const HOUR = 3_600_000;
const LISTED = Date.UTC(2024, 0, 1);
const mock = await startMockBinance();
after(() => mock.close());

// A pair listed 1600 hours ago: the chart's first load plus three pages back reaches its first bar.
const rows: Bar[] = Array.from({ length: 1600 }, (_, i) => ({
  time: LISTED + i * HOUR,
  open: 10 + i,
  high: 11 + i,
  low: 9 + i,
  close: 10.5 + i,
  volume: 1 + i,
}));
mock.setBars('NEWUSDT', '1h', rows);
const source = createBinanceSource({ restBaseUrl: mock.restUrl });

function times(bars: Bars): number[] {
  return Array.from(bars.time);
}

test('paging: first load then three pages to the left edge reach the start, complete only there', async () => {
  const first = await source.getBars({ symbol: 'NEWUSDT', period: '1h', limit: 500 });
  assert.deepEqual([first.bars.length, first.complete], [500, false]);
  assert.equal(first.bars.time[499], rows[1599].time, 'the first load ends at the newest bar');

  let loaded = times(first.bars);
  const pages: { length: number; complete: boolean | undefined }[] = [];
  let complete = false;
  while (!complete) {
    // Exactly the call the chart makes when the user pans to the left edge.
    const page = await source.getBars({ symbol: 'NEWUSDT', period: '1h', to: loaded[0] - 1, limit: 500 });
    pages.push({ length: page.bars.length, complete: page.complete });
    assert.ok(page.bars.length === 0 || page.bars.time[page.bars.length - 1] < loaded[0], 'a page is strictly older');
    loaded = [...times(page.bars), ...loaded];
    complete = page.complete === true;
    assert.ok(pages.length <= 3, 'the beginning is reached in three pages');
  }
  assert.deepEqual(pages, [
    { length: 500, complete: false },
    { length: 500, complete: false },
    { length: 100, complete: true },
  ]);
  assert.deepEqual(
    loaded,
    rows.map((r) => r.time),
    'ascending, contiguous, nothing lost, nothing twice',
  );
  for (let i = 1; i < loaded.length; i++) assert.equal(loaded[i] - loaded[i - 1], HOUR);
});

test('paging: getOlderBars and fetchOlderBars are the same call, with the prices of those bars', async () => {
  const before = rows[1000].time;
  const viaMethod = await source.getOlderBars({ symbol: 'NEWUSDT', period: '1h', before, limit: 300 });
  const viaHelper = await fetchOlderBars(source, { symbol: 'NEWUSDT', period: '1h', before, limit: 300 });
  assert.deepEqual(
    times(viaMethod.bars),
    rows.slice(700, 1000).map((r) => r.time),
  );
  assert.deepEqual(times(viaHelper.bars), times(viaMethod.bars));
  assert.deepEqual(
    Array.from(viaMethod.bars.open),
    rows.slice(700, 1000).map((r) => r.open),
  );
  assert.equal(viaMethod.complete, false);
  const defaultPage = await source.getOlderBars({ symbol: 'NEWUSDT', period: '1h', before: rows[1599].time });
  assert.equal(defaultPage.bars.length, 500);
});

test('paging: a page that ends exactly at the first bar is followed by an empty complete page', async () => {
  const page = await source.getBars({ symbol: 'NEWUSDT', period: '1h', to: rows[499].time, limit: 500 });
  assert.deepEqual([page.bars.length, page.complete], [500, false]);
  const next = await source.getBars({ symbol: 'NEWUSDT', period: '1h', to: page.bars.time[0] - 1, limit: 500 });
  assert.deepEqual([next.bars.length, next.complete], [0, true]);
  const tiny = await source.getBars({ symbol: 'NEWUSDT', period: '1h', to: rows[2].time, limit: 500 });
  assert.deepEqual([tiny.bars.length, tiny.complete], [3, true]);
});
