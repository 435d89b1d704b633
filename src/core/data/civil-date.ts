/**
 * Proleptic Gregorian calendar arithmetic on day numbers (days since 1970-01-01), without `Date`
 * objects: the aggregation and sample generators call these once per bar.
 * Algorithms from Howard Hinnant, "chrono-Compatible Low-Level Date Algorithms". A day number's year,
 * month, day and weekday are civil-fields.ts. Only chunks (folding, sample data, times as text) use
 * this module: the zone offsets of the first paint (market-time.ts) let `Date` count the days (issue #12).
 */

export { DAY_MS } from './day-ms.js';

/** Day number of `year-month-day` (month 1–12; day may overflow the month and is simply added). */
export function daysFromCivil(year: number, month: number, day: number): number {
  // Normalise month overflow so callers may pass month 13 or 0.
  const m0 = month - 1;
  const y0 = year + Math.floor(m0 / 12);
  const m = m0 - Math.floor(m0 / 12) * 12 + 1;
  const y = m <= 2 ? y0 - 1 : y0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (m + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}
