import type { Bars, Instrument, Period } from '../data/index.js';

/*
 * What the host's bars source (host-data-source.ts) keeps, shared with what it loads on first use
 * (host-data-ops.ts), so neither imports the other's module.
 */

/** The source id of bars a host gave with `setBars` (and of what it answers to `kline-data-request`). */
export const HOST_SOURCE_ID = 'custom';

/** What the chart asks the host for when it cannot derive a period from the host's bars. */
export interface HostBarsQuery {
  readonly symbol: string;
  readonly period: Period;
  readonly from?: number;
  readonly to?: number;
  readonly signal?: AbortSignal;
}

/**
 * Asks the host for bars. Resolves to null when nobody answered (the source then fails with a clear
 * `unsupported` error and the chart keeps what it shows).
 */
export type HostBarsRequester = (query: HostBarsQuery, known: readonly Period[]) => Promise<Bars | null>;

/** What a `HostDataSource` holds, per symbol (upper case); host-data-ops.ts reads and writes it. */
export interface HostBarsState {
  readonly bars: Map<string, Map<Period, Bars>>;
  readonly instruments: Map<string, Instrument>;
  /** The period each symbol's bars were given in (`setBars`): live bars arrive in it. */
  readonly primary: Map<string, Period>;
  /** Capacity-backed columns for live appends at the primary period. */
  readonly buffers: Map<string, Bars>;
  requester: HostBarsRequester;
  /** Hears why a period could not be served (the chart turns it into `kline-error`). */
  readonly report: (code: string, message: string) => void;
}
