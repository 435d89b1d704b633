import type { Bar, Bars } from './bars.js';
import { barAt } from './slice-bars.js';
import { binanceBackoffDelay } from './binance-backoff.js';
import { parseBinanceKlineMessage } from './binance-kline-message.js';
import type { BarListener } from './data-source.js';

/**
 * The part of a WebSocket the stream uses, met by the browser's `WebSocket` and by the `ws` package's
 * class in Node. Handlers take `never` so that both classes' own event types are accepted (a handler
 * property is checked contravariantly); the stream only reads `data` of a message.
 */
export interface BinanceSocket {
  onopen: ((event: never) => void) | null;
  onmessage: ((event: never) => void) | null;
  onclose: ((event: never) => void) | null;
  onerror: ((event: never) => void) | null;
  close(code?: number, reason?: string): void;
}

/** A WebSocket class: `globalThis.WebSocket` in browsers, `import { WebSocket } from 'ws'` in Node 20. */
export type BinanceWebSocketConstructor = new (url: string) => BinanceSocket;

/** Where a live stream stands; reported through `onStatus` (for a "reconnecting…" badge and tests). */
export interface BinanceStreamStatus {
  /**
   * `connecting` (a socket is being opened), `live` (messages flow to the listener), `catching-up`
   * (reopened; missed bars are being fetched over REST while stream messages are held back),
   * `waiting` (closed unexpectedly; the next attempt starts after `delayMs`), `closed` (unsubscribed).
   */
  readonly state: 'connecting' | 'live' | 'catching-up' | 'waiting' | 'closed';
  /** Consecutive failed connections so far (0 while healthy). */
  readonly attempt: number;
  /** With `waiting`: the delay before the next attempt. */
  readonly delayMs?: number;
  /** With `waiting`: why the previous connection ended, when known. */
  readonly reason?: string;
}

/** Options of {@link openBinanceKlineStream}. */
export interface BinanceKlineStreamOptions {
  /** The stream URL, e.g. `wss://stream.binance.com:9443/ws/btcusdt@kline_1m`. */
  readonly url: string;
  /** Upper-case pair code and Binance interval that messages must carry. */
  readonly symbol: string;
  readonly interval: string;
  readonly WebSocket: BinanceWebSocketConstructor;
  readonly listener: BarListener;
  /** Bars with open time at or after `since`, ascending: the REST fill of the gap after a reconnect. */
  fetchSince(since: number, signal: AbortSignal): Promise<Bars>;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  /** A connection that stayed open this long resets the backoff. */
  readonly stableMs: number;
  readonly random?: () => number;
  readonly onStatus?: (status: BinanceStreamStatus) => void;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Opens one self-healing kline stream and returns the function that stops it.
 *
 * When the socket closes without being asked to (network loss, Binance's 24-hour cut, server restart),
 * it is reopened after {@link binanceBackoffDelay} (the attempt count resets once a connection has
 * stayed open `stableMs`). Reopening the stream's own URL is the resubscription. Once reopened, the
 * bars from the last emitted bar's open time onward are fetched with `fetchSince` and emitted in order
 * (the last bar again, as it may have changed, then every bar missed), and only then the stream
 * messages that arrived meanwhile. A bar older than the last emitted one is never emitted, so emitted
 * times never decrease and a chart that replaces an equal-time bar and appends a newer one ends with
 * no duplicate and no hole. If the REST fill fails, the socket is dropped and the whole reconnect is
 * retried with backoff. A listener that throws does not break the stream: its error is rethrown in
 * a microtask.
 *
 * The returned function closes the socket, aborts a pending fill and cancels the reconnect timer,
 * leaving nothing that keeps a Node process alive.
 */
export function openBinanceKlineStream(options: BinanceKlineStreamOptions): () => void {
  const { symbol, interval } = options;
  let closed = false;
  let socket: BinanceSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let openedAt = 0;
  let lastTime = -Infinity;
  let held: Bar[] | null = null;
  let fill: AbortController | null = null;

  function report(status: BinanceStreamStatus): void {
    try {
      options.onStatus?.(status);
    } catch (error) {
      queueMicrotask(() => {
        throw error;
      });
    }
  }

  function emit(bar: Bar): void {
    if (bar.time < lastTime) return;
    lastTime = bar.time;
    try {
      options.listener(bar);
    } catch (error) {
      queueMicrotask(() => {
        throw error;
      });
    }
  }

  function dropSocket(): void {
    const current = socket;
    socket = null;
    held = null;
    fill?.abort();
    fill = null;
    // Handlers stay set (they ignore a socket that is no longer current): `ws` emits 'error' for a
    // socket closed while connecting and throws when nothing listens.
    current?.close();
  }

  function scheduleReconnect(reason: string | undefined): void {
    if (openedAt !== 0 && Date.now() - openedAt >= options.stableMs) attempt = 0;
    openedAt = 0;
    const delayMs = binanceBackoffDelay(attempt, options.baseDelayMs, options.maxDelayMs, options.random);
    attempt++;
    report({ state: 'waiting', attempt, delayMs, ...(reason === undefined ? {} : { reason }) });
    timer = setTimeout(connect, delayMs);
  }

  function catchUp(ws: BinanceSocket): void {
    held = [];
    report({ state: 'catching-up', attempt });
    const controller = new AbortController();
    fill = controller;
    options.fetchSince(lastTime, controller.signal).then(
      (bars) => {
        if (closed || socket !== ws) return;
        fill = null;
        for (let i = 0; i < bars.length; i++) emit(barAt(bars, i));
        const pending = held ?? [];
        held = null;
        for (const bar of pending) emit(bar);
        report({ state: 'live', attempt });
      },
      (error: unknown) => {
        if (closed || socket !== ws) return;
        dropSocket();
        scheduleReconnect(`gap fill failed: ${messageOf(error)}`);
      },
    );
  }

  function connect(): void {
    timer = null;
    if (closed) return;
    report({ state: 'connecting', attempt });
    let ws: BinanceSocket;
    try {
      ws = new options.WebSocket(options.url);
    } catch (error) {
      scheduleReconnect(messageOf(error));
      return;
    }
    socket = ws;
    ws.onopen = () => {
      if (closed || socket !== ws) return;
      openedAt = Date.now();
      if (lastTime === -Infinity) report({ state: 'live', attempt });
      else catchUp(ws);
    };
    ws.onmessage = (event: { readonly data?: unknown }) => {
      if (closed || socket !== ws) return;
      const bar = parseBinanceKlineMessage(event.data, symbol, interval);
      if (bar === null) return;
      if (held !== null) held.push(bar);
      else emit(bar);
    };
    ws.onerror = () => {
      // A close event always follows; reconnecting is decided there.
    };
    ws.onclose = (event: { readonly code?: unknown; readonly reason?: unknown }) => {
      if (closed || socket !== ws) return;
      socket = null;
      held = null;
      fill?.abort();
      fill = null;
      const code = typeof event.code === 'number' ? event.code : undefined;
      const why = typeof event.reason === 'string' && event.reason !== '' ? `: ${event.reason}` : '';
      scheduleReconnect(code === undefined ? undefined : `closed with code ${code}${why}`);
    };
  }

  connect();
  return () => {
    if (closed) return;
    closed = true;
    if (timer !== null) clearTimeout(timer);
    timer = null;
    dropSocket();
    report({ state: 'closed', attempt });
  };
}
