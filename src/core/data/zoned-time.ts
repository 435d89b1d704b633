import { DAY_MS, daysFromCivil } from './civil-date.js';
import { civilDay, civilMonth, civilWeekday, civilYear } from './civil-fields.js';
import { assertFiniteTime, HOUR_MS, MINUTE_MS, zoneOffsetMs } from './market-time.js';
import { intradayPeriodMs, type Period } from './period.js';

/*
 * Wall-clock fields of an instant in a market's timezone, and times as text: what data parsing, folding,
 * the tools and the panel use (chunks all), apart from the zone offsets the first paint needs
 * (market-time.ts), so the eager part does without these (issue #12).
 */

/** Wall-clock fields of an instant in a timezone. */
export interface ZonedParts {
  readonly year: number;
  /** 1–12. */
  readonly month: number;
  /** 1–31. */
  readonly day: number;
  /** 0–23. */
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly millisecond: number;
  /** 0 = Sunday … 6 = Saturday (the `Date#getDay` convention). */
  readonly weekday: number;
}

/** A wall-clock time to convert; omitted time fields are 0. */
export interface WallClock {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour?: number;
  readonly minute?: number;
  readonly second?: number;
  readonly millisecond?: number;
}

/**
 * Wall-clock fields of `timeMs` in `timeZone`.
 *
 * @example zonedParts(Date.UTC(2024, 2, 8, 14, 30), 'America/New_York')
 *   // { year: 2024, month: 3, day: 8, hour: 9, minute: 30, second: 0, millisecond: 0, weekday: 5 }
 */
export function zonedParts(timeMs: number, timeZone: string): ZonedParts {
  const local = timeMs + zoneOffsetMs(timeMs, timeZone);
  const days = Math.floor(local / DAY_MS);
  const msOfDay = local - days * DAY_MS;
  return {
    year: civilYear(days),
    month: civilMonth(days),
    day: civilDay(days),
    hour: Math.floor(msOfDay / HOUR_MS),
    minute: Math.floor((msOfDay % HOUR_MS) / MINUTE_MS),
    second: Math.floor((msOfDay % MINUTE_MS) / 1000),
    millisecond: msOfDay % 1000,
    weekday: civilWeekday(days),
  };
}

/**
 * UTC epoch ms of a wall-clock time in `timeZone`. Resolves daylight-saving edge cases like
 * Temporal's `disambiguation: 'compatible'`: a time that occurs twice (autumn overlap) gives the
 * earlier instant; a time that does not exist (spring gap) is moved forward by the gap, so
 * `02:30` on a New York spring-forward day becomes `03:30` EDT.
 *
 * @example zonedTimeToUtc({ year: 2024, month: 3, day: 8, hour: 9, minute: 30 }, 'America/New_York')
 *   // Date.UTC(2024, 2, 8, 14, 30)
 */
export function zonedTimeToUtc(parts: WallClock, timeZone: string): number {
  const wall =
    daysFromCivil(parts.year, parts.month, parts.day) * DAY_MS +
    (parts.hour ?? 0) * HOUR_MS +
    (parts.minute ?? 0) * MINUTE_MS +
    (parts.second ?? 0) * 1000 +
    (parts.millisecond ?? 0);
  assertFiniteTime(wall);
  // Offsets are within ±1 day, so the instants around `wall` bracket every candidate offset.
  const earlier = zoneOffsetMs(wall - DAY_MS, timeZone);
  const later = zoneOffsetMs(wall + DAY_MS, timeZone);
  const first = wall - earlier;
  const firstValid = zoneOffsetMs(first, timeZone) === earlier;
  if (earlier === later) {
    if (firstValid) return first;
    // Two transitions within two days (practically never): settle on a self-consistent offset.
    const offset = zoneOffsetMs(first, timeZone);
    return wall - offset;
  }
  const second = wall - later;
  const secondValid = zoneOffsetMs(second, timeZone) === later;
  if (firstValid && secondValid) return Math.min(first, second);
  if (secondValid) return second;
  // Valid with the earlier offset only, or nowhere (a gap): using the offset in force before the
  // transition pushes the time forward past the gap.
  return first;
}

function pad2(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}

function formatYear(year: number): string {
  if (year >= 0 && year <= 9999) return String(year).padStart(4, '0');
  return year < 0 ? `-${String(-year).padStart(6, '0')}` : `+${String(year).padStart(6, '0')}`;
}

