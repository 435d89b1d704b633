import type { Checkpointable } from '../stepper.js';
import { RESUM_DROP, windowSum } from './window-sum.js';

/**
 * Simple moving average of `src[from..to)` into `out` from `from + period - 1` (TA-Lib `SMA`:
 * running total, output, then drop the trailing value). Earlier entries are left untouched. A total
 * that collapses or is not finite (an extreme value left the window) is summed afresh (window-sum.ts).
 */
export function sma(src: Float64Array, period: number, out: Float64Array, from = 0, to = src.length): void {
  const first = from + period - 1;
  if (first >= to) return;
  let total = 0;
  for (let i = from; i < first; i++) total += src[i];
  let trailing = from;
  let peak = 0;
  for (let i = first; i < to; i++) {
    total += src[i];
    out[i] = total / period;
    total -= src[trailing++];
    const a = total < 0 ? -total : total;
    if (!(a * RESUM_DROP >= peak && a < Infinity)) peak = Math.abs((total = windowSum(src, trailing, period - 1)));
    else if (a > peak) peak = a;
  }
}

/** Streaming SMA with the same arithmetic order as {@link sma}; NaN until `period` values. */
export class SmaState implements Checkpointable {
  readonly #buf: Float64Array;
  #pos = 0;
  #count = 0;
  #total = 0;
  #peak = 0;
  #sPos = 0;
  #sCount = 0;
  #sTotal = 0;
  #sPeak = 0;
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
    const total = (this.#total -= this.#buf[this.#pos]);
    const a = total < 0 ? -total : total;
    if (!(a * RESUM_DROP >= this.#peak && a < Infinity))
      this.#peak = Math.abs((this.#total = windowSum(this.#buf, this.#pos + 1 === p ? 0 : this.#pos + 1, p - 1)));
    else if (a > this.#peak) this.#peak = a;
    return value;
  }

  save(): void {
    this.#sPos = this.#pos;
    this.#sCount = this.#count;
    this.#sTotal = this.#total;
    this.#sPeak = this.#peak;
    this.#sSlot = this.#buf[this.#pos];
  }

  restore(): void {
    this.#buf[this.#sPos] = this.#sSlot;
    this.#pos = this.#sPos;
    this.#count = this.#sCount;
    this.#total = this.#sTotal;
    this.#peak = this.#sPeak;
  }
}
