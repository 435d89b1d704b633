/**
 * Words drawings paint on the canvas in the chart's language: a count of bars and the units of a time
 * span (date range, date and price range), the risk/reward ratio (long and short position) and the
 * placeholder of an empty text drawing. The chart hands its locale's (components/i18n, section
 * `drawing.units`) to the painter; geometry without a chart uses English.
 */
export interface DrawingWords {
  /** `42 bars`. */
  readonly bars: (n: number) => string;
  /** `3d`. */
  readonly days: (n: number) => string;
  /** `4h`. */
  readonly hours: (n: number) => string;
  /** `30m`. */
  readonly minutes: (n: number) => string;
  /** `15s`. */
  readonly seconds: (n: number) => string;
  /** `Risk/Reward Ratio: 2.50` (`ratio` already formatted, or `—`). */
  readonly riskReward: (ratio: string) => string;
  /** What a text drawing without a label shows. */
  readonly emptyText: string;
}

/** English words (the fallback of every locale). */
export const EN_DRAWING_WORDS: DrawingWords = {
  bars: (n) => `${n} ${Math.abs(n) === 1 ? 'bar' : 'bars'}`,
  days: (n) => `${n}d`,
  hours: (n) => `${n}h`,
  minutes: (n) => `${n}m`,
  seconds: (n) => `${n}s`,
  riskReward: (ratio) => `Risk/Reward Ratio: ${ratio}`,
  emptyText: 'Text',
};
