import type { Checkpointable } from '../stepper.js';
import { RESUM_DROP, windowSum } from './window-sum.js';

/**
 * Sum of the last `period` values of `src[from..to)`, written to `out[i]` from `from + period - 1`
 * on (earlier entries are left untouched). One pass: add the new value, subtract the one leaving; a
 * sum left far below the value that went out, or not finite, is summed afresh (window-sum.ts).
 */
export function rollingSum(src: Float64Array, period: number, out: Float64Array, from = 0, to = src.length): void {
  let sum = 0;
  const first = from + period - 1;
  for (let i = from; i < to; i++) {
    sum += src[i];
    if (i >= first) {
      out[i] = sum;
      const t = src[i - period + 1];
      sum -= t;
      const a = sum < 0 ? -sum : sum;
      if (!(a * RESUM_DROP >= (t < 0 ? -t : t) && a < Infinity)) sum = windowSum(src, i - period + 2, period - 1);
    }
  }
}

/**
 * Streaming rolling sum over a ring buffer. `next` returns NaN until `period` values were seen.
 * Checkpoints are O(1): only one ring slot can change between `save()` and `restore()`. A sum left
 * far below the value that went out, or not finite, is summed afresh from the ring ({@link rollingSum}).
 */
export class RollingSumState implements Checkpointable {
  readonly #buf: Float64Array;
  #pos = 0;
  #count = 0;
  #sum = 0;
  #sPos = 0;
  #sCount = 0;
  #sSum = 0;
  #sSlot = 0;

  constructor(readonly period: number) {
    this.#buf = new Float64Array(period);
  }

  /** Number of values consumed so far. */
  get length(): number {
    return this.#count;
  }

  /** Adds `x`; returns the window sum, or NaN while the window is not full. */
  next(x: number): number {
    const p = this.period;
    const pos = this.#pos;
    if (this.#count >= p) {
      const t = this.#buf[pos];
      const a = Math.abs((this.#sum -= t));
      // The `p − 1` values after the one going out, oldest first.
      if (!(a * RESUM_DROP >= Math.abs(t) && a < Infinity))
        this.#sum = windowSum(this.#buf, pos + 1 === p ? 0 : pos + 1, p - 1);
    }
    this.#sum += x;
    this.#buf[pos] = x;
    this.#pos = pos + 1 === p ? 0 : pos + 1;
    this.#count++;
    return this.#count >= p ? this.#sum : NaN;
  }

  /** The value `back` steps ago (0 = the newest), NaN when not yet seen or outside the window. */
  ago(back: number): number {
    if (back >= this.#count || back >= this.period) return NaN;
    let k = this.#pos - 1 - back;
    if (k < 0) k += this.period;
    return this.#buf[k];
  }

  save(): void {
    this.#sPos = this.#pos;
    this.#sCount = this.#count;
    this.#sSum = this.#sum;
    this.#sSlot = this.#buf[this.#pos];
  }

  restore(): void {
    this.#buf[this.#sPos] = this.#sSlot;
    this.#pos = this.#sPos;
    this.#count = this.#sCount;
    this.#sum = this.#sSum;
  }
}
