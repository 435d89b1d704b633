import { derivePricePrecision } from './derive-price-precision.js';
import { aggregateBars, canAggregate } from './aggregate-bars.js';
import type { Bars } from './bars.js';
import { aborted, untilAborted } from './until-aborted.js';
import { DEFAULT_FETCH_TIMEOUT_MS, fetchText } from './fetch-text.js';
import { DataSourceError, type BarsRequest, type DataSource, type Series } from './data-source.js';
import { guessPeriod } from './guess-period.js';
import type { Instrument } from './instrument.js';
import { parseBarsCsvYielding } from './parse-bars-csv.js';
import { parseBarsJsonYielding } from './parse-bars-json.js';
import { PERIODS, type Period } from './period.js';
import { selectBars } from './select-bars.js';
import { isSessionText } from './is-session-text.js';
import { quoteText } from './quote-text.js';

/** Options of {@link createUrlSource}. */
export interface UrlSourceOptions {
  /** Code to show when the file names none (JSON `symbol`); default: the file name without extension. */
  readonly symbol?: string;
  /** Name to show when the file names none; default: the symbol. */
  readonly name?: string;
  /** Zone of times without an offset when the file names none (JSON `timezone`); default `UTC`. */
  readonly timeZone?: string;
  /**
   * Trading session of the instrument, `HHMM-HHMM` in its timezone (`1800-1700` for a futures day
   * that opens the evening before); session-anchored studies (VWAP) start each day there.
   */
  readonly session?: string;
  /** `fetch` to use (tests, auth headers); default the global one. */
  readonly fetch?: (input: string, init?: RequestInit) => Promise<Response>;
  /**
   * Milliseconds to wait for the whole file (headers and body); default 20 000. A server that never
   * answers or a body that never ends then rejects with a `network` error saying it timed out.
   * `0` or `Infinity`: no limit.
   */
  readonly timeoutMs?: number;
}

/**
 * Largest file a CSV or JSON source loads, in bytes. Chromium cannot hold a text of more than
 * 2^29 - 24 characters (≈ 537 MB): `response.text()` then answers an empty string, which read as an
 * empty file. 500 MB loads (a JSON file of 5.2 million bars in 20 s in Chromium on the project's
 * machine); past it the source rejects with `unsupported`, naming the limit and the file's size.
 */
export const MAX_FILE_BYTES = 500_000_000;

interface Loaded {
  readonly instrument: Instrument;
  readonly period: Period;
  readonly byPeriod: Map<Period, Bars>;
}

