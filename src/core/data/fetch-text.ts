import { DataSourceError } from './data-source.js';
import { aborted } from './until-aborted.js';

/** How long a source waits for a complete response (headers and body) unless told otherwise. */
export const DEFAULT_FETCH_TIMEOUT_MS = 20_000;

/** The `fetch` sources accept: the global one, or a host's (auth headers, tests, proxies). */
export type SourceFetch = (input: string, init?: RequestInit) => Promise<Response>;

/** Options of {@link fetchText}. */
export interface FetchTextOptions {
  /** Aborting it rejects at once with `DataSourceError('aborted')` and aborts the request. */
  readonly signal?: AbortSignal;
  /** Limit for the whole response, body included; default 20 000. `0` or `Infinity`: none. */
  readonly timeoutMs?: number;
  /** Names the server in the timeout message, e.g. `Binance`; default the URL. */
  readonly what?: string;
  /**
   * Largest body to read, in bytes (after any content encoding is undone); default none. A bigger
   * one rejects with `DataSourceError('unsupported')` naming the limit and the size (the
   * `Content-Length`, else "larger than"), and the download is cancelled as soon as it is known.
   */
  readonly maxBytes?: number;
}

/** `bytes` for a message: `612 MB`, `12.5 MB`, `500 MB`, `999 bytes`. */
function formatMegabytes(bytes: number): string {
  if (bytes < 1e6) return `${bytes} bytes`;
  const mb = bytes / 1e6;
  return `${mb >= 100 || Number.isInteger(mb) ? Math.round(mb) : mb.toFixed(1)} MB`;
}

function tooLarge(name: string, maxBytes: number, size: number | null): DataSourceError {
  const what =
    size === null ? `is larger than ${formatMegabytes(maxBytes)}` : `is ${formatMegabytes(size)} (${size} bytes)`;
  return new DataSourceError(
    'unsupported',
    `${name} ${what}; files over ${formatMegabytes(maxBytes)} cannot be loaded (Chromium holds at most 536 870 888 characters in one text). Split the file or keep fewer bars.`,
  );
}

/**
 * The body of `response` as text, at most `maxBytes` bytes of it: past that the read is cancelled
 * and `tooLarge` is thrown. Chromium's own `response.text()` answers an empty string for a body over
 * V8's longest string (2^29 - 24 characters), which then read as an empty file.
 */
async function readText(response: Response, name: string, maxBytes: number): Promise<string> {
  if (!(maxBytes < Infinity)) return response.text();
  const declared = Number(response.headers?.get('content-length') ?? NaN);
  if (declared > maxBytes) {
    void response.body?.cancel().catch(() => undefined);
    throw tooLarge(name, maxBytes, declared);
  }
  const body = response.body;
  if (!body) {
    const text = await response.text();
    if (text.length > maxBytes) throw tooLarge(name, maxBytes, null);
    return text;
  }
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > maxBytes) {
      void reader.cancel().catch(() => undefined);
      throw tooLarge(name, maxBytes, null);
    }
    parts.push(decoder.decode(value, { stream: true }));
  }
  parts.push(decoder.decode());
  return parts.join('');
}

/**
 * GETs `url` and reads the whole body as text, within `timeoutMs`. A server that never answers, or a
 * body that never ends, rejects with `DataSourceError('network', '… timed out after 20 s …')` and the
 * request is aborted; the caller's `signal` rejects with `DataSourceError('aborted')`. Both are raced
 * against the work, so even a `fetch` that ignores its signal cannot hang the caller. Any other
 * failure (unreachable host) is rethrown as it came, for the caller to word.
 */
export async function fetchText(
  doFetch: SourceFetch,
  url: string,
  options: FetchTextOptions = {},
): Promise<{ response: Response; text: string }> {
  const { signal } = options;
  if (signal?.aborted) throw aborted();
  const timeoutMs = options.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS;
  const controller = new AbortController();
  const guards: Promise<never>[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  if (timeoutMs > 0 && Number.isFinite(timeoutMs)) {
    guards.push(
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          const seconds = Math.round(timeoutMs / 100) / 10;
          // Settle first, so the race reports the timeout rather than the abort it causes.
          reject(
            new DataSourceError(
              'network',
              `${options.what ?? url} sent no complete response within ${seconds} s (timed out); the request was cancelled.`,
            ),
          );
          controller.abort();
        }, timeoutMs);
      }),
    );
  }
  if (signal) {
    guards.push(
      new Promise<never>((_, reject) => {
        onAbort = () => {
          reject(aborted());
          controller.abort();
        };
        signal.addEventListener('abort', onAbort, { once: true });
      }),
    );
  }
  const work = (async () => {
    const response = await doFetch(url, { signal: controller.signal });
    const name = url.length > 200 ? `${url.slice(0, 200)}…` : url;
    const text = await readText(response, name, options.maxBytes ?? Infinity);
    return { response, text };
  })();
  // Whichever loses the race must not surface as an unhandled rejection.
  for (const p of [work, ...guards]) p.catch(() => undefined);
  try {
    return await Promise.race([work, ...guards]);
  } finally {
    clearTimeout(timer);
    if (signal && onAbort) signal.removeEventListener('abort', onAbort);
  }
}
