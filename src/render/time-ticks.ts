import type { ZonedClock } from './zoned-clock.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/** Tick levels, finest first, with their nominal length. */
const LEVELS = [
  { id: 'm1', ms: MIN },
  { id: 'm5', ms: 5 * MIN },
  { id: 'm15', ms: 15 * MIN },
  { id: 'm30', ms: 30 * MIN },
  { id: 'h1', ms: HOUR },
  { id: 'h2', ms: 2 * HOUR },
  { id: 'h4', ms: 4 * HOUR },
  { id: 'h6', ms: 6 * HOUR },
  { id: 'h12', ms: 12 * HOUR },
  { id: 'd1', ms: DAY },
  { id: 'w1', ms: 7 * DAY },
  { id: 'mo1', ms: 30 * DAY },
  { id: 'mo3', ms: 91 * DAY },
  { id: 'y1', ms: 365 * DAY },
  { id: 'y5', ms: 5 * 365 * DAY },
] as const;
type Level = (typeof LEVELS)[number]['id'];

/**
 * Month names (and month + day) in the chart's locale through Intl: `Jul`, `Jul 1`; `7月`, `7月1日`. Each
 * format is made when first used: an intraday axis asks only for month + day, and a format costs a few
 * hundred microseconds to make.
 */
const monthFormats = new Map<string, Intl.DateTimeFormat>();
function monthFormat(locale: string, day: boolean): Intl.DateTimeFormat {
  const key = `${day ? 'd' : 'm'}${locale}`;
  let f = monthFormats.get(key);
  if (!f) {
    const options: Intl.DateTimeFormatOptions = day
      ? { month: 'short', day: 'numeric', timeZone: 'UTC' }
      : { month: 'short', timeZone: 'UTC' };
    try {
      f = new Intl.DateTimeFormat(locale, options);
    } catch {
      f = new Intl.DateTimeFormat('en', options);
    }
    monthFormats.set(key, f);
  }
  return f;
}

/** Bucket number of a wall-clock date at a level (changes exactly at the level's boundaries). */
function bucket(d: Date, level: Level): number {
  const y = d.getUTCFullYear();
  const mo = d.getUTCMonth();
  const day = Math.floor(d.getTime() / DAY);
  const mins = d.getUTCHours() * 60 + d.getUTCMinutes();
  switch (level) {
    case 'm1':
      return day * 1440 + mins;
    case 'm5':
      return day * 288 + Math.floor(mins / 5);
    case 'm15':
      return day * 96 + Math.floor(mins / 15);
    case 'm30':
      return day * 48 + Math.floor(mins / 30);
    case 'h1':
      return day * 24 + Math.floor(mins / 60);
    case 'h2':
      return day * 12 + Math.floor(mins / 120);
    case 'h4':
      return day * 6 + Math.floor(mins / 240);
    case 'h6':
      return day * 4 + Math.floor(mins / 360);
    case 'h12':
      return day * 2 + Math.floor(mins / 720);
    case 'd1':
      return day;
    case 'w1':
      return Math.floor((day + 3) / 7); // weeks from Monday
    case 'mo1':
      return y * 12 + mo;
    case 'mo3':
      return y * 4 + Math.floor(mo / 3);
    case 'y1':
      return y;
    case 'y5':
      return Math.floor(y / 5);
  }
}

export interface TimeTick {
  /** Bar index. */
  readonly index: number;
  readonly label: string;
}

/**
 * Ticks for a gap-free (index) axis: at bars where a calendar boundary of the chosen level falls,
 * in the market's wall clock, about `spacingPx` apart. Labels name the larger unit at its change
 * (a year at January, a date at midnight).
 */
