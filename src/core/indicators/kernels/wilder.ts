import type { Checkpointable } from '../stepper.js';

/**
 * Wilder smoothing (TA-Lib `ATR` style): the first output at `from + period - 1` is the SMA of the
 * first `period` values, then `(prev * (period - 1) + x) / period`.
 */
export function wilder(src: Float64Array, period: number, out: Float64Array, from = 0, to = src.length): void {
  const first = from + period - 1;
  if (first >= to) return;
  let prev = 0;
  for (let i = from; i <= first; i++) prev += src[i];
  prev /= period;
  out[first] = prev;
  const m = period - 1;
  for (let i = first + 1; i < to; i++) {
    prev = (prev * m + src[i]) / period;
    out[i] = prev;
  }
}

/** Streaming form of {@link wilder}; NaN during warm-up. */
export class WilderState implements Checkpointable {
  #count = 0;
  #acc = 0;
  #sCount = 0;
  #sAcc = 0;

  constructor(readonly period: number) {}

  next(x: number): number {
    const n = ++this.#count;
    const p = this.period;
    if (n < p) {
      this.#acc += x;
      return NaN;
    }
    if (n === p) {
      this.#acc = (this.#acc + x) / p;
      return this.#acc;
    }
    this.#acc = (this.#acc * (p - 1) + x) / p;
    return this.#acc;
  }

  save(): void {
    this.#sCount = this.#count;
    this.#sAcc = this.#acc;
  }

  restore(): void {
    this.#count = this.#sCount;
    this.#acc = this.#sAcc;
  }
}
