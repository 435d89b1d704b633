import { parseBinanceExchangeInfo, type BinanceSymbolInfo } from './binance-exchange-info.js';
import { fetchBinanceKlines, BINANCE_KLINES_PER_REQUEST } from './binance-fetch-klines.js';
import { fetchBinanceJson, type BinanceFetch } from './binance-http.js';
import { olderBarsRequest, type OlderBarsRequest } from './binance-older-bars.js';
import { binanceInterval } from './binance-periods.js';
import { normalizeBinanceCode, searchBinanceSymbols } from './binance-search.js';
import {
  openBinanceKlineStream,
  type BinanceStreamStatus,
  type BinanceWebSocketConstructor,
} from './binance-stream.js';
import { aborted, untilAborted } from './until-aborted.js';
import { DataSourceError, type BarListener, type BarsRequest, type DataSource, type Series } from './data-source.js';
import type { Instrument } from './instrument.js';
import { PERIODS, type Period } from './period.js';
import { quoteText } from './quote-text.js';

/** Options of {@link createBinanceSource}. */
export interface BinanceSourceOptions {
  /** REST base; default `https://api.binance.com`. */
  readonly restBaseUrl?: string;
  /** Websocket base; default `wss://stream.binance.com:9443`. */
  readonly wsBaseUrl?: string;
  /** `fetch` to use; default the global one (read at call time). */
  readonly fetch?: BinanceFetch;
  /** Milliseconds to wait for each complete REST response; default 20 000 (`0` or `Infinity`: none). */
  readonly timeoutMs?: number;
  /** WebSocket class; default the global one (browsers). Node 20 has none: pass `ws`'s `WebSocket`. */
  readonly WebSocket?: BinanceWebSocketConstructor;
  /** Only these pairs are searchable, loadable and streamable (e.g. `['BTCUSDT', 'ETHUSDT']`). */
  readonly symbols?: readonly string[];
  /** Reconnect backoff: from `baseDelayMs` (500) doubling to `maxDelayMs` (30 000), reset after `stableMs` (60 000) open. */
  readonly reconnect?: { readonly baseDelayMs?: number; readonly maxDelayMs?: number; readonly stableMs?: number };
  /** Called on every change of a live stream's state (connecting, live, catching-up, waiting, closed). */
  readonly onStreamStatus?: (symbol: string, period: Period, status: BinanceStreamStatus) => void;
}

/** The `binance` source: a `DataSource` whose `subscribe` is always present, plus history paging. */
export interface BinanceSource extends DataSource {
  subscribe(symbol: string, period: Period, listener: BarListener): () => void;
  /** The page immediately older than `before`: same as `getBars({ symbol, period, to: before - 1, limit })`. */
  getOlderBars(request: OlderBarsRequest): Promise<Series>;
}

const DEFAULT_REST = 'https://api.binance.com';
const DEFAULT_WS = 'wss://stream.binance.com:9443';
const DEFAULT_SEARCH_LIMIT = 50;
/** Bars returned when a request gives no `limit` and no `from`. */
const DEFAULT_BARS = BINANCE_KLINES_PER_REQUEST;
/** Ceiling on one `getBars` call (five requests), so a careless range cannot burn the rate limit. */
const MAX_BARS_PER_CALL = 5 * BINANCE_KLINES_PER_REQUEST;
/** Ceiling on the REST fill after a reconnect: 10 000 bars is a week of 1m bars. */
const MAX_GAP_BARS = 10 * BINANCE_KLINES_PER_REQUEST;

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** An instrument for a pair that exchangeInfo could not describe (it failed to load). */
function bareInstrument(symbol: string): Instrument {
  return Object.freeze({
    symbol,
    name: symbol,
    exchange: 'BINANCE',
    market: 'crypto',
    timezone: 'UTC',
    sourceId: 'binance',
  });
}

/**
 * The `binance` source: Binance spot public market data, no API key.
 *
 * - `searchInstruments`: `GET /api/v3/exchangeInfo` once per source (the promise is kept; a failed
 *   load is not, so the next call retries), TRADING pairs only, ranked by {@link searchBinanceSymbols}.
 * - `getBars`: `GET /api/v3/klines`, at most 1000 bars a request and {@link MAX_BARS_PER_CALL} a call.
 *   Nothing or only `to` → the newest `limit` (default 1000) bars at or before `to`, and `complete`
 *   when the pair's first bar was reached; `from` → the oldest `limit` bars from `from`. The chart's
 *   left-edge paging is `getBars({ symbol, period, to: oldest - 1, limit: 500 })` (= `getOlderBars`).
 *   Symbols are case-insensitive and may be written `BINANCE:BTCUSDT` or `BTC/USDT`.
 * - `subscribe`: one websocket per subscription to `${wsBaseUrl}/ws/<symbol>@kline_<interval>`
 *   (sockets are not shared: a chart rarely streams more than two pairs, and independent sockets
 *   keep reconnects and gap fills independent). See {@link openBinanceKlineStream} for reconnects.
 *
 * Failures reject with `DataSourceError`: unknown pair → `not_found`; HTTP, network and rate-limit
 * (429/418) failures, and no complete response within `timeoutMs` (default 20 s) → `network`; abort → `aborted`; a period Binance lacks → `unsupported`.
 *
 * @example
 * import { WebSocket } from 'ws'; // Node 20 only; browsers use their own
 * const source = createBinanceSource({ WebSocket });
 * const { bars } = await source.getBars({ symbol: 'BTCUSDT', period: '1h', limit: 500 });
 * const stop = source.subscribe('BTCUSDT', '1h', (bar) => chart.updateBar(bar));
 */