export function computeTimeTicks(
  time: Float64Array,
  length: number,
  startIndex: number,
  endIndex: number,
  widthPx: number,
  clock: ZonedClock,
  spacingPx = 110,
  locale = 'en',
): TimeTick[] {
  const a = Math.max(0, Math.ceil(startIndex));
  const b = Math.min(length - 1, Math.floor(endIndex));
  if (b <= a || widthPx <= 0) return [];
  const visibleBars = b - a + 1;
  const barsPerPx = visibleBars / widthPx;
  // Gaps (nights, weekends) make wall time per pixel meaningless on a gap-free axis: aim by the
  // typical bar length times the bars one label spacing covers, then thin by pixels.
  const wanted = typicalBarMs(time, a, b) * Math.max(1, spacingPx * barsPerPx);
  let levelIndex = LEVELS.findIndex((l) => l.ms >= wanted);
  if (levelIndex < 0) levelIndex = LEVELS.length - 1;
  const minGapBars = spacingPx * 0.6 * barsPerPx;
  const stride = Math.max(1, Math.floor(barsPerPx / 4));
  let ticks = ticksAt(time, a, b, LEVELS[levelIndex].id, minGapBars, stride, clock, locale);
  // A view a little longer than one level's unit can hold none of its boundaries (five days of a 24/7
  // market hold no Monday): label the next finer level instead of leaving the axis blank.
  while (ticks.length < 2 && levelIndex > 0)
    ticks = ticksAt(time, a, b, LEVELS[--levelIndex].id, minGapBars, stride, clock, locale);
  return ticks;
}

/** The ticks of one level in `a..b`: its boundaries, at least `minGapBars` apart. */
function ticksAt(
  time: Float64Array,
  a: number,
  b: number,
  level: Level,
  minGapBars: number,
  stride: number,
  clock: ZonedClock,
  locale: string,
): TimeTick[] {
  const ticks: TimeTick[] = [];
  let prev = bucket(clock.wall(time[Math.max(0, a - 1)]), level);
  let prevDay = Math.floor(clock.wall(time[Math.max(0, a - 1)]).getTime() / DAY);
  let prevYear = clock.wall(time[Math.max(0, a - 1)]).getUTCFullYear();
  let lastIndex = -Infinity;
  for (let i = a; i <= b; i += stride) {
    const d = clock.wall(time[i]);
    const k = bucket(d, level);
    if (k !== prev) {
      const day = Math.floor(d.getTime() / DAY);
      const year = d.getUTCFullYear();
      if (i - lastIndex >= minGapBars) {
        ticks.push({ index: i, label: labelFor(d, level, day !== prevDay, year !== prevYear, locale) });
        lastIndex = i;
      }
      prevDay = day;
      prevYear = year;
      prev = k;
    }
  }
  return ticks;
}

/** Median spacing of up to 63 sampled neighbouring bars in `a..b`. */
function typicalBarMs(time: Float64Array, a: number, b: number): number {
  const diffs: number[] = [];
  const step = Math.max(1, Math.floor((b - a) / 63));
  for (let i = a + 1; i <= b; i += step) diffs.push(time[i] - time[i - 1]);
  diffs.sort((x, y) => x - y);
  return diffs[diffs.length >> 1] || 60_000;
}

function pad(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

function labelFor(d: Date, level: Level, newDay: boolean, newYear: boolean, locale: string): string {
  const y = d.getUTCFullYear();
  if (level === 'y1' || level === 'y5') return String(y);
  if (level === 'mo1' || level === 'mo3') return newYear ? String(y) : monthFormat(locale, false).format(d);
  if (level === 'd1' || level === 'w1')
    return newYear
      ? String(y)
      : d.getUTCDate() === 1 || (level === 'w1' && d.getUTCDate() <= 7)
        ? monthFormat(locale, true).format(d)
        : String(d.getUTCDate());
  if (newDay) return monthFormat(locale, true).format(d);
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** The crosshair / legend time text of a bar in the market's wall clock. */
export function formatBarTime(t: number, clock: ZonedClock, intraday: boolean): string {
  const d = clock.wall(t);
  const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  return intraday ? `${date} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}` : date;
}
