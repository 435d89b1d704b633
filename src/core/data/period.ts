/** The chart periods of docs/contracts.md. */
export const PERIODS = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w', '1M'] as const;
export type Period = (typeof PERIODS)[number];

/** Length of an intraday period in milliseconds; `null` for calendar periods (1d, 1w, 1M). */
export function intradayPeriodMs(period: Period): number | null {
  switch (period) {
    case '1m':
      return 60_000;
    case '5m':
      return 300_000;
    case '15m':
      return 900_000;
    case '30m':
      return 1_800_000;
    case '1h':
      return 3_600_000;
    case '4h':
      return 14_400_000;
    default:
      return null;
  }
}

export function isPeriod(value: unknown): value is Period {
  return typeof value === 'string' && (PERIODS as readonly string[]).includes(value);
}
