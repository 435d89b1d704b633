import { localDayNumber, SessionDayTracker } from './session-day.js';

/** Where a VWAP starts over: each trading day, week or month, or once at a chosen time (epoch ms). */
export type VwapAnchor = 'session' | 'week' | 'month' | number;

const MINUTE = 60_000;

/**
 * Tells a session-anchored study when a new anchor period starts (Pine's `timeframe.change("D")`,
 * `("W")`, `("M")`). Periods follow the trading day: with a session that opens the evening before
 * (`sessionStart` < 0) a bar at 18:30 belongs to the next day, its week and its month. Weeks start
 * on Monday. A time anchor never starts a new period (the study starts at that time instead).
 */
export class AnchorTracker {
  readonly #day: SessionDayTracker;
  readonly #shift: number;
  #key = NaN;

  readonly #anchor: VwapAnchor;
  readonly #timeZone: string | undefined;

  constructor(anchor: VwapAnchor, timeZone: string | undefined, sessionStart = 0) {
    this.#anchor = anchor;
    this.#timeZone = timeZone;
    this.#day = new SessionDayTracker(timeZone);
    this.#shift = sessionStart * MINUTE;
  }

  /** True when `t` (a bar time, UTC ms) starts a new period (also the first bar). */
  isNew(t: number): boolean {
    if (typeof this.#anchor === 'number') return false;
    const trading = t - this.#shift;
    if (!this.#day.isNewDay(trading)) return false;
    if (this.#anchor === 'session') return true;
    const day = localDayNumber(trading, this.#timeZone);
    const key = this.#anchor === 'week' ? Math.floor((day + 3) / 7) : monthKey(day);
    if (key === this.#key) return false;
    this.#key = key;
    return true;
  }

  snapshot(): [number, number, number] {
    const [s, e] = this.#day.snapshot();
    return [s, e, this.#key];
  }

  reset(state: readonly [number, number, number]): void {
    this.#day.reset([state[0], state[1]]);
    this.#key = state[2];
  }
}

function monthKey(day: number): number {
  const d = new Date(day * 86_400_000);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
}
