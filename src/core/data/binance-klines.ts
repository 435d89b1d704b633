import { createBars, type Bars } from './bars.js';
import { DataSourceError } from './data-source.js';

function toNumber(value: unknown): number {
  // Binance sends prices and volumes as decimal strings ("42000.01000000") to keep precision in
  // transit; times as integers. Either may arrive as the other from a proxy, so accept both.
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Number(value);
  return Number.NaN;
}

/**
 * Parses the body of `GET /api/v3/klines` (an array of
 * `[openTime, "open", "high", "low", "close", "volume", closeTime, "quoteVolume", trades, …]`)
 * into columnar bars; `time` is the open time. Rejects with `DataSourceError('parse')` naming the
 * first malformed row, or when open times do not strictly ascend.
 */
export function parseBinanceKlines(body: unknown): Bars {
  if (!Array.isArray(body)) throw new DataSourceError('parse', 'Binance klines: expected an array of klines.');
  const bars = createBars(body.length);
  for (let i = 0; i < body.length; i++) {
    const row: unknown = body[i];
    if (!Array.isArray(row) || row.length < 6) {
      throw new DataSourceError('parse', `Binance klines: row ${i} is not a kline array.`);
    }
    const time = toNumber(row[0]);
    const open = toNumber(row[1]);
    const high = toNumber(row[2]);
    const low = toNumber(row[3]);
    const close = toNumber(row[4]);
    const volume = toNumber(row[5]);
    if (![time, open, high, low, close, volume].every(Number.isFinite)) {
      throw new DataSourceError('parse', `Binance klines: row ${i} has a non-numeric field.`);
    }
    if (i > 0 && time <= bars.time[i - 1]) {
      throw new DataSourceError('parse', `Binance klines: row ${i} is not newer than row ${i - 1}.`);
    }
    bars.time[i] = time;
    bars.open[i] = open;
    bars.high[i] = high;
    bars.low[i] = low;
    bars.close[i] = close;
    bars.volume[i] = volume;
  }
  return bars;
}
