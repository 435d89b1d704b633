import type { Checkpointable } from '../stepper.js';
import { RESUM_DROP, windowSum } from './window-sum.js';

/** Σ k·x over `n` ring values from `start` (k = 1 for the oldest), the weights the running sum holds. */
function weightedSum(buf: Float64Array, start: number, n: number): number {
  let s = 0;
  for (let k = 1, j = start; k <= n; k++) {
    s += buf[j] * k;
    if (++j === buf.length) j = 0;
  }
  return s;
}

/**
 * Linearly weighted moving average (TA-Lib `WMA`, newest weight `period`) of `src[from..to)`,
 * first output at `from + period - 1`. O(1) per bar: the weighted sum loses the plain window sum
 * and gains `period * x`. When the plain sum is left far below the value that went out, or either sum
 * is not finite (1e307 × period overflows), both are summed afresh from the window (window-sum.ts).
 */
export function wma(src: Float64Array, period: number, out: Float64Array, from = 0, to = src.length): void {
  const first = from + period - 1;
  if (first >= to) return;
  const divider = (period * (period + 1)) / 2;
  let periodSum = 0;
  let periodSub = 0;
  let w = 1;
  for (let i = from; i < first; i++, w++) {
    periodSub += src[i];
    periodSum += src[i] * w;
  }
  let trailing = from;
  for (let i = first; i < to; i++) {
    const x = src[i];
    periodSub += x;
    periodSum += x * period;
    out[i] = periodSum / divider;
    periodSum -= periodSub;
    const t = src[trailing++];
    periodSub -= t;
    const a = periodSub < 0 ? -periodSub : periodSub;
    if (!(a * RESUM_DROP >= (t < 0 ? -t : t) && a < Infinity && Math.abs(periodSum) < Infinity)) {
      periodSub = windowSum(src, trailing, period - 1);
      periodSum = weightedSum(src, trailing, period - 1);
    }
  }
}

/** Streaming form of {@link wma} with the same arithmetic order. */
export class WmaState implements Checkpointable {
  readonly #buf: Float64Array;
  readonly #divider: number;
  #pos = 0;
  #count = 0;
  #periodSum = 0;
  #periodSub = 0;
  #sPos = 0;
  #sCount = 0;
  #sSum = 0;
  #sSub = 0;
  #sSlot = 0;

  constructor(readonly period: number) {
    this.#buf = new Float64Array(period);
    this.#divider = (period * (period + 1)) / 2;
  }

  next(x: number): number {
    const p = this.period;
    const pos = this.#pos;
    this.#buf[pos] = x;
    this.#pos = pos + 1 === p ? 0 : pos + 1;
    const n = ++this.#count;
    if (n < p) {
      this.#periodSub += x;
      this.#periodSum += x * n;
      return NaN;
    }
    this.#periodSub += x;
    this.#periodSum += x * p;
    const value = this.#periodSum / this.#divider;
    this.#periodSum -= this.#periodSub;
    const t = this.#buf[this.#pos];
    const a = Math.abs((this.#periodSub -= t));
    if (!(a * RESUM_DROP >= Math.abs(t) && a < Infinity && Math.abs(this.#periodSum) < Infinity)) {
      // The `p − 1` values still in the window follow the oldest one, at `#pos`.
      const start = this.#pos + 1 === p ? 0 : this.#pos + 1;
      this.#periodSub = windowSum(this.#buf, start, p - 1);
      this.#periodSum = weightedSum(this.#buf, start, p - 1);
    }
    return value;
  }

  save(): void {
    this.#sPos = this.#pos;
    this.#sCount = this.#count;
    this.#sSum = this.#periodSum;
    this.#sSub = this.#periodSub;
    this.#sSlot = this.#buf[this.#pos];
  }

  restore(): void {
    this.#buf[this.#sPos] = this.#sSlot;
    this.#pos = this.#sPos;
    this.#count = this.#sCount;
    this.#periodSum = this.#sSum;
    this.#periodSub = this.#sSub;
  }
}
