import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { WebSocket } from 'ws';
import type { Bar, Bars } from '../../../src/core/data/bars.js';
import { binanceBackoffDelay } from '../../../src/core/data/binance-backoff.js';
import { createBinanceSource } from '../../../src/core/data/binance-source.js';
import { openBinanceKlineStream, type BinanceStreamStatus } from '../../../src/core/data/binance-stream.js';
import { createBars } from '../../../src/core/data/bars.js';
import { startMockBinance } from '../../mock-binance/index.js';
import { sleep, waitFor } from '../wait-for.js';
import { streamHarness } from './stream-harness.js';

const MINUTE = 60_000;
const mock = await startMockBinance();
after(() => mock.close());

function bar(time: number, close: number): Bar {
  return { time, open: close - 1, high: close + 1, low: close - 2, close, volume: 1 };
}

function timerCount(): number {
  return process.getActiveResourcesInfo().filter((name) => name === 'Timeout').length;
}

test('backoff: doubles from the base, capped, with jitter in the upper half of each step', () => {
  assert.deepEqual(
    [0, 1, 2, 3].map((a) => binanceBackoffDelay(a, 500, 30_000, () => 1)),
    [500, 1000, 2000, 4000],
  );
  assert.deepEqual(
    [0, 1, 2].map((a) => binanceBackoffDelay(a, 500, 30_000, () => 0)),
    [250, 500, 1000],
  );
  assert.equal(
    binanceBackoffDelay(20, 500, 30_000, () => 1),
    30_000,
  );
  assert.equal(
    binanceBackoffDelay(1000, 500, 30_000, () => 0.5),
    22_500,
  );
  for (let i = 0; i < 50; i++) {
    const d = binanceBackoffDelay(3, 500, 30_000);
    assert.ok(d >= 2000 && d <= 4000);
  }
});

test('reconnect: refused attempts back off exponentially; a stable connection resets the backoff', async (t) => {
  const statuses: BinanceStreamStatus[] = [];
  const stop = openBinanceKlineStream({
    url: `${mock.wsUrl}/ws/solusdt@kline_1m`,
    symbol: 'SOLUSDT',
    interval: '1m',
    WebSocket,
    listener: () => undefined,
    fetchSince: async () => createBars(0),
    baseDelayMs: 20,
    maxDelayMs: 70,
    stableMs: 150,
    random: () => 1,
    onStatus: (s) => statuses.push(s),
  });
  t.after(stop);
  const live = (): number => statuses.filter((s) => s.state === 'live').length;
  await waitFor(() => live() === 1, 'live');
  mock.rejectConnections(4);
  mock.dropConnections();
  await waitFor(() => live() === 2, 'live after four refusals', 5000);
  const delays = (): number[] => statuses.filter((s) => s.state === 'waiting').map((s) => s.delayMs ?? -1);
  assert.deepEqual(delays(), [20, 40, 70, 70, 70]);
  await sleep(200); // longer than stableMs: the reset is defined by elapsed time, so time must pass (no event)
  mock.dropConnections();
  await waitFor(() => live() === 3, 'live after a drop');
  assert.deepEqual(delays().slice(5), [20], 'the backoff starts over after a stable minute (here 150 ms)');
  stop();
});

test('reconnect: stream messages that arrive during the REST fill wait for it; older ones are dropped', async (t) => {
  let hold: Promise<void> | null = null;
  let release = (): void => undefined;
  const h = { statuses: [] as BinanceStreamStatus[], emitted: [] as Bar[] };
  const source = createBinanceSource({
    restBaseUrl: mock.restUrl,
    wsBaseUrl: mock.wsUrl,
    WebSocket,
    reconnect: { baseDelayMs: 10, maxDelayMs: 50 },
    onStreamStatus: (_s, _p, status) => h.statuses.push(status),
    fetch: async (input, init) => {
      if (hold && input.includes('startTime=')) await hold;
      return fetch(input, init);
    },
  });
  const stop = source.subscribe('BNBUSDT', '1m', (b) => h.emitted.push(b));
  t.after(() => {
    release();
    stop();
  });
  await waitFor(() => h.statuses.some((s) => s.state === 'live'), 'live');
  const t0 = (mock.bars('BNBUSDT', '1m').at(-1) as Bar).time;
  mock.pushKline('BNBUSDT', '1m', bar(t0, 660));
  await waitFor(() => h.emitted.length === 1, 'first tick');
  hold = new Promise<void>((resolve) => {
    release = resolve;
  });
  mock.dropConnections();
  mock.pushKline('BNBUSDT', '1m', bar(t0, 661), true);
  await waitFor(() => h.statuses.some((s) => s.state === 'catching-up'), 'catching up');
  // The socket is open again and the fill is still pending: these go out on the stream at once.
  mock.pushKline('BNBUSDT', '1m', bar(t0 + MINUTE, 662), true);
  mock.pushKline('BNBUSDT', '1m', bar(t0 + 2 * MINUTE, 663));
  await sleep(50); // no event for "nothing emitted": give the two stream messages time to arrive and be held
  assert.equal(h.emitted.length, 1, 'nothing is emitted before the gap is filled');
  // And the exchange corrects an older bar the stream already sent: the REST answer carries it.
  mock.pushKline('BNBUSDT', '1m', bar(t0 + MINUTE, 662.5), true);
  release();
  await waitFor(() => h.statuses.filter((s) => s.state === 'live').length === 2, 'live again');
  await waitFor(() => h.emitted.length >= 5, 'the fill and the held messages');
  stop();
  const minutes = h.emitted.map((b) => (b.time - t0) / MINUTE);
  // First tick; REST: t0, t0+1 (corrected), t0+2; then the held messages: t0+1 is older, dropped; t0+2 again.
  assert.deepEqual(minutes, [0, 0, 1, 2, 2]);
  assert.deepEqual(
    h.emitted.map((b) => b.close),
    [660, 661, 662.5, 663, 663],
  );
  for (let i = 1; i < minutes.length; i++) assert.ok(minutes[i] >= minutes[i - 1], 'emitted times never decrease');
});

