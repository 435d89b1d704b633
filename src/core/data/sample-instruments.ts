import type { Instrument } from './instrument.js';

/** How the sample generator makes one instrument's bars. */
export interface SampleSpec {
  readonly instrument: Instrument;
  /** Trading sessions as [start, end) minutes after local midnight, e.g. [[570, 960]] for 09:30–16:00. */
  readonly sessions: readonly (readonly [number, number])[];
  /** Trades on Saturdays and Sundays too (crypto). */
  readonly everyDay: boolean;
  readonly startPrice: number;
  /** Daily growth factor of the price level the walk is pulled towards. */
  readonly anchorGrowth: number;
  /** Long-run standard deviation of daily returns. */
  readonly dailyVolatility: number;
  /** Typical volume of one day. */
  readonly dailyVolume: number;
  /** Decimals of volume (0 for shares, 3 for coins). */
  readonly volumePrecision: number;
}

/** Minutes after midnight as `HHMM`. */
function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}${String(minutes % 60).padStart(2, '0')}`;
}

function stock(
  symbol: string,
  name: string,
  exchange: string,
  timezone: string,
  sessions: readonly (readonly [number, number])[],
  startPrice: number,
  anchorGrowth: number,
  dailyVolatility: number,
  dailyVolume: number,
  pricePrecision: number,
): SampleSpec {
  return {
    instrument: Object.freeze({
      symbol,
      name,
      exchange,
      market: 'stock',
      timezone,
      sourceId: 'sample',
      pricePrecision,
      session: `${hhmm(sessions[0][0])}-${hhmm(sessions[sessions.length - 1][1])}`,
    }),
    sessions,
    everyDay: false,
    startPrice,
    anchorGrowth,
    dailyVolatility,
    dailyVolume,
    volumePrecision: 0,
  };
}

function crypto(
  symbol: string,
  name: string,
  startPrice: number,
  anchorGrowth: number,
  dailyVolatility: number,
  dailyVolume: number,
): SampleSpec {
  return {
    instrument: Object.freeze({
      symbol,
      name,
      exchange: 'BINANCE',
      market: 'crypto',
      timezone: 'UTC',
      sourceId: 'sample',
      pricePrecision: 2,
    }),
    sessions: [[0, 1440]],
    everyDay: true,
    startPrice,
    anchorGrowth,
    dailyVolatility,
    dailyVolume,
    volumePrecision: 3,
  };
}

/**
 * The embedded instruments, default first. Codes and company names are fictional (crypto pairs aside);
 * `ACME` exists on NYSE and on XETRA so an ambiguous code can be shown offline.
 * Sessions follow the real exchanges' regular hours; holidays are not modelled (weekdays only).
 */
export const SAMPLE_SPECS: readonly SampleSpec[] = [
  stock('DEMO', 'Demo Corp', 'NASDAQ', 'America/New_York', [[570, 960]], 48, 1.0004, 0.019, 2_500_000, 2),
  stock('ACME', 'Acme Industries Inc.', 'NYSE', 'America/New_York', [[570, 960]], 72, 1.0002, 0.015, 1_200_000, 2),
  stock('ACME', 'Acme Maschinenbau AG', 'XETRA', 'Europe/Berlin', [[540, 1050]], 61, 1.0001, 0.016, 400_000, 2),
  stock(
    'SHDEMO',
    'Jiangnan Demo Distillery',
    'SSE',
    'Asia/Shanghai',
    [
      [570, 690],
      [780, 900],
    ],
    28.5,
    1.0003,
    0.021,
    9_000_000,
    2,
  ),
  stock(
    'HKDEMO',
    'Victoria Harbour Demo Holdings',
    'HKEX',
    'Asia/Hong_Kong',
    [
      [570, 720],
      [780, 960],
    ],
    38.4,
    1.0001,
    0.018,
    6_000_000,
    2,
  ),
  stock(
    'TKDEMO',
    'Sakura Demo Robotics',
    'TSE',
    'Asia/Tokyo',
    [
      [540, 690],
      [750, 930],
    ],
    2450,
    1.0003,
    0.017,
    1_500_000,
    0,
  ),
  stock('LNDEMO', 'Thames Demo Energy plc', 'LSE', 'Europe/London', [[480, 990]], 420, 1.0001, 0.014, 3_000_000, 1),
  crypto('BTCUSDT', 'Bitcoin / TetherUS', 430, 1.00134, 0.034, 25_000),
  crypto('ETHUSDT', 'Ethereum / TetherUS', 9, 1.0015, 0.045, 300_000),
];
