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
    const text = await response.text();
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