test('reconnect: a failed REST fill drops the socket and retries until the gap is filled', async (t) => {
  const { statuses, emitted, stop } = streamHarness(t, mock, 'ETHBTC', {
    reconnect: { baseDelayMs: 10, maxDelayMs: 50 },
  });
  await waitFor(() => statuses.some((s) => s.state === 'live'), 'live');
  const t0 = (mock.bars('ETHBTC', '1m').at(-1) as Bar).time;
  mock.pushKline('ETHBTC', '1m', bar(t0, 0.0251));
  await waitFor(() => emitted.length === 1, 'first tick');
  const connections = mock.streamConnections.length;
  mock.failNext('/api/v3/klines', 'tooManyRequests');
  mock.dropConnections();
  mock.pushKline('ETHBTC', '1m', bar(t0 + MINUTE, 0.0252));
  await waitFor(() => statuses.filter((s) => s.state === 'live').length === 2, 'live again', 5000);
  stop();
  assert.deepEqual(
    emitted.map((b) => (b.time - t0) / MINUTE),
    [0, 0, 1],
  );
  const failed = statuses.find((s) => s.state === 'waiting' && s.reason?.includes('gap fill failed'));
  assert.ok(failed?.reason?.includes('rate limit'), 'the retry says why');
  assert.equal(
    mock.streamConnections.length - connections,
    2,
    'one socket dropped after the failed fill, one that stayed',
  );
});

test('unsubscribe: cancels a pending reconnect timer and a pending fill, leaving nothing running', async (t) => {
  const statuses: BinanceStreamStatus[] = [];
  const stop = openBinanceKlineStream({
    url: `${mock.wsUrl}/ws/btcusdt@kline_1m`,
    symbol: 'BTCUSDT',
    interval: '1m',
    WebSocket,
    listener: () => undefined,
    fetchSince: async () => createBars(0),
    baseDelayMs: 60_000,
    maxDelayMs: 60_000,
    stableMs: 60_000,
    onStatus: (s) => statuses.push(s),
  });
  let pending: number;
  try {
    await waitFor(() => statuses.some((s) => s.state === 'live'), 'live');
    mock.dropConnections();
    await waitFor(() => statuses.some((s) => s.state === 'waiting'), 'waiting');
  } finally {
    // A one-minute reconnect timer is pending now; without unsubscribe this process would not exit for a minute.
    pending = timerCount();
    stop();
  }
  assert.equal(timerCount(), pending - 1, 'unsubscribe cleared the reconnect timer');
  assert.equal(statuses.at(-1)?.state, 'closed');
  await sleep(30); // no event for "no attempt": a stray timer would connect within this bound (delays here are 20 ms)
  assert.equal(statuses.filter((s) => s.state === 'connecting').length, 1, 'no attempt after unsubscribe');

  // Unsubscribing during a fill aborts the fill's request and emits nothing afterwards.
  let signalSeen: AbortSignal | null = null;
  let finish = (): void => undefined;
  const emitted: Bar[] = [];
  const states: string[] = [];
  const stop2 = openBinanceKlineStream({
    url: `${mock.wsUrl}/ws/btcusdt@kline_1m`,
    symbol: 'BTCUSDT',
    interval: '1m',
    WebSocket,
    listener: (b) => emitted.push(b),
    fetchSince: (_since, signal) => {
      signalSeen = signal;
      return new Promise<Bars>((resolve) => {
        finish = () => resolve(createBars(1));
      });
    },
    baseDelayMs: 10,
    maxDelayMs: 10,
    stableMs: 60_000,
    onStatus: (s) => states.push(s.state),
  });
  t.after(() => {
    finish();
    stop2();
  });
  await waitFor(() => states.includes('live'), 'live');
  const t0 = (mock.bars('BTCUSDT', '1m').at(-1) as Bar).time;
  mock.pushKline('BTCUSDT', '1m', bar(t0, 105_000));
  await waitFor(() => emitted.length === 1, 'tick');
  mock.dropConnections();
  await waitFor(() => states.includes('catching-up'), 'catching up');
  stop2();
  assert.equal((signalSeen as AbortSignal | null)?.aborted, true);
  finish();
  await sleep(30); // no event for "nothing emitted after unsubscribe": let the finished fill settle first
  assert.equal(emitted.length, 1);
  await waitFor(() => mock.openConnections === 0, 'no socket left open');
});
