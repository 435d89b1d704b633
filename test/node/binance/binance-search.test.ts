import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createBinanceSource } from '../../../src/core/data/binance-source.js';
import { decimalsOfTickSize } from '../../../src/core/data/binance-exchange-info.js';
import { DataSourceError } from '../../../src/core/data/data-source.js';
import { startMockBinance } from '../../mock-binance/index.js';

const mock = await startMockBinance();
after(() => mock.close());

function infoRequests(): number {
  return mock.requests.filter((r) => r.startsWith('/api/v3/exchangeInfo')).length;
}

test('search: exchangeInfo is fetched once and shared by searches and bar loads', async () => {
  const before = infoRequests();
  const source = createBinanceSource({ restBaseUrl: mock.restUrl });
  const [a, b] = await Promise.all([source.searchInstruments('BTC'), source.searchInstruments('eth')]);
  await source.searchInstruments('sol');
  const series = await source.getBars({ symbol: 'BTCUSDT', period: '1h', limit: 3 });
  assert.ok(a.length > 0 && b.length > 0);
  assert.equal(series.instrument.name, 'BTC/USDT');
  assert.equal(infoRequests() - before, 1);
});

test('search: TRADING pairs only, exact code first, then base asset, prefix, quote asset', async () => {
  const source = createBinanceSource({ restBaseUrl: mock.restUrl });
  const all = (await source.searchInstruments('')).map((i) => i.symbol);
  assert.ok(!all.includes('BTCBUSD'), 'a pair in BREAK is not offered');
  assert.equal(all.length, 6);
  assert.deepEqual(
    (await source.searchInstruments('BTCUSDT')).map((i) => i.symbol),
    ['BTCUSDT'],
  );
  // Base asset ETH before the mere prefix match ETHFI; USDT quote before BTC quote.
  assert.deepEqual(
    (await source.searchInstruments('ETH')).map((i) => i.symbol),
    ['ETHUSDT', 'ETHBTC', 'ETHFIUSDT'],
  );
  // BTC as base, then pairs quoted in BTC.
  assert.deepEqual(
    (await source.searchInstruments('btc')).map((i) => i.symbol),
    ['BTCUSDT', 'ETHBTC'],
  );
  assert.deepEqual(
    (await source.searchInstruments('btc/usdt')).map((i) => i.symbol),
    ['BTCUSDT'],
  );
  assert.deepEqual(
    (await source.searchInstruments('BINANCE:solusdt')).map((i) => i.symbol),
    ['SOLUSDT'],
  );
  assert.deepEqual(
    (await source.searchInstruments('Bitcoin')).map((i) => i.symbol),
    ['BTCUSDT', 'ETHBTC'],
  );
  assert.deepEqual(
    (await source.searchInstruments('ethereum')).map((i) => i.symbol),
    ['ETHUSDT', 'ETHBTC'],
  );
  assert.deepEqual(await source.searchInstruments('dogecoin'), []);
  assert.deepEqual(await source.searchInstruments('XYZ'), []);
  assert.equal((await source.searchInstruments('', { limit: 2 })).length, 2);
});

test('search: instruments carry the exchange, UTC and the precision of the PRICE_FILTER tick size', async () => {
  const source = createBinanceSource({ restBaseUrl: mock.restUrl });
  const [btc] = await source.searchInstruments('BTCUSDT');
  assert.deepEqual(
    { ...btc },
    {
      symbol: 'BTCUSDT',
      name: 'BTC/USDT',
      exchange: 'BINANCE',
      market: 'crypto',
      timezone: 'UTC',
      sourceId: 'binance',
      pricePrecision: 2,
    },
  );
  const [ethbtc] = await source.searchInstruments('ETHBTC');
  assert.equal(ethbtc.pricePrecision, 5);
  const [ethfi] = await source.searchInstruments('ETHFIUSDT');
  assert.equal(ethfi.pricePrecision, 3);
  assert.deepEqual(
    ['0.01000000', '1.00000000', '0.00001000', '0.1', '10.00000000'].map(decimalsOfTickSize),
    [2, 0, 5, 1, 0],
  );
  assert.equal(decimalsOfTickSize('0.00000000'), undefined);
});

test('search: a failed exchangeInfo load is not cached; the next search retries', async () => {
  const source = createBinanceSource({ restBaseUrl: mock.restUrl });
  const before = infoRequests();
  mock.failNext('/api/v3/exchangeInfo', 'serviceUnavailable');
  await assert.rejects(
    source.searchInstruments('BTC'),
    (e: unknown) => e instanceof DataSourceError && e.code === 'network' && e.message.includes('503'),
  );
  assert.deepEqual(
    (await source.searchInstruments('BTCUSDT')).map((i) => i.symbol),
    ['BTCUSDT'],
  );
  await source.searchInstruments('ETH');
  assert.equal(infoRequests() - before, 2);
});

test('search: the symbols whitelist limits search, bars and streams', async () => {
  const source = createBinanceSource({ restBaseUrl: mock.restUrl, symbols: ['btcusdt', 'ETHUSDT'] });
  assert.deepEqual(
    (await source.searchInstruments('')).map((i) => i.symbol),
    ['BTCUSDT', 'ETHUSDT'],
  );
  assert.deepEqual(
    (await source.searchInstruments('ETH')).map((i) => i.symbol),
    ['ETHUSDT'],
  );
  const requests = mock.requests.length;
  await assert.rejects(
    source.getBars({ symbol: 'SOLUSDT', period: '1d' }),
    (e: unknown) => e instanceof DataSourceError && e.code === 'not_found',
  );
  assert.throws(
    () => source.subscribe('SOLUSDT', '1m', () => undefined),
    (e: unknown) => e instanceof DataSourceError && e.code === 'not_found',
  );
  assert.equal(mock.requests.length, requests, 'a refused symbol costs no request');
});

test('search: an aborted search rejects with aborted', async () => {
  const source = createBinanceSource({ restBaseUrl: mock.restUrl });
  const controller = new AbortController();
  controller.abort();
  await assert.rejects(
    source.searchInstruments('BTC', { signal: controller.signal }),
    (e: unknown) => e instanceof DataSourceError && e.code === 'aborted',
  );
});