export function createBinanceSource(options: BinanceSourceOptions = {}): BinanceSource {
  const restBaseUrl = trimSlash(options.restBaseUrl ?? DEFAULT_REST);
  const wsBaseUrl = trimSlash(options.wsBaseUrl ?? DEFAULT_WS);
  const doFetch: BinanceFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const allowed = options.symbols ? new Set(options.symbols.map(normalizeBinanceCode)) : null;
  const reconnect = {
    baseDelayMs: options.reconnect?.baseDelayMs ?? 500,
    maxDelayMs: options.reconnect?.maxDelayMs ?? 30_000,
    stableMs: options.reconnect?.stableMs ?? 60_000,
  };
  let info: Promise<BinanceSymbolInfo[]> | null = null;

  function loadInfo(): Promise<BinanceSymbolInfo[]> {
    if (info) return info;
    const loading = fetchBinanceJson(doFetch, `${restBaseUrl}/api/v3/exchangeInfo`, undefined, options.timeoutMs)
      .then(parseBinanceExchangeInfo)
      .then((all) => all.filter((s) => s.status === 'TRADING' && (allowed === null || allowed.has(s.symbol))));
    info = loading;
    loading.catch(() => {
      if (info === loading) info = null;
    });
    return loading;
  }

  function resolveSymbol(symbol: string): string {
    const code = normalizeBinanceCode(symbol);
    if (code === '' || (allowed !== null && !allowed.has(code))) {
      const hint = allowed === null ? '' : ` This page allows: ${[...allowed].join(', ')}.`;
      throw new DataSourceError('not_found', `Unknown symbol ${quoteText(symbol)} on Binance.${hint}`);
    }
    return code;
  }

  function resolveInterval(period: Period): string {
    const interval = binanceInterval(period);
    if (interval === undefined) {
      throw new DataSourceError('unsupported', `Unknown period "${String(period)}". Use one of ${PERIODS.join(', ')}.`);
    }
    return interval;
  }

  async function instrumentOf(symbol: string): Promise<Instrument> {
    try {
      return (await loadInfo()).find((s) => s.symbol === symbol)?.instrument ?? bareInstrument(symbol);
    } catch {
      // Bars are still worth showing without a name and precision.
      return bareInstrument(symbol);
    }
  }

  async function klines(
    symbol: string,
    interval: string,
    request: Omit<BarsRequest, 'symbol' | 'period'>,
    cap: number,
  ) {
    try {
      return await fetchBinanceKlines({
        fetch: doFetch,
        restBaseUrl,
        symbol,
        interval,
        ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
        ...(request.from !== undefined && Number.isFinite(request.from) ? { from: request.from } : {}),
        ...(request.to !== undefined && Number.isFinite(request.to) ? { to: request.to } : {}),
        limit: Math.min(
          cap,
          request.limit !== undefined && Number.isFinite(request.limit)
            ? request.limit
            : request.from !== undefined
              ? cap
              : DEFAULT_BARS,
        ),
        ...(request.signal ? { signal: request.signal } : {}),
        ...(request.onProgress ? { onProgress: request.onProgress } : {}),
      });
    } catch (error) {
      if (error instanceof DataSourceError && error.code === 'not_found') {
        throw new DataSourceError('not_found', `Unknown symbol ${quoteText(symbol)} on Binance (${error.message}).`);
      }
      throw error;
    }
  }

  const source: BinanceSource = {
    id: 'binance',
    label: 'Binance (live)',
    periods: PERIODS,
    async searchInstruments(
      query: string,
      searchOptions?: { limit?: number; signal?: AbortSignal },
    ): Promise<Instrument[]> {
      const symbols = await untilAborted(loadInfo(), searchOptions?.signal);
      return searchBinanceSymbols(symbols, query, searchOptions?.limit ?? DEFAULT_SEARCH_LIMIT);
    },
    async getBars(request: BarsRequest): Promise<Series> {
      if (request.signal?.aborted) throw aborted();
      const symbol = resolveSymbol(request.symbol);
      const interval = resolveInterval(request.period);
      const instrument = untilAborted(instrumentOf(symbol), request.signal);
      instrument.catch(() => undefined);
      const { bars, complete } = await klines(symbol, interval, request, MAX_BARS_PER_CALL);
      return { instrument: await instrument, period: request.period, bars, complete };
    },
    getOlderBars(request: OlderBarsRequest): Promise<Series> {
      return source.getBars(olderBarsRequest(request));
    },
    subscribe(symbol: string, period: Period, listener: BarListener): () => void {
      const code = resolveSymbol(symbol);
      const interval = resolveInterval(period);
      const WebSocketClass = options.WebSocket ?? (globalThis as { WebSocket?: BinanceWebSocketConstructor }).WebSocket;
      if (WebSocketClass === undefined) {
        throw new DataSourceError(
          'unsupported',
          "No WebSocket here: pass createBinanceSource({ WebSocket }) (in Node 20, the `ws` package's class).",
        );
      }
      const onStatus = options.onStreamStatus;
      return openBinanceKlineStream({
        url: `${wsBaseUrl}/ws/${encodeURIComponent(code.toLowerCase())}@kline_${interval}`,
        symbol: code,
        interval,
        WebSocket: WebSocketClass,
        listener,
        fetchSince: async (since, signal) => (await klines(code, interval, { from: since, signal }, MAX_GAP_BARS)).bars,
        ...reconnect,
        ...(onStatus ? { onStatus: (status: BinanceStreamStatus) => onStatus(code, period, status) } : {}),
      });
    },
  };
  return source;
}
