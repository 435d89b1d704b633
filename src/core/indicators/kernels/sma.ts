import type { Checkpointable } from '../stepper.js';
import { RESUM_DROP, windowSum } from './window-sum.js';

/**
 * Simple moving average of `src[from..to)` into `out` from `from + period - 1` (TA-Lib `SMA`:
 * running total, output, then drop the trailing value). Earlier entries are left untouched. The loop
 * notes, without a branch, how far the total left after each bar stayed above 1/RESUM_DROP of the value
 * that went out (window-sum.ts); a block of bars where it did not (an extreme value left the window, the
 * rest cancelled, or the total is not finite) is done again bar by bar as {@link SmaState} does it, so a
 * live-updated study equals a recomputed one bit for bit.
 */
export function sma(src: Float64Array, period: number, out: Float64Array, from = 0, to = src.length): void {
  const first = from + period - 1;
  if (first >= to) return;
  let total = 0;
  for (let i = from; i < first; i++) total += src[i];
  for (let b = first, e = b; b < to; b = e) {
    e = Math.min(to, b + 1024 + 4 * period);
    const start = total;
    // Below 0 (or NaN) when some bar's total fell below 1/RESUM_DROP of the value that went out.
    let margin = Infinity;
    for (let i = b; i < e; i++) {
      total += src[i];
      out[i] = total / period;
      const t = src[i - period + 1];
      total -= t;
      margin = Math.min(margin, Math.abs(total) * RESUM_DROP - Math.abs(t));
    }
    if (margin >= 0 && Math.abs(total) < Infinity) continue;
    total = start;
    for (let i = b; i < e; i++) {
      total += src[i];
      out[i] = total / period;
      const t = src[i - period + 1];
      const a = Math.abs((total -= t));
      if (!(a * RESUM_DROP >= Math.abs(t) && a < Infinity)) total = windowSum(src, i - period + 2, period - 1);
    }
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
    const t = this.#buf[this.#pos];
    const a = Math.abs((this.#total -= t));
    if (!(a * RESUM_DROP >= Math.abs(t) && a < Infinity))
      this.#total = windowSum(this.#buf, this.#pos + 1 === p ? 0 : this.#pos + 1, p - 1);
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
