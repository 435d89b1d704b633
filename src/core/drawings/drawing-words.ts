/**
 * Words drawings paint on the canvas in the chart's language (date range, date and price range): a
 * count of bars and the units of a time span. The chart hands its locale's (components/i18n, section
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
}

/** English words (the fallback of every locale). */
export const EN_DRAWING_WORDS: DrawingWords = {
  bars: (n) => `${n} ${Math.abs(n) === 1 ? 'bar' : 'bars'}`,
  days: (n) => `${n}d`,
  hours: (n) => `${n}h`,
  minutes: (n) => `${n}m`,
  seconds: (n) => `${n}s`,
};
