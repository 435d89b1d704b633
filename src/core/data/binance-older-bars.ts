import type { BarsRequest, DataSource, Series } from './data-source.js';
import type { Period } from './period.js';

/** The page of bars just older than what a chart holds. */
export interface OlderBarsRequest {
  readonly symbol: string;
  readonly period: Period;
  /** UTC ms open time of the oldest bar loaded; the page ends strictly before it. */
  readonly before: number;
  /** Bars per page; default {@link OLDER_BARS_PAGE}. */
  readonly limit?: number;
  readonly signal?: AbortSignal;
}

/** Default page size when panning to the left edge. */
export const OLDER_BARS_PAGE = 500;

/** The `getBars` request for the page older than `before`: the newest `limit` bars at or before `before - 1`. */
export function olderBarsRequest(request: OlderBarsRequest): BarsRequest {
  return {
    symbol: request.symbol,
    period: request.period,
    to: request.before - 1,
    limit: request.limit ?? OLDER_BARS_PAGE,
    ...(request.signal ? { signal: request.signal } : {}),
  };
}

/**
 * Loads the page of bars immediately older than `before` from any source whose `getBars` follows the
 * contract (newest `limit` bars at or before `to`, ascending): the chart prepends the result, and
 * `complete: true` means the beginning of the data was reached, so it stops asking.
 *
 * @example const page = await fetchOlderBars(source, { symbol: 'BTCUSDT', period: '1h', before: bars.time[0] });
 */
export function fetchOlderBars(source: DataSource, request: OlderBarsRequest): Promise<Series> {
  return source.getBars(olderBarsRequest(request));
}
