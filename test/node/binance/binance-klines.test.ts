import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createBinanceSource } from '../../../src/core/data/binance-source.js';
import { parseBinanceKlines } from '../../../src/core/data/binance-klines.js';
import { BINANCE_INTERVALS } from '../../../src/core/data/binance-periods.js';
import { DataSourceError } from '../../../src/core/data/data-source.js';
import { PERIODS } from '../../../src/core/data/period.js';
import { klineRow, loadFixture, startMockBinance } from '../../mock-binance/index.js';

const mock = await startMockBinance({ barCount: 2500 });
after(() => mock.close());
const source = createBinanceSource({ restBaseUrl: `${mock.restUrl}/` });

function klineRequests(): URLSearchParams[] {
  return mock.requests.filter((r) => r.startsWith('/api/v3/klines?')).map((r) => new URLSearchParams(r.split('?')[1]));
}

test('klines: the recorded array-of-arrays format parses into Float64Array columns', () => {
  const bars = parseBinanceKlines(loadFixture('klines-btcusdt-1m.json'));
  assert.equal(bars.length, 5);
  for (const column of [bars.time, bars.open, bars.high, bars.low, bars.close, bars.volume]) {
    assert.ok(column instanceof Float64Array);
    assert.equal(column.length, 5);
  }
  assert.deepEqual(
    [bars.time[0], bars.open[0], bars.high[0], bars.low[0], bars.close[0], bars.volume[0]],
    [1748865600000, 105250.01, 105310, 105198.12, 105288.55, 12.84512],
  );
  assert.deepEqual(
    Array.from(bars.time),
    [0, 1, 2, 3, 4].map((i) => 1748865600000 + i * 60_000),
  );
  assert.equal(bars.close[4], 105301.77);
});

test('klines: malformed rows reject with parse naming the row', () => {
  const isParse = (row: number) => (e: unknown) =>
    e instanceof DataSourceError && e.code === 'parse' && e.message.includes(`row ${row}`);
  assert.throws(
    () =>
      parseBinanceKlines([
        [1, '1', '1', '1', '1', '1'],
        [2, '1', 'x', '1', '1', '1'],
      ]),
    isParse(1),
  );
  assert.throws(() => parseBinanceKlines([[1, '1', '1', '1', '1']]), isParse(0));
  assert.throws(
    () =>
      parseBinanceKlines([
        [2, '1', '1', '1', '1', '1'],
        [1, '1', '1', '1', '1', '1'],
      ]),
    isParse(1),
  );
  assert.throws(
    () => parseBinanceKlines({ code: -1121 }),
    (e: unknown) => e instanceof DataSourceError && e.code === 'parse',
  );
});

test('klines: the mock answers rows of exactly the recorded shape', () => {
  const recorded = (loadFixture('klines-btcusdt-1m.json') as unknown[][])[0];
  const served = klineRow('1m', { time: 1748865600000, open: 1.5, high: 2, low: 1, close: 1.75, volume: 3 });
  assert.deepEqual(
    served.map((v) => typeof v),
    recorded.map((v) => typeof v),
  );
  assert.equal(served[6], 1748865659999, 'close time is the last millisecond of the bar');
  assert.match(served[1], /^\d+\.\d{8}$/);
});

test('klines: no range → the newest 1000 bars in one request, ascending columns equal to the exchange', async () => {
  const seen = klineRequests().length;
  const series = await source.getBars({ symbol: 'btcusdt', period: '1m' });
  const sent = klineRequests().slice(seen);
  assert.equal(sent.length, 1);
  assert.deepEqual(Object.fromEntries(sent[0]), { symbol: 'BTCUSDT', interval: '1m', limit: '1000' });
  const expected = mock.bars('BTCUSDT', '1m').slice(-1000);
  assert.equal(series.bars.length, 1000);
  assert.equal(series.complete, false);
  assert.equal(series.period, '1m');
  assert.equal(series.instrument.symbol, 'BTCUSDT');
  assert.deepEqual(
    Array.from(series.bars.time),
    expected.map((b) => b.time),
  );
  assert.deepEqual(
    Array.from(series.bars.close),
    expected.map((b) => b.close),
  );
  assert.deepEqual(
    Array.from(series.bars.volume),
    expected.map((b) => b.volume),
  );
});

test('klines: from/to select the oldest bars from `from`, inclusive on both ends', async () => {
  const all = mock.bars('ETHUSDT', '1h');
  const from = all[100].time;
  const to = all[109].time;
  const series = await source.getBars({ symbol: 'ETHUSDT', period: '1h', from, to });
  assert.deepEqual(
    Array.from(series.bars.time),
    all.slice(100, 110).map((b) => b.time),
  );
  const limited = await source.getBars({ symbol: 'ETHUSDT', period: '1h', from, to, limit: 3 });
  assert.deepEqual(
    Array.from(limited.bars.time),
    all.slice(100, 103).map((b) => b.time),
  );
  const onlyTo = await source.getBars({ symbol: 'ETHUSDT', period: '1h', to: to + 1, limit: 4 });
  assert.deepEqual(
    Array.from(onlyTo.bars.time),
    all.slice(106, 110).map((b) => b.time),
  );
  const empty = await source.getBars({ symbol: 'ETHUSDT', period: '1h', from: to, to: from });
  assert.equal(empty.bars.length, 0);
});

test('klines: more than 1000 bars are fetched in requests of at most 1000, joined without overlap', async () => {
  const seen = klineRequests().length;
  const series = await source.getBars({ symbol: 'SOLUSDT', period: '5m', limit: 2200 });
  const sent = klineRequests().slice(seen);
  assert.deepEqual(
    sent.map((p) => p.get('limit')),
    ['1000', '1000', '200'],
  );
  const expected = mock
    .bars('SOLUSDT', '5m')
    .slice(-2200)
    .map((b) => b.time);
  assert.deepEqual(Array.from(series.bars.time), expected);
  const start = mock.bars('SOLUSDT', '5m')[10].time;
  const forward = await source.getBars({ symbol: 'SOLUSDT', period: '5m', from: start, limit: 1500 });
  assert.deepEqual(
    Array.from(forward.bars.time),
    mock
      .bars('SOLUSDT', '5m')
      .slice(10, 1510)
      .map((b) => b.time),
  );
});

test('klines: every chart period maps to its Binance interval, calendar periods on their boundaries', async () => {
  assert.deepEqual(Object.keys(BINANCE_INTERVALS), [...PERIODS]);
  assert.deepEqual([...source.periods], [...PERIODS]);
  for (const period of PERIODS) {
    const seen = klineRequests().length;
    const series = await source.getBars({ symbol: 'BNBUSDT', period, limit: 5 });
    assert.equal(klineRequests()[seen].get('interval'), BINANCE_INTERVALS[period]);
    assert.equal(series.bars.length, 5, period);
  }
  const weeks = await source.getBars({ symbol: 'BNBUSDT', period: '1w', limit: 3 });
  for (const t of weeks.bars.time) assert.equal(new Date(t).getUTCDay(), 1, 'weeks open on Monday');
  const months = await source.getBars({ symbol: 'BNBUSDT', period: '1M', limit: 3 });
  for (const t of months.bars.time) assert.equal(new Date(t).getUTCDate(), 1, 'months open on the 1st');
  assert.deepEqual(
    Array.from(months.bars.time).map((t) => new Date(t).toISOString().slice(0, 7)),
    ['2025-04', '2025-05', '2025-06'],
  );
});
