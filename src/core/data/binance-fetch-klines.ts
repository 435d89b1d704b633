import { createBars, type Bars } from './bars.js';
import { fetchBinanceJson, type BinanceFetch } from './binance-http.js';
import { parseBinanceKlines } from './binance-klines.js';

/** Binance serves at most this many klines per request. */
export const BINANCE_KLINES_PER_REQUEST = 1000;

/** A klines query that may span several requests. */
export interface BinanceKlinesQuery {
  readonly fetch: BinanceFetch;
  /** e.g. `https://api.binance.com`, without a trailing slash. */
  readonly restBaseUrl: string;
  readonly symbol: string;
  readonly interval: string;
  /** Inclusive open time of the oldest bar wanted; when set, bars are taken oldest first from here. */
  readonly from?: number;
  /** Inclusive open time of the newest bar wanted. */
  readonly to?: number;
  /** Bars wanted in total (split into requests of at most 1000). */
  readonly limit: number;
  readonly signal?: AbortSignal;
  /** Called after each request of a multi-request fetch. */
  readonly onProgress?: (fraction: number, message: string) => void;
  /** Per request; default 20 000 ms (see `fetchText`). */
  readonly timeoutMs?: number;
}

function concatBars(pages: readonly Bars[]): Bars {
  const length = pages.reduce((n, p) => n + p.length, 0);
  const out = createBars(length);
  let at = 0;
  for (const page of pages) {
    out.time.set(page.time, at);
    out.open.set(page.open, at);
    out.high.set(page.high, at);
    out.low.set(page.low, at);
    out.close.set(page.close, at);
    out.volume.set(page.volume, at);
    at += page.length;
  }
  return out;
}

function klinesUrl(query: BinanceKlinesQuery, limit: number, startTime?: number, endTime?: number): string {
  const params = new URLSearchParams({ symbol: query.symbol, interval: query.interval, limit: String(limit) });
  if (startTime !== undefined) params.set('startTime', String(Math.ceil(startTime)));
  if (endTime !== undefined) params.set('endTime', String(Math.floor(endTime)));
  return `${query.restBaseUrl}/api/v3/klines?${params.toString()}`;
}

async function page(query: BinanceKlinesQuery, limit: number, startTime?: number, endTime?: number): Promise<Bars> {
  return parseBinanceKlines(
    await fetchBinanceJson(query.fetch, klinesUrl(query, limit, startTime, endTime), query.signal, query.timeoutMs),
  );
}

/**
 * Fetches klines the way the chart's `getBars` contract reads a request, in requests of at most
 * 1000 bars. With `from`: the oldest `limit` bars from `from` (up to `to`), paging forward. Without:
 * the newest `limit` bars at or before `to` (or now), paging backward; `complete` is then true when a
 * request came back short, i.e. the beginning of the pair's history was reached. Pages are joined
 * ascending without overlap. Errors are those of {@link fetchBinanceJson}.
 */
export async function fetchBinanceKlines(query: BinanceKlinesQuery): Promise<{ bars: Bars; complete: boolean }> {
  const total = Math.max(0, Math.floor(query.limit));
  const { from, to } = query;
  if (total === 0 || (from !== undefined && to !== undefined && from > to)) {
    return { bars: createBars(0), complete: false };
  }
  const pages: Bars[] = [];
  let got = 0;
  if (from !== undefined) {
    let start = from;
    while (got < total) {
      const size = Math.min(BINANCE_KLINES_PER_REQUEST, total - got);
      const bars = await page(query, size, start, to);
      if (bars.length > 0) pages.push(bars);
      got += bars.length;
      report(query, got, total);
      if (bars.length < size) break;
      start = bars.time[bars.length - 1] + 1;
      if (to !== undefined && start > to) break;
    }
    return { bars: concatBars(pages), complete: false };
  }
  let end = to;
  let complete = false;
  while (got < total) {
    const size = Math.min(BINANCE_KLINES_PER_REQUEST, total - got);
    const bars = await page(query, size, undefined, end);
    if (bars.length > 0) pages.unshift(bars);
    got += bars.length;
    report(query, got, total);
    if (bars.length < size) {
      complete = true;
      break;
    }
    end = bars.time[0] - 1;
  }
  return { bars: concatBars(pages), complete };
}

/** Progress of a paged fetch, reported only when it takes more than one request. */
function report(query: BinanceKlinesQuery, got: number, total: number): void {
  if (!query.onProgress || total <= BINANCE_KLINES_PER_REQUEST) return;
  query.onProgress(Math.min(1, got / total), `${got} of ${total} bars`);
}
