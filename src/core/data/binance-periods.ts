import type { Period } from './period.js';

/**
 * Binance kline interval of each chart period. The names happen to coincide (`1M` is a calendar
 * month, `1w` starts on Monday 00:00 UTC), but the map keeps the coupling explicit: Binance also has
 * intervals the chart has no period for (`1s`, `3m`, `2h`, `6h`, `8h`, `12h`, `3d`).
 */
export const BINANCE_INTERVALS: Readonly<Record<Period, string>> = Object.freeze({
  '1m': '1m',
  '5m': '5m',
  '15m': '15m',
  '30m': '30m',
  '1h': '1h',
  '4h': '4h',
  '1d': '1d',
  '1w': '1w',
  '1M': '1M',
});

/** The Binance interval for `period`, or `undefined` for a value that is no chart period. */
export function binanceInterval(period: Period): string | undefined {
  return Object.prototype.hasOwnProperty.call(BINANCE_INTERVALS, period) ? BINANCE_INTERVALS[period] : undefined;
}
