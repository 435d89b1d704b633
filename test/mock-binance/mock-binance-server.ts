import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Bar } from '../../src/core/data/bars.js';
import { loadErrorReplies, loadFixture, type MockErrorName, type MockErrorReply } from './load-fixture.js';
import { generateMockBars, klineRow, klineStreamMessage, MOCK_INTERVAL_MS } from './mock-kline-series.js';

/** Options of {@link startMockBinance}. */
export interface MockBinanceOptions {
  /** Port; default 0 (any free port). */
  readonly port?: number;
  /** Host; default `127.0.0.1`. */
  readonly host?: string;
  /** "Now" of the generated history: the newest generated bar contains it. Default 2025-06-02 12:05 UTC. */
  readonly now?: number;
  /** Bars generated per symbol and interval unless `setBars` replaced them; default 1500. */
  readonly barCount?: number;
}

/** A running mock of Binance spot's public REST API and kline streams. */
export interface MockBinance {
  /** REST base, e.g. `http://127.0.0.1:40123` (pass as `restBaseUrl`). */
  readonly restUrl: string;
  /** Websocket base, e.g. `ws://127.0.0.1:40123` (pass as `wsBaseUrl`). */
  readonly wsUrl: string;
  /** Path and query of every REST request, oldest first (a live array). */
  readonly requests: string[];
  /** Stream path of every accepted websocket connection, oldest first (`/ws/btcusdt@kline_1m`). */
  readonly streamConnections: string[];
  /** Websockets open right now. */
  readonly openConnections: number;
  /** Terminates every open websocket abruptly (close code 1006 at the client), as a network loss would. */
  dropConnections(): void;
  /** Refuses the next `count` websocket handshakes with HTTP 503. */
  rejectConnections(count: number): void;
  /** Answers the next request to `path` (e.g. `/api/v3/klines`) with a canned Binance error. */
  failNext(path: string, error: MockErrorName | MockErrorReply): void;
  /**
   * Updates the stored history (replaces the bar with the same open time, else inserts it in order)
   * and sends a kline message to every open stream of that symbol and interval.
   */
  pushKline(symbol: string, interval: string, bar: Bar, closed?: boolean): void;
  /** Replaces the history served for a symbol and interval (any symbol: it becomes valid for klines). */
  setBars(symbol: string, interval: string, rows: readonly Bar[]): void;
  /** A copy of the history served for a symbol and interval. */
  bars(symbol: string, interval: string): Bar[];
  /** Resolves once `count` websocket connections have been accepted in total. */
  waitForConnections(count: number): Promise<void>;
  /** Stops the servers, cutting open connections. */
  close(): Promise<void>;
}

const DEFAULT_NOW = Date.UTC(2025, 5, 2, 12, 5, 30);
const BASE_PRICES: Readonly<Record<string, number>> = {
  BTCUSDT: 105_000,
  ETHUSDT: 2_600,
  ETHBTC: 0.02475,
  BNBUSDT: 665,
  SOLUSDT: 155,
  ETHFIUSDT: 1.3,
  BTCBUSD: 105_000,
};

interface ExchangeSymbol {
  readonly symbol: string;
  readonly filters: readonly { readonly filterType: string; readonly tickSize?: string }[];
}

function tickDecimals(entry: ExchangeSymbol | undefined): number {
  const tick = entry?.filters.find((f) => f.filterType === 'PRICE_FILTER')?.tickSize ?? '0.01';
  const fraction = tick.split('.')[1]?.replace(/0+$/, '') ?? '';
  return fraction.length;
}

function send(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json;charset=UTF-8',
    'Content-Length': Buffer.byteLength(text),
    'Access-Control-Allow-Origin': '*',
    'x-mbx-used-weight': '2',
    'x-mbx-used-weight-1m': '2',
    ...headers,
  });
  res.end(text);
}

function sendError(res: http.ServerResponse, reply: MockErrorReply): void {
  send(res, reply.status, reply.body, reply.headers);
}

