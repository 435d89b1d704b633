import type { ZonedClock } from './zoned-clock.js';

const MIN = 60_000;
const DAY = 1440 * MIN;

/**
 * Tick levels, finest first: 1, 5, 15, 30 minutes, 1, 2, 4, 6, 12 hours, a day, a week, 1 and 3 months, 1 and 5
 * years, each as its nominal length in minutes. The first eleven (to the week) count wall-clock minutes
 * ({@link bucket}); the four after them count months, by {@link MONTHS}.
 */
const LEVEL_MINUTES = [1, 5, 15, 30, 60, 120, 240, 360, 720, 1440, 10080, 43200, 131040, 525600, 2628000];
/** Months per bucket of the month and year levels (indices 11 to 14 of {@link LEVEL_MINUTES}). */
const MONTHS = [1, 3, 12, 60];
/** Level indices: a day, a week, a month, a year. */
const D1 = 9;
const W1 = 10;
const MO1 = 11;
const Y1 = 13;

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

/**
 * Bucket number of a wall-clock date at a level (changes exactly at the level's boundaries): whole minutes
 * over the level's length, weeks from Monday (day 0, 1970-01-01, was a Thursday), months over its months.
 */
function bucket(d: Date, level: number): number {
  return level < MO1
    ? Math.floor((Math.floor(d.getTime() / MIN) + (level === W1 ? 4320 : 0)) / LEVEL_MINUTES[level])
    : Math.floor((d.getUTCFullYear() * 12 + d.getUTCMonth()) / MONTHS[level - MO1]);
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
  let levelIndex = LEVEL_MINUTES.findIndex((m) => m * MIN >= wanted);
  if (levelIndex < 0) levelIndex = LEVEL_MINUTES.length - 1;
  const minGapBars = spacingPx * 0.6 * barsPerPx;
  const stride = Math.max(1, Math.floor(barsPerPx / 4));
  let ticks = ticksAt(time, a, b, levelIndex, minGapBars, stride, clock, locale);
  // A view a little longer than one level's unit can hold none of its boundaries (five days of a 24/7
  // market hold no Monday): label the next finer level instead of leaving the axis blank.
  while (ticks.length < 2 && levelIndex > 0)
    ticks = ticksAt(time, a, b, --levelIndex, minGapBars, stride, clock, locale);
  return ticks;
}

/** The ticks of one level in `a..b`: its boundaries, at least `minGapBars` apart. */
function ticksAt(
  time: Float64Array,
  a: number,
  b: number,
  level: number,
  minGapBars: number,
  stride: number,
  clock: ZonedClock,
  locale: string,
): TimeTick[] {
  const ticks: TimeTick[] = [];
  const first = clock.wall(time[Math.max(0, a - 1)]);
  let prev = bucket(first, level);
  let prevDay = Math.floor(first.getTime() / DAY);
  let prevYear = first.getUTCFullYear();
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

function labelFor(d: Date, level: number, newDay: boolean, newYear: boolean, locale: string): string {
  const y = d.getUTCFullYear();
  if (level >= Y1) return String(y);
  if (level >= MO1) return newYear ? String(y) : monthFormat(locale, false).format(d);
  if (level >= D1)
    return newYear
      ? String(y)
      : d.getUTCDate() === 1 || (level === W1 && d.getUTCDate() <= 7)
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
