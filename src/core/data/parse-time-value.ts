import { parseMarketTime } from './zoned-time.js';

/** A number too small to be an epoch time in seconds or ms: likely a spreadsheet's serial date. */
export function isSerialDate(value: number): boolean {
  return Math.abs(value) < 1e6;
}

/**
 * A bar time from a file: epoch seconds (10 digits, optionally with a fraction; a JSON number from 1e6
 * to 1e11), epoch milliseconds (13 digits; a JSON number from 1e11), ISO 8601 with or without offset,
 * `YYYY-MM-DD` or `YYYY-MM-DD HH:mm[:ss]` (wall clock in `timeZone`). `null` when unrecognised.
 */
export function parseTimeValue(value: string | number, timeZone: string): number | null {
  if (typeof value === 'number') {
    // Below 1e6 (as seconds, 1970-01-12) it is no epoch time a file holds: a spreadsheet's serial date (45293
    // is 2024-01-03), a row number. Refused, as the same text in a CSV is, rather than drawn in January 1970.
    if (!Number.isFinite(value) || isSerialDate(value)) return null;
    // 1e11 seconds is the year 5138 while 1e11 ms is 1973: the two ranges do not overlap in practice.
    return Math.abs(value) < 1e11 ? Math.round(value * 1000) : value;
  }
  const text = value.trim();
  if (/^\d{10}(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  if (/^\d{13}$/.test(text)) return Number(text);
  if (/^\d+$/.test(text)) return null;
  return parseMarketTime(text, timeZone);
}
