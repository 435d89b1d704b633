import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ChartCore } from '../../../src/core/commands/chart-core.js';
import {
  barsFromObjects,
  createBinanceSource,
  createCsvSource,
  createJsonSource,
  DataSourceError,
  parseBarsJson,
  validateBars,
  type Bar,
  type DataSource,
} from '../../../src/core/data/index.js';

function isError(code: DataSourceError['code'], ...words: string[]): (e: unknown) => boolean {
  return (e: unknown) => {
    assert.ok(e instanceof DataSourceError, String(e));
    assert.equal(e.code, code, e.message);
    for (const w of words) assert.ok(e.message.includes(w), `"${e.message}" lacks "${w}"`);
    return true;
  };
}

const bar = (time: number, o = 1, h = 2, l = 0.5, c = 1.5, v = 10): Bar => ({
  time,
  open: o,
  high: h,
  low: l,
  close: c,
  volume: v,
});

test('validateBars returns the first problem with its index and reason, or null', () => {
  assert.equal(validateBars(barsFromObjects([bar(1), bar(2), bar(3)])), null);
  assert.equal(validateBars(barsFromObjects([])), null);
  const cases: [Bar[], number, RegExp][] = [
    [[bar(1), bar(2, Infinity)], 1, /open is not a finite number/],
    [[bar(1), bar(2, 1, NaN)], 1, /high is not a finite number/],
    [[bar(1, 1, 2, 0.5, 1.5, -1)], 0, /volume is negative/],
    [[bar(1), bar(2, 3)], 1, /open is outside \[low, high\]/],
    [[bar(1), bar(2, 1, 2, 0.5, 0.1)], 1, /close is outside \[low, high\]/],
    [[bar(1, 1, 1, 2, 1)], 0, /high is lower than low/],
    [[bar(1), bar(2), bar(2)], 2, /duplicate time/],
    [[bar(1), bar(3), bar(2)], 2, /out of order/],
  ];
  for (const [rows, index, reason] of cases) {
    const problem = validateBars(barsFromObjects(rows));
    assert.ok(problem, JSON.stringify(rows));
    assert.equal(problem.index, index);
    assert.match(problem.reason, reason);
  }
  // Float noise at the bounds passes (relative 1e-9).
  assert.equal(validateBars(barsFromObjects([bar(1, 0.1 + 0.2, 0.3, 0.1, 0.3)])), null);
});

test('JSON files: empty, non-finite, negative volume, open/close outside the range, unsorted: errors naming the index', () => {
  const good = (i: number, extra = ''): string =>
    `{"time":${1709908200 + i * 60},"open":1,"high":2,"low":0.5,"close":1.5${extra}}`;
  const fails = (text: string, ...words: string[]) =>
    assert.throws(() => parseBarsJson(text), isError('parse', ...words));
  fails('[]', 'no bars');
  fails('{"bars":[]}', 'bars', 'no bars');
  fails('{"time":[],"open":[],"high":[],"low":[],"close":[]}', 'no bars');
  fails('', 'JSON syntax error');
  fails(
    `[${good(0)},{"time":1709908260,"open":1e999,"high":2,"low":0.5,"close":1.5}]`,
    '[1].open',
    'not a finite number',
  );
  fails(
    `[${good(0)},{"time":1709908260,"open":"1e999","high":2,"low":0.5,"close":1.5}]`,
    '[1].open',
    'not a finite number',
  );
  fails(`[${good(0)},${good(1, ',"volume":-5')}]`, '[1].volume', 'volume is negative');
  fails(`[${good(0)},{"time":1709908260,"open":3,"high":2,"low":0.5,"close":1.5}]`, '[1].open', 'outside [low, high]');
  fails(
    `{"bars":[${good(0)},{"time":1709908260,"open":1,"high":2,"low":0.5,"close":9}]}`,
    'bars[1].close',
    'outside [low, high]',
  );
  fails(
    '{"time":[1709908200,1709908260],"open":[1,1],"high":[2,2],"low":[0.5,0.5],"close":[1,1],"volume":[1,-1]}',
    'volume[1]',
    'negative',
  );
  fails(`[${good(0)},${good(1)},${good(1)}]`, '[2].time', 'duplicate time');
  fails(`[${good(0)},${good(2)},${good(1)}]`, '[2].time', 'out of order');
});

test('a header-only CSV or an empty JSON array from a URL source rejects instead of giving 0 bars', async () => {
  const csv = createCsvSource('/x.csv', { fetch: async () => new Response('time,open,high,low,close,volume\n') });
  await assert.rejects(csv.getBars({ symbol: 'X', period: '1d' }), isError('parse', 'line 2', 'no bars'));
  const json = createJsonSource('/x.json', { fetch: async () => new Response('[]') });
  await assert.rejects(json.getBars({ symbol: 'X', period: '1d' }), isError('parse', 'no bars'));
  const empty = createCsvSource('/x.csv', { fetch: async () => new Response('') });
  await assert.rejects(empty.getBars({ symbol: 'X', period: '1d' }), isError('parse', 'empty'));
});

