import type { Checkpointable } from '../stepper.js';
import { isZero } from './stddev.js';

/**
 * Streaming TA-Lib `RSI` (or `CMO` when `cmo` is true): average gain and loss seeded with the
 * plain mean of the first `period` changes, then Wilder-smoothed; first value at index `period`.
 * A zero gain+loss sum gives 0, as in TA-Lib.
 */
export class RsiState implements Checkpointable {
  #count = 0;
  #prev = 0;
  #gain = 0;
  #loss = 0;
  #sCount = 0;
  #sPrev = 0;
  #sGain = 0;
  #sLoss = 0;

  constructor(
    readonly period: number,
    readonly cmo = false,
  ) {}

  next(x: number): number {
    const n = this.#count++;
    const p = this.period;
    const diff = x - this.#prev;
    this.#prev = x;
    if (n === 0) return NaN;
    if (n <= p) {
      if (diff < 0) this.#loss -= diff;
      else this.#gain += diff;
      if (n < p) return NaN;
      this.#loss /= p;
      this.#gain /= p;
    } else {
      this.#loss *= p - 1;
      this.#gain *= p - 1;
      if (diff < 0) this.#loss -= diff;
      else this.#gain += diff;
      this.#loss /= p;
      this.#gain /= p;
    }
    const sum = this.#gain + this.#loss;
    if (isZero(sum)) return 0;
    return this.cmo ? 100 * ((this.#gain - this.#loss) / sum) : 100 * (this.#gain / sum);
  }

  save(): void {
    this.#sCount = this.#count;
    this.#sPrev = this.#prev;
    this.#sGain = this.#gain;
    this.#sLoss = this.#loss;
  }

  restore(): void {
    this.#count = this.#sCount;
    this.#prev = this.#sPrev;
    this.#gain = this.#sGain;
    this.#loss = this.#sLoss;
  }
}
