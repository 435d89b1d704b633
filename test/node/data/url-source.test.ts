import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DataSourceError } from '../../../src/core/data/data-source.js';
import { createUrlSource } from '../../../src/core/data/url-source.js';
import { createCsvSource } from '../../../src/core/data/csv-source.js';
import { createJsonSource } from '../../../src/core/data/json-source.js';
import { guessPeriod } from '../../../src/core/data/guess-period.js';

function isError(code: DataSourceError['code'], text?: string): (e: unknown) => boolean {
  return (e: unknown) =>
    e instanceof DataSourceError && e.code === code && (text === undefined || e.message.includes(text));
}

/** 60 one-minute bars from 09:30 New York on 2024-03-08, as CSV with wall-clock times. */
function minuteCsv(): string {
  const lines = ['datetime,open,high,low,close,volume'];
  for (let i = 0; i < 60; i++) {
    const minute = 30 + i;
    const hh = String(9 + Math.floor(minute / 60)).padStart(2, '0');
    const mm = String(minute % 60).padStart(2, '0');
    lines.push(`2024-03-08 ${hh}:${mm},${100 + i},${101 + i},${99 + i},${100.25 + i},${i + 1}`);
  }
  return `${lines.join('\n')}\n`;
}

function fakeFetch(
  body: string,
  status = 200,
): { fetch: (url: string, init?: RequestInit) => Promise<Response>; calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    fetch: async (url: string) => {
      calls.push(url);
      return new Response(body, { status });
    },
  };
}

test('CSV source: fetched once, symbol from the file name, period guessed, coarser periods aggregated', async () => {
  const { fetch, calls } = fakeFetch(minuteCsv());
  const source = createCsvSource('/data/demo-minutes.csv?v=2', { timeZone: 'America/New_York', fetch });
  assert.equal(source.id, 'csv');
  assert.equal(source.label, 'CSV file (demo-minutes.csv)');
  const [one, five] = await Promise.all([
    source.getBars({ symbol: 'DEMO-MINUTES', period: '1m' }),
    source.getBars({ symbol: 'demo-minutes', period: '5m' }),
  ]);
  assert.equal(calls.length, 1);
  assert.equal(one.bars.length, 60);
  assert.deepEqual(
    [one.instrument.symbol, one.instrument.timezone, one.instrument.sourceId, one.instrument.pricePrecision],
    ['DEMO-MINUTES', 'America/New_York', 'csv', 2],
  );
  assert.equal(five.bars.length, 12);
  assert.deepEqual([five.bars.open[0], five.bars.close[0], five.bars.volume[0]], [100, 104.25, 15]);
  const hour = await source.getBars({ symbol: 'DEMO-MINUTES', period: '1h' });
  assert.deepEqual(Array.from(hour.bars.volume), [(30 * 31) / 2, (60 * 61) / 2 - (30 * 31) / 2]);
  assert.ok(source.periods.includes('1m') && source.periods.includes('1M'));
  const last = await source.getBars({ symbol: 'DEMO-MINUTES', period: '1m', limit: 2 });
  assert.deepEqual([last.bars.length, last.complete], [2, false]);
  assert.deepEqual(
    (await source.searchInstruments('demo')).map((i) => i.symbol),
    ['DEMO-MINUTES'],
  );
  assert.deepEqual(await source.searchInstruments('other'), []);
  assert.equal(calls.length, 1);
});

test('JSON source: symbol, name, timezone and period from the file; finer periods are refused', async () => {
  const body = JSON.stringify({
    symbol: 'XYZ',
    name: 'Xyz Ltd',
    timezone: 'Asia/Shanghai',
    period: '1d',
    bars: [
      { date: '2024-03-04', open: 1, high: 2, low: 0.5, close: 1.5, volume: 1 },
      { date: '2024-03-05', open: 1.5, high: 3, low: 1, close: 2.5, volume: 2 },
      { date: '2024-03-11', open: 2.5, high: 3, low: 2, close: 2.75, volume: 4 },
    ],
  });
  const source = createJsonSource('https://example.test/x.json', {
    symbol: 'IGNORED',
    timeZone: 'UTC',
    fetch: fakeFetch(body).fetch,
  });
  const weekly = await source.getBars({ symbol: 'XYZ', period: '1w' });
  assert.deepEqual(
    [weekly.instrument.name, weekly.instrument.timezone, weekly.bars.length],
    ['Xyz Ltd', 'Asia/Shanghai', 2],
  );
  assert.deepEqual(Array.from(weekly.bars.high), [3, 3]);
  assert.deepEqual(source.periods, ['1d', '1w', '1M']);
  await assert.rejects(source.getBars({ symbol: 'XYZ', period: '1h' }), isError('unsupported', '1h'));
  await assert.rejects(source.getBars({ symbol: 'ABC', period: '1d' }), isError('not_found', 'ABC'));
});

