import type { Bar, Bars } from './bars.js';
import type { Instrument } from './instrument.js';
import type { Period } from './period.js';

/** A request for bars. Times are UTC epoch ms; both ends optional. */
export interface BarsRequest {
  readonly symbol: string;
  readonly period: Period;
  /** Inclusive start. */
  readonly from?: number;
  /** Inclusive end. */
  readonly to?: number;
  /** At most this many bars, the newest ones when only `to` or nothing is given. */
  readonly limit?: number;
  readonly signal?: AbortSignal;
  /** A source that fetches in several requests reports each one: `fraction` 0..1, `message` in words. */
  readonly onProgress?: (fraction: number, message: string) => void;
}

/** Bars of one instrument and period, written to the store atomically. */
export interface Series {
  readonly instrument: Instrument;
  readonly period: Period;
  readonly bars: Bars;
  /** True when the source has no bars older than `bars.time[0]`. */
  readonly complete?: boolean;
}

/** Listener for live updates: a changed last bar or a new bar. */
export type BarListener = (bar: Bar) => void;

/**
 * Where bars come from. `sample` (embedded), `csv`/`json` (a URL), `binance`, or one a host registers.
 * Methods reject with a `DataSourceError` for known failures.
 */
export interface DataSource {
  readonly id: string;
  readonly label: string;
  /** Periods the source serves natively; others are aggregated locally from the finest it has. */
  readonly periods: readonly Period[];
  searchInstruments(query: string, options?: { limit?: number; signal?: AbortSignal }): Promise<Instrument[]>;
  getBars(request: BarsRequest): Promise<Series>;
  subscribe?(symbol: string, period: Period, listener: BarListener): () => void;
}

/** Codes: `not_found` (unknown symbol), `parse` (malformed file), `network`, `aborted`. */
export class DataSourceError extends Error {
  constructor(
    readonly code: 'not_found' | 'parse' | 'network' | 'aborted' | 'unsupported',
    message: string,
    /** 1-based line of a malformed file, when known. */
    readonly line?: number,
  ) {
    super(message);
    this.name = 'DataSourceError';
  }
}
