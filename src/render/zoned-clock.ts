import { zoneOffsetMs } from '../core/data/index.js';

const HOUR = 3_600_000;

/**
 * Wall-clock arithmetic in one IANA zone, fast enough for axis ticks on every frame: the zone offset
 * is looked up once per UTC hour (offsets only change on hour boundaries in practice) and cached.
 */
export class ZonedClock {
  readonly #offsets = new Map<number, number>();

  constructor(readonly timeZone: string) {}

  /** Offset of the zone at `t` in ms. */
  offset(t: number): number {
    const hour = Math.floor(t / HOUR);
    let off = this.#offsets.get(hour);
    if (off === undefined) {
      off = zoneOffsetMs(hour * HOUR, this.timeZone);
      if (this.#offsets.size > 50_000) this.#offsets.clear();
      this.#offsets.set(hour, off);
    }
    return off;
  }

  /** A Date whose UTC fields read the wall clock of the zone at `t`. */
  wall(t: number): Date {
    return new Date(t + this.offset(t));
  }
}
