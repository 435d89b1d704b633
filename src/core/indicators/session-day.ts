/**
 * Finds market-timezone day boundaries for session-anchored studies (VWAP) without formatting every
 * bar: one `Intl.DateTimeFormat` per timezone (cached), a couple of calls per new day.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Offset (ms) of `timeZone` from UTC at instant `t`: local wall time minus UTC. */
function offsetAt(timeZone: string, t: number): number {
  const parts = formatterFor(timeZone).formatToParts(new Date(t));
  let y = 0;
  let mo = 0;
  let d = 0;
  let h = 0;
  let mi = 0;
  let s = 0;
  for (const p of parts) {
    switch (p.type) {
      case 'year':
        y = Number(p.value);
        break;
      case 'month':
        mo = Number(p.value);
        break;
      case 'day':
        d = Number(p.value);
        break;
      case 'hour':
        h = Number(p.value);
        break;
      case 'minute':
        mi = Number(p.value);
        break;
      case 'second':
        s = Number(p.value);
        break;
      default: // era, weekday, literal…: not part of the wall time
        break;
    }
  }
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  return wall - (t - (((t % 1000) + 1000) % 1000));
}

const DAY = 86_400_000;

/** The calendar day number (days since 1970-01-01) of instant `t` in `timeZone` (UTC when absent). */
export function localDayNumber(t: number, timeZone: string | undefined): number {
  const off = !timeZone || timeZone === 'UTC' || timeZone === 'Etc/UTC' ? 0 : offsetAt(timeZone, t);
  return Math.floor((t + off) / DAY);
}

/** `[start, end)` in UTC ms of the market day containing `t`. */
export function sessionDayRange(t: number, timeZone: string | undefined): [number, number] {
  if (!timeZone || timeZone === 'UTC' || timeZone === 'Etc/UTC') {
    const start = Math.floor(t / DAY) * DAY;
    return [start, start + DAY];
  }
  const off = offsetAt(timeZone, t);
  const localMidnight = Math.floor((t + off) / DAY) * DAY;
  // The offset at midnight can differ from the offset at t on DST days: correct once.
  let start = localMidnight - off;
  const offStart = offsetAt(timeZone, start);
  if (offStart !== off) start = localMidnight - offStart;
  if (start > t) start -= DAY; // never happens for real zones; guards pathological offsets
  const nextLocal = localMidnight + DAY;
  let end = nextLocal - offsetAt(timeZone, nextLocal - off);
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