/** A localhost server that sends headers and part of a body, then never ends; records closed requests. */
async function hangingServer(): Promise<{
  url: string;
  closed: Promise<void>;
  requests: () => number;
  stop(): Promise<void>;
}> {
  let requests = 0;
  let resolveClosed!: () => void;
  const closed = new Promise<void>((r) => (resolveClosed = r));
  const open = new Set<ServerResponse>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    requests++;
    open.add(res);
    res.writeHead(200, { 'content-type': 'text/csv' });
    res.write('time,open,high,low,close,volume\n2024-03-08,1,2,0.5,1.5,10\n');
    req.socket.on('close', () => open.delete(res));
  });
  // Watched per connection, not per request: on a loaded machine the client's timeout can fire before
  // the request reaches the handler, and a 'close' listener added after the socket closed never runs.
  server.on('connection', (socket) => socket.on('close', () => resolveClosed()));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hang.csv`,
    closed,
    requests: () => requests,
    stop: async () => {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

test('a response body that never ends times out with a clear error and the request is cancelled', async () => {
  const server = await hangingServer();
  try {
    const source = createCsvSource(server.url, { timeoutMs: 300 });
    await assert.rejects(source.getBars({ symbol: 'HANG', period: '1d' }), isError('network', 'timed out', server.url));
    await server.closed; // the client dropped the connection
    // One request at most (none when the timeout came before the server read it), and no retry.
    assert.ok(server.requests() <= 1, `${server.requests()} requests`);
  } finally {
    await server.stop();
  }
});

test('aborting a hanging load (getBars or searchInstruments) rejects with aborted and cancels the request', async () => {
  const server = await hangingServer();
  try {
    const source = createCsvSource(server.url, { timeoutMs: 0 });
    const controller = new AbortController();
    const search = source.searchInstruments('', { limit: 1, signal: controller.signal });
    const bars = source.getBars({ symbol: 'HANG', period: '1d', signal: controller.signal });
    while (server.requests() === 0) await new Promise((r) => setImmediate(r));
    controller.abort();
    await assert.rejects(search, isError('aborted'));
    await assert.rejects(bars, isError('aborted'));
    await server.closed;
  } finally {
    await server.stop();
  }
});

test('Binance: a fetch that never settles (and ignores its signal) still times out', async () => {
  let signal: AbortSignal | undefined;
  const source = createBinanceSource({
    timeoutMs: 200,
    fetch: (_url, init) => {
      signal = init?.signal ?? undefined;
      return new Promise<Response>(() => undefined);
    },
  });
  await assert.rejects(
    source.getBars({ symbol: 'BTCUSDT', period: '1h', limit: 10 }),
    isError('network', 'Binance', 'timed out'),
  );
  assert.equal(signal?.aborted, true);
  await assert.rejects(source.searchInstruments('BTC'), isError('network', 'timed out'));
  const controller = new AbortController();
  const pending = createBinanceSource({
    timeoutMs: 0,
    fetch: () => new Promise<Response>(() => undefined),
  }).searchInstruments('BTC', { signal: controller.signal });
  controller.abort();
  await assert.rejects(pending, isError('aborted'));
});

test('a chart core shows loading while a file hangs, then reports the timeout and keeps the previous series', async () => {
  const core = new ChartCore({ chartId: 'c' });
  await core.loadTarget({ symbol: 'DEMO', period: '1d', sourceId: 'sample' }, null);
  const before = core.store.peek('series');
  assert.ok(before && before.bars.length > 0);
  const server = await hangingServer();
  try {
    core.sources.register(createCsvSource(server.url, { timeoutMs: 300 }));
    const load = core.loadTarget({ symbol: 'HANG', period: '1d', sourceId: 'csv' }, null);
    assert.equal(core.store.peek('loading'), true);
    await assert.rejects(load, isError('network', 'timed out'));
    assert.equal(core.store.peek('loading'), false);
    assert.equal(core.store.peek('series'), before);
    assert.equal(core.store.peek('target')?.sourceId, 'sample');
  } finally {
    await server.stop();
  }
});

test('bars a registered source sends are validated before they reach the chart', async () => {
  const core = new ChartCore({ chartId: 'c' });
  await core.loadTarget({ symbol: 'DEMO', period: '1d', sourceId: 'sample' }, null);
  const before = core.store.peek('series');
  const bad: DataSource = {
    id: 'bad',
    label: 'Bad',
    periods: ['1d'],
    searchInstruments: async () => [],
    getBars: async (request) => ({
      instrument: { symbol: 'BAD', name: 'Bad', exchange: '', market: '', timezone: 'UTC', sourceId: 'bad' },
      period: request.period,
      bars: barsFromObjects([bar(86_400_000), bar(2 * 86_400_000, 1, 2, 0.5, 1.5, -4)]),
    }),
  };
  core.sources.register(bad);
  await assert.rejects(
    core.loadTarget({ symbol: 'BAD', period: '1d', sourceId: 'bad' }, null),
    isError('parse', 'index 1', 'volume is negative'),
  );
  assert.equal(core.store.peek('series'), before);
});

test('a chart without a symbol looks up the default one under the loading flag, and can be aborted', async () => {
  const core = new ChartCore({ chartId: 'c' });
  const server = await hangingServer();
  try {
    core.sources.register(createCsvSource(server.url, { timeoutMs: 0 }));
    const controller = new AbortController();
    const symbol = core.defaultSymbol('csv', controller.signal);
    assert.equal(core.store.peek('loading'), true);
    controller.abort();
    await assert.rejects(symbol, isError('aborted'));
    assert.equal(core.store.peek('loading'), false);
  } finally {
    await server.stop();
  }
});
