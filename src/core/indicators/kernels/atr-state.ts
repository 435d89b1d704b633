import type { Checkpointable } from '../stepper.js';
import { trueRange } from './true-range.js';
import { WilderState } from './wilder.js';

/**
 * Streaming TA-Lib `ATR`: true range from the second bar on, Wilder-smoothed and seeded with the
 * SMA of the first `period` true ranges, so the first value is at index `period`.
 */
export class AtrState implements Checkpointable {
  readonly #smooth: WilderState;
  #count = 0;
  #prevClose = NaN;
  #sCount = 0;
  #sPrevClose = NaN;

  constructor(readonly period: number) {
    this.#smooth = new WilderState(period);
  }

  /** Consumes a bar; returns the ATR or NaN during warm-up. */
  next(high: number, low: number, close: number): number {
    const first = this.#count++ === 0;
    const prev = this.#prevClose;
    this.#prevClose = close;
    if (first) return NaN;
    return this.#smooth.next(trueRange(high, low, prev));
  }

  save(): void {
    this.#smooth.save();
    this.#sCount = this.#count;
    this.#sPrevClose = this.#prevClose;
  }

  restore(): void {
    this.#smooth.restore();
    this.#count = this.#sCount;
    this.#prevClose = this.#sPrevClose;
  }
}