/** The file's name in `url`, or null for a data: or blob: URL (which has none: its text or a UUID would show). */
function fileName(url: string): string | null {
  if (/^(data|blob):/i.test(url.trim())) return null;
  const path = url.split(/[?#]/)[0];
  return path.slice(path.lastIndexOf('/') + 1) || null;
}

/** The symbol of a file's bars: its name without extension (at most 64 characters, as `setBars` allows), else DATA. */
function fileSymbol(url: string): string {
  const file = (fileName(url) ?? '').replace(/\.[^.]*$/, '');
  let decoded = file;
  try {
    decoded = decodeURIComponent(file);
  } catch {
    // A malformed escape is still a usable name.
  }
  return decoded.trim().toUpperCase().slice(0, 64).trim() || 'DATA';
}

/**
 * A source serving one instrument from a CSV or JSON file at `url` (`id` is `csv` or `json`).
 * The file is fetched once, on first use, and kept; if every caller waiting for it aborts, the
 * download is cancelled and the next call starts again. Symbol: the file's own (JSON `symbol`), else
 * `options.symbol`, else the file name (`/data/demo-1d.csv` → `DEMO-1D`). Timezone: the file's, else
 * `options.timeZone`, else UTC. Period: the file's (JSON `period`), else guessed from the median bar
 * spacing. Coarser periods are aggregated on market-timezone boundaries; finer ones reject with
 * `unsupported`. `periods` lists every period before the file is loaded, the servable ones after.
 *
 * Failures: HTTP status → `DataSourceError('network', 'HTTP 404 for <url>')`; unreachable →
 * `network`; no complete response within `timeoutMs` (default 20 s) → `network` saying it timed out;
 * malformed file or bad values (see `parseBarsCsv` / `parseBarsJson`: non-finite numbers, negative
 * volume, open/close outside [low, high], unsorted or duplicate times, no bars) → `parse` naming the
 * line or index; a file over {@link MAX_FILE_BYTES} (500 MB) → `unsupported` naming the limit and its
 * size, before it is parsed; unknown symbol → `not_found`; abort → `aborted`.
 *
 * @example const source = createUrlSource('csv', '/data/demo-1d.csv', { timeZone: 'America/New_York' });
 */
export function createUrlSource(kind: 'csv' | 'json', url: string, options: UrlSourceOptions = {}): DataSource {
  if (options.session !== undefined && !isSessionText(options.session))
    throw new RangeError(`session '${options.session.slice(0, 32)}' must be HHMM-HHMM, e.g. 0930-1600 or 1800-1700`);
  const doFetch = options.fetch ?? ((input: string, init?: RequestInit) => globalThis.fetch(input, init));
  let loaded: Loaded | null = null;
  let pending: { promise: Promise<Loaded>; controller: AbortController; waiters: number } | null = null;

  async function download(signal: AbortSignal): Promise<Loaded> {
    let text: string;
    try {
      const got = await fetchText(doFetch, url, {
        signal,
        timeoutMs: options.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS,
        maxBytes: MAX_FILE_BYTES,
      });
      if (!got.response.ok) throw new DataSourceError('network', `HTTP ${got.response.status} for ${url}`);
      text = got.text;
    } catch (error) {
      if (error instanceof DataSourceError) throw error;
      if (signal.aborted) throw aborted();
      throw new DataSourceError(
        'network',
        `Could not load ${url}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const parsed =
      kind === 'csv'
        ? {
            ...(await parseBarsCsvYielding(text, { timeZone: options.timeZone, signal })),
            timeZone: options.timeZone ?? 'UTC',
          }
        : await parseBarsJsonYielding(text, { timeZone: options.timeZone, signal });
    const meta = kind === 'json' ? parsed : undefined;
    const symbol = meta?.symbol ?? options.symbol ?? fileSymbol(url);
    const period = meta?.period ?? guessPeriod(parsed.bars.time);
    const instrument: Instrument = Object.freeze({
      symbol,
      name: meta?.name ?? options.name ?? symbol,
      exchange: meta?.exchange ?? kind.toUpperCase(),
      market: meta?.market ?? 'unknown',
      timezone: parsed.timeZone,
      sourceId: kind,
      pricePrecision: derivePricePrecision(parsed.bars),
      ...(options.session ? { session: options.session } : {}),
    });
    return { instrument, period, byPeriod: new Map([[period, parsed.bars]]) };
  }

  async function load(signal: AbortSignal | undefined): Promise<Loaded> {
    if (loaded) return loaded;
    if (signal?.aborted) throw aborted();
    if (!pending) {
      const controller = new AbortController();
      const promise = download(controller.signal).then(
        (result) => {
          loaded = result;
          pending = null;
          return result;
        },
        (error: unknown) => {
          if (pending?.promise === promise) pending = null;
          throw error;
        },
      );
      pending = { promise, controller, waiters: 0 };
    }
    const current = pending;
    current.waiters++;
    try {
      return await untilAborted(current.promise, signal);
    } finally {
      current.waiters--;
      if (current.waiters === 0 && signal?.aborted && pending === current) {
        pending = null;
        current.controller.abort();
        current.promise.catch(() => undefined);
      }
    }
  }

  function matches(instrument: Instrument, symbol: string): boolean {
    const wanted = symbol.trim().toUpperCase();
    const own = instrument.symbol.toUpperCase();
    return wanted === own || wanted === `${instrument.exchange.toUpperCase()}:${own}`;
  }

  return {
    id: kind,
    label: `${kind.toUpperCase()} file (${quoteText(fileName(url) ?? 'data', 64).slice(1, -1)})`,
    get periods(): readonly Period[] {
      const native = loaded?.period;
      return native === undefined ? PERIODS : PERIODS.filter((p) => canAggregate(native, p));
    },
    async searchInstruments(
      query: string,
      searchOptions?: { limit?: number; signal?: AbortSignal },
    ): Promise<Instrument[]> {
      const { instrument } = await load(searchOptions?.signal);
      const text = query.trim();
      const hit =
        text === '' ||
        instrument.symbol.toUpperCase().startsWith(text.toUpperCase()) ||
        instrument.name.toLowerCase().includes(text.toLowerCase()) ||
        matches(instrument, text);
      return hit && (searchOptions?.limit ?? 1) > 0 ? [instrument] : [];
    },
    async getBars(request: BarsRequest): Promise<Series> {
      const state = await load(request.signal);
      const { instrument, period: native, byPeriod } = state;
      if (!matches(instrument, request.symbol)) {
        throw new DataSourceError(
          'not_found',
          `Unknown symbol ${quoteText(request.symbol)}: ${url.length > 200 ? `${url.slice(0, 200)}…` : url} holds only ${quoteText(instrument.symbol)}.`,
        );
      }
      if (!canAggregate(native, request.period)) {
        throw new DataSourceError(
          'unsupported',
          `${url} has ${native} bars; ${request.period} bars cannot be made from them.`,
        );
      }
      let all = byPeriod.get(request.period);
      if (!all) {
        all = aggregateBars(byPeriod.get(native) as Bars, native, request.period, instrument.timezone);
        byPeriod.set(request.period, all);
      }
      const { bars, start } = selectBars(all, request);
      return { instrument, period: request.period, bars, complete: start === 0 };
    },
  };
}
