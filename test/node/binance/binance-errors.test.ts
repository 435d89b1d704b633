import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createBinanceSource } from '../../../src/core/data/binance-source.js';
import { DataSourceError } from '../../../src/core/data/data-source.js';
import type { Period } from '../../../src/core/data/period.js';
import { startMockBinance } from '../../mock-binance/index.js';

const mock = await startMockBinance();
after(() => mock.close());
const source = createBinanceSource({ restBaseUrl: mock.restUrl });

function isError(code: DataSourceError['code'], ...texts: string[]): (e: unknown) => boolean {
  return (e: unknown) => {
    if (!(e instanceof DataSourceError) || e.code !== code) return false;
    for (const text of texts) assert.ok(e.message.includes(text), `"${e.message}" should mention "${text}"`);
    return true;
  };
}

test('errors: an unknown pair (Binance -1121) is not_found, naming the symbol', async () => {
  await assert.rejects(
    source.getBars({ symbol: 'NOSUCHPAIR', period: '1d' }),
    isError('not_found', 'NOSUCHPAIR', 'Invalid symbol.'),
  );
  await assert.rejects(source.getBars({ symbol: 'BTC$USDT', period: '1d' }), isError('not_found', 'BTC$USDT'));
  await assert.rejects(source.getBars({ symbol: '  ', period: '1d' }), isError('not_found'));
});

test('errors: rate limits (429) and bans (418) are network errors that say so', async () => {
  mock.failNext('/api/v3/klines', 'tooManyRequests');
  await assert.rejects(
    source.getBars({ symbol: 'BTCUSDT', period: '1h' }),
    isError('network', 'rate limit', '429', 'Retry after 37 s'),
  );
  mock.failNext('/api/v3/klines', 'ipBanned');
  await assert.rejects(
    source.getBars({ symbol: 'BTCUSDT', period: '1h' }),
    isError('network', 'banned', '418', 'Retry after 120 s'),
  );
  mock.failNext('/api/v3/klines', 'serviceUnavailable');
  await assert.rejects(source.getBars({ symbol: 'BTCUSDT', period: '1h' }), isError('network', 'HTTP 503', '-1008'));
  const ok = await source.getBars({ symbol: 'BTCUSDT', period: '1h', limit: 2 });
  assert.equal(ok.bars.length, 2, 'the source works again once the exchange does');
});

test('errors: an unreachable exchange is a network error', async () => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  const offline = createBinanceSource({ restBaseUrl: `http://127.0.0.1:${port}` });
  await assert.rejects(offline.getBars({ symbol: 'BTCUSDT', period: '1h' }), isError('network', 'unreachable'));
  await assert.rejects(offline.searchInstruments('BTC'), isError('network'));
});

test('errors: a body that is not klines is a parse error, not garbage bars', async () => {
  const garbage = createBinanceSource({
    restBaseUrl: mock.restUrl,
    fetch: async () => new Response('{"oops":true}', { status: 200 }),
  });
  await assert.rejects(garbage.getBars({ symbol: 'BTCUSDT', period: '1h' }), isError('parse'));
  const html = createBinanceSource({
    restBaseUrl: mock.restUrl,
    fetch: async () => new Response('<html>', { status: 200 }),
  });
  await assert.rejects(html.getBars({ symbol: 'BTCUSDT', period: '1h' }), isError('network', 'malformed'));
});

test('errors: aborting before or during a request rejects with aborted', async () => {
  const controller = new AbortController();
  controller.abort();
  await assert.rejects(
    source.getBars({ symbol: 'BTCUSDT', period: '1h', signal: controller.signal }),
    isError('aborted'),
  );
  let entered = (): void => undefined;
  const inFetch = new Promise<void>((resolve) => (entered = resolve));
  const slow = createBinanceSource({
    restBaseUrl: mock.restUrl,
    fetch: async (input, init) => {
      entered();
      await new Promise((resolve) => setTimeout(resolve, 100)); // network latency
      return fetch(input, init);
    },
  });
  const during = new AbortController();
  const pending = slow.getBars({ symbol: 'BTCUSDT', period: '1h', signal: during.signal });
  await inFetch;
  during.abort();
  await assert.rejects(pending, isError('aborted'));
});

test('errors: a period Binance lacks is unsupported; a missing WebSocket class is unsupported', async () => {
  await assert.rejects(source.getBars({ symbol: 'BTCUSDT', period: '2h' as Period }), isError('unsupported', '2h'));
  const hasGlobal = (globalThis as { WebSocket?: unknown }).WebSocket !== undefined;
  if (!hasGlobal) {
    assert.throws(() => source.subscribe('BTCUSDT', '1m', () => undefined), isError('unsupported', 'WebSocket'));
  }
});
