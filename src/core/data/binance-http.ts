import { DataSourceError } from './data-source.js';
import { fetchText } from './fetch-text.js';

/** The `fetch` a Binance source uses: the global one by default, injectable for tests and proxies. */
export type BinanceFetch = (input: string, init?: RequestInit) => Promise<Response>;

/** Binance's error body, `{"code":-1121,"msg":"Invalid symbol."}`. */
interface BinanceErrorBody {
  readonly code: number;
  readonly msg: string;
}

// -1121 is "Invalid symbol."; -1100 is "Illegal characters found in parameter 'symbol'", which a
// person typing a code also reads as "no such symbol".
const NOT_FOUND_CODES = new Set([-1121, -1100]);

function isErrorBody(value: unknown): value is BinanceErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'number' &&
    typeof (value as { msg?: unknown }).msg === 'string'
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The path and query of `url`, for messages: the host is the same for every request. */
function shortUrl(url: string): string {
  const match = /^[a-z]+:\/\/[^/]+(\/.*)?$/i.exec(url);
  return match?.[1] ?? url;
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true || (error instanceof Error && error.name === 'AbortError');
}

/**
 * GETs `url` and returns its parsed JSON body, mapping every failure to a `DataSourceError`:
 * Binance's "Invalid symbol." (HTTP 400, code -1121) → `not_found`; 429 (rate limit) and 418 (IP
 * banned after ignoring 429s) → `network` saying so, with the `Retry-After` seconds when sent; other
 * HTTP errors, unreachable host and malformed bodies → `network`; no complete response within
 * `timeoutMs` (default 20 s) → `network` saying it timed out; an aborted `signal` → `aborted`.
 */
export async function fetchBinanceJson(
  doFetch: BinanceFetch,
  url: string,
  signal?: AbortSignal,
  timeoutMs?: number,
): Promise<unknown> {
  if (signal?.aborted) throw new DataSourceError('aborted', 'The request was aborted.');
  let status: number;
  let text: string;
  let retryAfter: string | null = null;
  try {
    const got = await fetchText(doFetch, url, { signal, timeoutMs, what: `Binance (${shortUrl(url)})` });
    status = got.response.status;
    retryAfter = got.response.headers.get('retry-after');
    text = got.text;
  } catch (error) {
    if (error instanceof DataSourceError) throw error;
    if (isAbort(error, signal)) throw new DataSourceError('aborted', 'The request was aborted.');
    const reason = error instanceof Error ? error.message : String(error);
    throw new DataSourceError('network', `Binance is unreachable (${shortUrl(url)}): ${reason}`);
  }
  const body = parseJson(text);
  if (status >= 200 && status < 300) {
    if (body === undefined)
      throw new DataSourceError('network', `Binance sent a malformed response for ${shortUrl(url)}.`);
    return body;
  }
  const detail = isErrorBody(body) ? ` (code ${body.code}: ${body.msg})` : '';
  if (status === 429 || status === 418) {
    const wait = retryAfter !== null && /^\d+$/.test(retryAfter) ? ` Retry after ${retryAfter} s.` : '';
    const what =
      status === 418
        ? 'This IP is temporarily banned by Binance for exceeding its rate limit'
        : 'Binance rate limit exceeded';
    throw new DataSourceError('network', `${what} (HTTP ${status})${detail}.${wait}`);
  }
  if (status === 400 && isErrorBody(body) && NOT_FOUND_CODES.has(body.code)) {
    throw new DataSourceError('not_found', `Binance: ${body.msg}`);
  }
  throw new DataSourceError('network', `Binance answered HTTP ${status} for ${shortUrl(url)}${detail}.`);
}
