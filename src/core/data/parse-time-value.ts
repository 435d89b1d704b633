import { parseMarketTime } from './market-time.js';

/**
 * A bar time from a file: epoch seconds (10 digits, optionally with a fraction; a JSON number below
 * 1e11), epoch milliseconds (13 digits; a JSON number from 1e11), ISO 8601 with or without offset,
 * `YYYY-MM-DD` or `YYYY-MM-DD HH:mm[:ss]` (wall clock in `timeZone`). `null` when unrecognised.
 */
export function parseTimeValue(value: string | number, timeZone: string): number | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // 1e11 seconds is the year 5138 while 1e11 ms is 1973: the two ranges do not overlap in practice.
    return Math.abs(value) < 1e11 ? Math.round(value * 1000) : value;
  }
  const text = value.trim();
  if (/^\d{10}(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  if (/^\d{13}$/.test(text)) return Number(text);
  if (/^\d+$/.test(text)) return null;
  return parseMarketTime(text, timeZone);
}
