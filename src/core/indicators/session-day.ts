/**
 * Finds market-timezone day boundaries for session-anchored studies (VWAP) without formatting every
 * bar: the zone offsets come from {@link zoneOffsetMs} (cached per zone and week), a couple of
 * lookups per new day.
 */
import { zoneOffsetMs } from '../data/market-time.js';

const DAY = 86_400_000;

/** The calendar day number (days since 1970-01-01) of instant `t` in `timeZone` (UTC when absent). */
export function localDayNumber(t: number, timeZone: string | undefined): number {
  const off = !timeZone || timeZone === 'UTC' || timeZone === 'Etc/UTC' ? 0 : zoneOffsetMs(t, timeZone);
  return Math.floor((t + off) / DAY);
}

/** `[start, end)` in UTC ms of the market day containing `t`. */
export function sessionDayRange(t: number, timeZone: string | undefined): [number, number] {
  if (!timeZone || timeZone === 'UTC' || timeZone === 'Etc/UTC') {
    const start = Math.floor(t / DAY) * DAY;
    return [start, start + DAY];
  }
  const off = zoneOffsetMs(t, timeZone);
  const localMidnight = Math.floor((t + off) / DAY) * DAY;
  // The offset at midnight can differ from the offset at t on DST days: correct once.
  let start = localMidnight - off;
  const offStart = zoneOffsetMs(start, timeZone);
  if (offStart !== off) start = localMidnight - offStart;
  if (start > t) start -= DAY; // never happens for real zones; guards pathological offsets
  const nextLocal = localMidnight + DAY;
  let end = nextLocal - zoneOffsetMs(nextLocal - off, timeZone);
  if (end <= t) end = t + 1;
  return [start, end];
}

/**
 * Incremental day-key tracker: `isNewDay(t)` answers whether `t` falls outside the current market
 * day (and moves to that day). Times need not be strictly increasing; a jump backwards also starts
 * a new day.
 */
export class SessionDayTracker {
  #start = Infinity;
  #end = -Infinity;

  readonly #timeZone: string | undefined;

  constructor(timeZone: string | undefined) {
    this.#timeZone = timeZone;
  }

  /** True when `t` starts a different day than the previous call's. */
  isNewDay(t: number): boolean {
    if (t >= this.#start && t < this.#end) return false;
    const [s, e] = sessionDayRange(t, this.#timeZone);
    this.#start = s;
    this.#end = e;
    return true;
  }

  /** Copies the tracked day (for checkpoints). */
  snapshot(): [number, number] {
    return [this.#start, this.#end];
  }

  /** Returns to a day captured by {@link snapshot}. */
  reset(day: readonly [number, number]): void {
    this.#start = day[0];
    this.#end = day[1];
  }
}
