import type { Checkpointable } from '../stepper.js';

/**
 * Simple moving average of `src[from..to)` into `out` from `from + period - 1` (TA-Lib `SMA`:
 * running total, output, then drop the trailing value). Earlier entries are left untouched.
 */
export function sma(src: Float64Array, period: number, out: Float64Array, from = 0, to = src.length): void {
  const first = from + period - 1;
  if (first >= to) return;
  let total = 0;
  for (let i = from; i < first; i++) total += src[i];
  let trailing = from;
  for (let i = first; i < to; i++) {
    total += src[i];
    out[i] = total / period;
    total -= src[trailing++];
  }
}

/** Streaming SMA with the same arithmetic order as {@link sma}; NaN until `period` values. */
export class SmaState implements Checkpointable {
  readonly #buf: Float64Array;
  #pos = 0;
  #count = 0;
  #total = 0;
  #sPos = 0;
  #sCount = 0;
  #sTotal = 0;
  #sSlot = 0;

  constructor(readonly period: number) {
    this.#buf = new Float64Array(period);
  }

  next(x: number): number {
    const p = this.period;
    const pos = this.#pos;
    this.#total += x;
    this.#buf[pos] = x;
    this.#pos = pos + 1 === p ? 0 : pos + 1;
    this.#count++;
    if (this.#count < p) return NaN;
    const value = this.#total / p;
    // The oldest value of the window now sits where the next value will be written.
    this.#total -= this.#buf[this.#pos];
    return value;
  }

  save(): void {
    this.#sPos = this.#pos;
    this.#sCount = this.#count;
    this.#sTotal = this.#total;
    this.#sSlot = this.#buf[this.#pos];
  }

  restore(): void {
    this.#buf[this.#sPos] = this.#sSlot;
    this.#pos = this.#sPos;
    this.#count = this.#sCount;
    this.#total = this.#sTotal;
  }
}
