import type { Bar } from '../../src/core/data/bars.js';
import { createPrng, hashSeed } from '../../src/core/data/prng.js';

/** Every interval Binance spot accepts, with its fixed length; `1M` is a calendar month (0 here). */
export const MOCK_INTERVAL_MS: Readonly<Record<string, number>> = {
  '1s': 1_000,
  '1m': 60_000,
  '3m': 180_000,
  '5m': 300_000,
  '15m': 900_000,
  '30m': 1_800_000,
  '1h': 3_600_000,
  '2h': 7_200_000,
  '4h': 14_400_000,
  '6h': 21_600_000,
  '8h': 28_800_000,
  '12h': 43_200_000,
  '1d': 86_400_000,
  '3d': 259_200_000,
  '1w': 604_800_000,
  '1M': 0,
};

// 1970-01-01 was a Thursday; Binance weeks open on Monday 00:00 UTC.
const WEEK_OFFSET = 4 * 86_400_000;

/** Open time of the `interval` bar containing `t`. */
export function alignOpenTime(interval: string, t: number): number {
  if (interval === '1M') {
    const d = new Date(t);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  }
  const ms = MOCK_INTERVAL_MS[interval];
  if (interval === '1w') return Math.floor((t - WEEK_OFFSET) / ms) * ms + WEEK_OFFSET;
  return Math.floor(t / ms) * ms;
}

/** Open time of the bar after the one opening at `openTime`. */
export function nextOpenTime(interval: string, openTime: number): number {
  if (interval === '1M') {
    const d = new Date(openTime);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  }
  return openTime + MOCK_INTERVAL_MS[interval];
}

function previousOpenTime(interval: string, openTime: number): number {
  if (interval === '1M') {
    const d = new Date(openTime);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1);
  }
  return openTime - MOCK_INTERVAL_MS[interval];
}

/**
 * `count` deterministic bars of `symbol`, the newest one opening in the bar that contains `now`,
 * prices rounded to `decimals` around `basePrice`, volumes to 5 decimals.
 */
export function generateMockBars(
  symbol: string,
  interval: string,
  now: number,
  count: number,
  basePrice: number,
  decimals: number,
): Bar[] {
  const rng = createPrng(hashSeed(`mock-binance:${symbol}:${interval}`));
  const times: number[] = [];
  let t = alignOpenTime(interval, now);
  for (let i = 0; i < count; i++) {
    times.push(t);
    t = previousOpenTime(interval, t);
  }
  times.reverse();
  const scale = 10 ** decimals;
  const round = (x: number): number => Math.round(x * scale) / scale;
  const step = 0.002;
  const bars: Bar[] = [];
  let close = basePrice;
  for (const time of times) {
    const open = close;
    close = round(Math.max(1 / scale, open * (1 + step * rng.normal())));
    const high = round(Math.max(open, close) * (1 + step * 0.5 * rng.next()));
    const low = round(Math.min(open, close) * (1 - step * 0.5 * rng.next()));
    const volume = Math.round((1 + 20 * rng.next()) * 100_000) / 100_000;
    bars.push({ time, open, high, low, close, volume });
  }
  return bars;
}

/** A bar as one row of `GET /api/v3/klines`, with the exchange's string decimals and derived fields. */
export function klineRow(
  interval: string,
  bar: Bar,
): [number, string, string, string, string, string, number, string, number, string, string, string] {
  const fix = (x: number): string => x.toFixed(8);
  const quoteVolume = (bar.volume * (bar.open + bar.close)) / 2;
  return [
    bar.time,
    fix(bar.open),
    fix(bar.high),
    fix(bar.low),
    fix(bar.close),
    fix(bar.volume),
    nextOpenTime(interval, bar.time) - 1,
    fix(quoteVolume),
    Math.round(bar.volume * 97) + 1,
    fix(bar.volume * 0.52),
    fix(quoteVolume * 0.52),
    '0',
  ];
}

/** A bar as one kline stream message (`<symbol>@kline_<interval>`). */
export function klineStreamMessage(
  symbol: string,
  interval: string,
  bar: Bar,
  closed: boolean,
  eventTime: number,
): string {
  const row = klineRow(interval, bar);
  const firstTrade = 4_972_000_000 + (Math.floor(bar.time / 60_000) % 1_000_000);
  return JSON.stringify({
    e: 'kline',
    E: eventTime,
    s: symbol,
    k: {
      t: bar.time,
      T: row[6],
      s: symbol,
      i: interval,
      f: firstTrade,
      L: firstTrade + row[8] - 1,
      o: row[1],
      c: row[4],
      h: row[2],
      l: row[3],
      v: row[5],
      n: row[8],
      x: closed,
      q: row[7],
      V: row[9],
      Q: row[10],
      B: '0',
    },
  });
}