function formatOffset(offsetMs: number): string {
  const sign = offsetMs < 0 ? '-' : '+';
  const abs = Math.abs(offsetMs);
  const hours = Math.floor(abs / HOUR_MS);
  const minutes = Math.floor((abs % HOUR_MS) / MINUTE_MS);
  const seconds = Math.floor((abs % MINUTE_MS) / 1000);
  return `${sign}${pad2(hours)}:${pad2(minutes)}${seconds ? `:${pad2(seconds)}` : ''}`;
}

/**
 * A time as people and models read it: in the market's timezone, with its offset.
 * Intraday periods (or no period) → `2024-03-08 09:30-05:00` (seconds appear only when non-zero);
 * `1d`, `1w`, `1M` → `2024-03-08`.
 *
 * @example formatMarketTime(Date.UTC(2024, 2, 8, 14, 30), 'America/New_York', '5m') // '2024-03-08 09:30-05:00'
 */
export function formatMarketTime(timeMs: number, timeZone: string, period?: Period): string {
  const offset = zoneOffsetMs(timeMs, timeZone);
  const p = zonedParts(timeMs, timeZone);
  const date = `${formatYear(p.year)}-${pad2(p.month)}-${pad2(p.day)}`;
  if (period !== undefined && intradayPeriodMs(period) === null) return date;
  const seconds = p.second || p.millisecond ? `:${pad2(p.second)}` : '';
  return `${date} ${pad2(p.hour)}:${pad2(p.minute)}${seconds}${formatOffset(offset)}`;
}

const TIME_TEXT =
  /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(Z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?)?$/i;
const EPOCH_MS_TEXT = /^-?\d{12,13}$/;
const MAX_TIME = 8.64e15;

function daysInMonth(year: number, month: number): number {
  return daysFromCivil(year, month + 1, 1) - daysFromCivil(year, month, 1);
}

/**
 * Reads a time the way tools accept it: `YYYY-MM-DD` (midnight), `YYYY-MM-DD HH:mm[:ss[.SSS]]`
 * (wall clock in `timeZone`; `T` instead of the space and `/` instead of `-` are accepted too),
 * the same with an explicit `Z` / `±HH:MM` offset (that exact instant), or epoch milliseconds
 * (a number, or a string of 12–13 digits). Returns `null` for anything else, including impossible
 * dates such as `2024-02-30`. Gap and overlap times resolve as in {@link zonedTimeToUtc}.
 *
 * @example parseMarketTime('2024-03-08 09:30', 'America/New_York') // Date.UTC(2024, 2, 8, 14, 30)
 * @throws RangeError for an unknown timezone.
 */
export function parseMarketTime(input: string | number, timeZone: string): number | null {
  if (typeof input === 'number') {
    return Number.isFinite(input) && Math.abs(input) <= MAX_TIME ? input : null;
  }
  if (typeof input !== 'string') return null;
  const text = input.trim();
  if (EPOCH_MS_TEXT.test(text)) return Number(text);
  const match = TIME_TEXT.exec(text);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const hour = match[4] === undefined ? 0 : Number(match[4]);
  const minute = match[5] === undefined ? 0 : Number(match[5]);
  const second = match[6] === undefined ? 0 : Number(match[6]);
  const millisecond = match[7] === undefined ? 0 : Math.floor(Number(`0.${match[7]}`) * 1000);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  const zone = match[8];
  if (zone === undefined) {
    return zonedTimeToUtc({ year, month, day, hour, minute, second, millisecond }, timeZone);
  }
  let offset = 0;
  if (/^[+-]/.test(zone)) {
    const digits = zone.slice(1).replace(':', '');
    const offHours = Number(digits.slice(0, 2));
    const offMinutes = digits.length > 2 ? Number(digits.slice(2)) : 0;
    if (offHours > 18 || offMinutes > 59) return null;
    offset = (zone[0] === '-' ? -1 : 1) * (offHours * HOUR_MS + offMinutes * MINUTE_MS);
  }
  return (
    daysFromCivil(year, month, day) * DAY_MS +
    hour * HOUR_MS +
    minute * MINUTE_MS +
    second * 1000 +
    millisecond -
    offset
  );
}