test('HTTP errors are network errors naming the status and URL, and a later call tries again', async () => {
  const { fetch, calls } = fakeFetch('missing', 404);
  const source = createUrlSource('csv', '/nope.csv', { fetch });
  await assert.rejects(source.getBars({ symbol: 'NOPE', period: '1d' }), isError('network', 'HTTP 404 for /nope.csv'));
  await assert.rejects(source.searchInstruments('x'), isError('network'));
  assert.equal(calls.length, 2);
  const unreachable = createUrlSource('json', '/down.json', {
    fetch: async () => {
      throw new TypeError('fetch failed');
    },
  });
  await assert.rejects(unreachable.getBars({ symbol: 'DOWN', period: '1d' }), isError('network', '/down.json'));
});

test('a malformed file surfaces the parser error with its line', async () => {
  const source = createUrlSource('csv', '/bad.csv', {
    fetch: fakeFetch('time,open,high,low,close\n2024-03-08,1,2,0.5,x\n').fetch,
  });
  await assert.rejects(
    source.getBars({ symbol: 'BAD', period: '1d' }),
    (e: unknown) => isError('parse')(e) && (e as DataSourceError).line === 2,
  );
});

test('abort: the caller gets "aborted" and, with no other caller waiting, the download is cancelled', async () => {
  let downloadSignal: AbortSignal | undefined;
  let calls = 0;
  const fetch = (_url: string, init?: RequestInit): Promise<Response> => {
    calls++;
    downloadSignal = init?.signal ?? undefined;
    return new Promise((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
  };
  const source = createUrlSource('csv', '/slow.csv', { fetch });
  const controller = new AbortController();
  const request = source.getBars({ symbol: 'SLOW', period: '1d', signal: controller.signal });
  controller.abort();
  await assert.rejects(request, isError('aborted'));
  assert.equal(downloadSignal?.aborted, true);
  const already = new AbortController();
  already.abort();
  await assert.rejects(source.getBars({ symbol: 'SLOW', period: '1d', signal: already.signal }), isError('aborted'));
  assert.equal(calls, 1);
});

test('served over real HTTP on localhost with the global fetch', async () => {
  const server = createServer((request, response) => {
    if (request.url === '/ohlc.csv') {
      response.writeHead(200, { 'content-type': 'text/csv' });
      response.end('date,open,high,low,close,volume\n2024-03-08,1,2,0.5,1.5,10\n2024-03-11,1.5,2,1,1.75,20\n');
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const ok = await createUrlSource('csv', `${base}/ohlc.csv`, { symbol: 'OHLC' }).getBars({
      symbol: 'OHLC',
      period: '1d',
    });
    assert.deepEqual(Array.from(ok.bars.close), [1.5, 1.75]);
    assert.equal(ok.instrument.symbol, 'OHLC');
    await assert.rejects(
      createUrlSource('csv', `${base}/missing.csv`).getBars({ symbol: 'MISSING', period: '1d' }),
      isError('network', `HTTP 404 for ${base}/missing.csv`),
    );
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

test('guessPeriod uses the median spacing, so weekends and nights do not matter', () => {
  const day = 86_400_000;
  const weekdays = Float64Array.from([0, 1, 2, 3, 4, 7, 8, 9, 10, 11, 14].map((d) => d * day));
  assert.equal(guessPeriod(weekdays), '1d');
  assert.equal(guessPeriod(Float64Array.from([0, 60_000, 120_000, 86_400_000, 86_460_000])), '1m');
  assert.equal(guessPeriod(Float64Array.from([0, 7, 14, 21].map((d) => d * day))), '1w');
  assert.equal(guessPeriod(Float64Array.from([0, 31, 59, 90].map((d) => d * day))), '1M');
  assert.equal(guessPeriod(Float64Array.from([0, 3_600_000, 7_200_000])), '1h');
  assert.equal(guessPeriod(Float64Array.from([0, 3 * day])), '1d');
  assert.equal(guessPeriod(Float64Array.from([5])), '1d');
});

test("a data: or blob: URL's file is named DATA, and a file name past 64 characters is cut to 64", async () => {
  const { fetch } = fakeFetch(minuteCsv());
  const payload = `data:text/csv,${encodeURIComponent(minuteCsv())}`;
  for (const url of [payload, 'blob:https://example.com/0b1e5f9a-1c2d-4e3f-9a8b-7c6d5e4f3a2b']) {
    const source = createCsvSource(url, { timeZone: 'America/New_York', fetch });
    const [instrument] = await source.searchInstruments('', { limit: 1 });
    assert.equal(instrument.symbol, 'DATA', url.slice(0, 20));
    assert.ok(source.label.length <= 80, source.label);
  }
  const long = createCsvSource(`/files/${'x'.repeat(300)}.csv`, { timeZone: 'America/New_York', fetch });
  const [instrument] = await long.searchInstruments('', { limit: 1 });
  assert.equal(instrument.symbol, 'X'.repeat(64));
  assert.ok(long.label.length <= 80, long.label);
});