/** A query integer as Binance reads it, `undefined` when absent, `NaN` when malformed. */
function intParam(params: URLSearchParams, name: string): number | undefined {
  const raw = params.get(name);
  if (raw === null) return undefined;
  return /^-?\d+$/.test(raw) ? Number(raw) : Number.NaN;
}

/**
 * Starts a local stand-in for `api.binance.com` and `stream.binance.com` that answers in the
 * exchange's exact formats: `GET /api/v3/exchangeInfo` (the recorded excerpt in
 * `fixtures/exchange-info.json`), `GET /api/v3/klines` over deterministic generated bars with
 * Binance's rules for `symbol`, `interval`, `startTime`, `endTime` and `limit` (default 500, 1–1000),
 * its error bodies (`{"code":-1121,"msg":"Invalid symbol."}` …), and kline streams on
 * `/ws/<symbol>@kline_<interval>`. Tests drive it: `pushKline`, `dropConnections`,
 * `rejectConnections`, `failNext`, `setBars`. Nothing leaves the machine.
 *
 * @example
 * const mock = await startMockBinance();
 * const source = createBinanceSource({ restBaseUrl: mock.restUrl, wsBaseUrl: mock.wsUrl, WebSocket });
 */
export async function startMockBinance(options: MockBinanceOptions = {}): Promise<MockBinance> {
  const now = options.now ?? DEFAULT_NOW;
  const barCount = options.barCount ?? 1500;
  const exchangeInfo = loadFixture('exchange-info.json') as { symbols: ExchangeSymbol[] };
  const errors = loadErrorReplies();
  const listed = new Map(exchangeInfo.symbols.map((s) => [s.symbol, s]));
  const series = new Map<string, Bar[]>();
  const custom = new Set<string>();
  const requests: string[] = [];
  const streamConnections: string[] = [];
  const sockets = new Map<WebSocket, string>();
  const failures = new Map<string, MockErrorReply[]>();
  const connectionWaiters: { count: number; resolve: () => void }[] = [];
  let rejectCount = 0;

  function seriesOf(symbol: string, interval: string): Bar[] {
    const key = `${symbol}:${interval}`;
    let bars = series.get(key);
    if (!bars) {
      bars = generateMockBars(
        symbol,
        interval,
        now,
        barCount,
        BASE_PRICES[symbol] ?? 100,
        tickDecimals(listed.get(symbol)),
      );
      series.set(key, bars);
    }
    return bars;
  }

  function klines(params: URLSearchParams, res: http.ServerResponse): void {
    const symbol = params.get('symbol');
    const interval = params.get('interval');
    if (symbol === null || symbol === '') return sendError(res, errors.missingSymbol);
    if (interval === null || interval === '') {
      return sendError(res, {
        status: 400,
        body: { code: -1102, msg: "Mandatory parameter 'interval' was not sent, was empty/null, or malformed." },
      });
    }
    if (!/^[A-Z0-9\-_.]{1,20}$/.test(symbol)) {
      return sendError(res, {
        status: 400,
        body: {
          code: -1100,
          msg: "Illegal characters found in parameter 'symbol'; legal range is '^[A-Z0-9-_.]{1,20}$'.",
        },
      });
    }
    if (!listed.has(symbol) && !custom.has(symbol)) return sendError(res, errors.invalidSymbol);
    if (!(interval in MOCK_INTERVAL_MS)) return sendError(res, errors.invalidInterval);
    const limit = intParam(params, 'limit') ?? 500;
    if (!Number.isFinite(limit) || limit < 1 || limit > 1000) return sendError(res, errors.invalidLimit);
    const startTime = intParam(params, 'startTime');
    const endTime = intParam(params, 'endTime');
    if (Number.isNaN(startTime) || Number.isNaN(endTime)) {
      return sendError(res, { status: 400, body: { code: -1100, msg: 'Illegal characters found in a parameter.' } });
    }
    const all = seriesOf(symbol, interval);
    let rows = all.filter(
      (b) => (startTime === undefined || b.time >= startTime) && (endTime === undefined || b.time <= endTime),
    );
    rows = startTime !== undefined ? rows.slice(0, limit) : rows.slice(Math.max(0, rows.length - limit));
    send(
      res,
      200,
      rows.map((b) => klineRow(interval, b)),
    );
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://mock');
    requests.push(`${url.pathname}${url.search}`);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Methods': 'GET',
        'Content-Length': '0',
      });
      res.end();
      return;
    }
    const queued = failures.get(url.pathname)?.shift();
    if (queued) return sendError(res, queued);
    if (req.method === 'GET' && url.pathname === '/api/v3/exchangeInfo')
      return send(res, 200, { ...exchangeInfo, serverTime: now });
    if (req.method === 'GET' && url.pathname === '/api/v3/klines') return klines(url.searchParams, res);
    if (req.method === 'GET' && url.pathname === '/api/v3/ping') return send(res, 200, {});
    send(res, 404, { code: -1000, msg: 'An unknown error occurred while processing the request.' });
  });

  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(req.url ?? '/', 'http://mock').pathname;
    const match = /^\/ws\/([^/@]+@kline_[0-9a-zA-Z]+)$/.exec(path);
    if (!match || rejectCount > 0) {
      if (match) rejectCount--;
      socket.end(
        `HTTP/1.1 ${match ? '503 Service Unavailable' : '404 Not Found'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
      );
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const stream = decodeURIComponent(match[1]);
      sockets.set(ws, stream);
      streamConnections.push(path);
      ws.on('close', () => sockets.delete(ws));
      ws.on('error', () => sockets.delete(ws));
      for (const waiter of connectionWaiters.splice(0)) {
        if (streamConnections.length >= waiter.count) waiter.resolve();
        else connectionWaiters.push(waiter);
      }
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port, address } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;

  return {
    restUrl: `http://${host}:${port}`,
    wsUrl: `ws://${host}:${port}`,
    requests,
    streamConnections,
    get openConnections(): number {
      return sockets.size;
    },
    dropConnections(): void {
      for (const ws of [...sockets.keys()]) ws.terminate();
    },
    rejectConnections(count: number): void {
      rejectCount = Math.max(0, Math.floor(count));
    },
    failNext(path: string, error: MockErrorName | MockErrorReply): void {
      const reply = typeof error === 'string' ? errors[error] : error;
      const queue = failures.get(path) ?? [];
      queue.push(reply);
      failures.set(path, queue);
    },
    pushKline(symbol: string, interval: string, bar: Bar, closed = false): void {
      const bars = seriesOf(symbol, interval);
      const copy = { ...bar };
      let i = bars.length;
      while (i > 0 && bars[i - 1].time > copy.time) i--;
      if (i > 0 && bars[i - 1].time === copy.time) bars[i - 1] = copy;
      else bars.splice(i, 0, copy);
      const stream = `${symbol.toLowerCase()}@kline_${interval}`;
      const message = klineStreamMessage(symbol, interval, copy, closed, Date.now());
      for (const [ws, name] of sockets) if (name === stream && ws.readyState === ws.OPEN) ws.send(message);
    },
    setBars(symbol: string, interval: string, rows: readonly Bar[]): void {
      custom.add(symbol);
      series.set(
        `${symbol}:${interval}`,
        [...rows].map((r) => ({ ...r })).sort((a, b) => a.time - b.time),
      );
    },
    bars(symbol: string, interval: string): Bar[] {
      return seriesOf(symbol, interval).map((b) => ({ ...b }));
    },
    waitForConnections(count: number): Promise<void> {
      if (streamConnections.length >= count) return Promise.resolve();
      return new Promise((resolve) => connectionWaiters.push({ count, resolve }));
    },
    async close(): Promise<void> {
      for (const ws of sockets.keys()) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
