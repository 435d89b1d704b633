import type { Checkpointable } from '../stepper.js';
import { RESUM_DROP, windowSum } from './window-sum.js';

/**
 * Simple moving average of `src[from..to)` into `out` from `from + period - 1` (TA-Lib `SMA`:
 * running total, output, then drop the trailing value). Earlier entries are left untouched. After each
 * block of bars the total is checked against the window summed afresh; a block where they differ (an
 * extreme value left the window, or the total is not finite: window-sum.ts) gets each window's fresh
 * mean. The loop itself stays TA-Lib's, without a call or a branch more.
 */
export function sma(src: Float64Array, period: number, out: Float64Array, from = 0, to = src.length): void {
  const first = from + period - 1;
  if (first >= to) return;
  let total = 0;
  for (let i = from; i < first; i++) total += src[i];
  for (let b = first, e = b; b < to; b = e) {
    e = Math.min(to, b + 1024 + 4 * period);
    for (let i = b; i < e; i++) {
      total += src[i];
      out[i] = total / period;
      total -= src[i - period + 1];
    }
    const fresh = windowSum(src, e - period + 1, period - 1);
    if (!(Math.abs(total - fresh) <= Math.abs(fresh) / 2 ** 30)) {
      for (let i = b; i < e; i++) out[i] = windowSum(src, i - period + 1, period) / period;
      total = fresh;
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
