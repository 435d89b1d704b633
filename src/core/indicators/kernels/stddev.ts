import type { Checkpointable } from '../stepper.js';
import { RESUM_DROP, windowSum } from './window-sum.js';

/** Below this, TA-Lib treats a value as zero (`TA_EPSILON` of current TA-Lib, `TA_IS_ZERO`). */
export const TA_EPSILON = 1e-14;

/** TA-Lib's `TA_IS_ZERO`. */
export function isZero(v: number): boolean {
  return -TA_EPSILON < v && v < TA_EPSILON;
}

/**
 * E[x²] − E[x]² keeps about 52 − log2(Σx² / Σ(x − mean)²) bits. When fewer than 26 would be left
 * (prices near 1e9 moving by cents, a flat window) or the sums are not finite, that bar's deviation is
 * computed afresh from the window's values ({@link windowStdDev}); every other bar keeps TA-Lib's
 * arithmetic. The sums themselves are summed afresh when they collapse or are not finite (an extreme
 * value left the window: window-sum.ts).
 */
const CANCELLATION = 2 ** 26;

/** Σx² of `n` ring values from `start`, oldest first (as {@link windowSum}). */
function windowSquares(buf: Float64Array, start: number, n: number): number {
  let s = 0;
  for (let k = 0, j = start; k < n; k++) {
    s += buf[j] * buf[j];
    if (++j === buf.length) j = 0;
  }
  return s;
}

/**
 * Population standard deviation of `n` ring values from `start` in two passes (mean, then squared
 * deviations), both around the first value so a flat window gives exactly 0, and the deviations
 * divided by the largest one so values up to ~1e308 do not overflow: finite for finite values.
 * TA-Lib's zero rule applies (0 when the variance is below `TA_EPSILON`).
 */
export function windowStdDev(buf: Float64Array, start: number, n: number): number {
  const len = buf.length;
  const c = buf[start];
  let m = 0;
  let s = 0;
  let q = 0;
  let j = start;
  for (let k = 0; k < n; k++, j = j + 1 === len ? 0 : j + 1) m += (buf[j] - c) / n;
  j = start;
  for (let k = 0; k < n; k++, j = j + 1 === len ? 0 : j + 1) {
    const d = Math.abs(buf[j] - c - m);
    if (!(d <= s)) s = d;
  }
  if (!(s > 0 && s < Infinity)) return s;
  j = start;
  for (let k = 0; k < n; k++, j = j + 1 === len ? 0 : j + 1) {
    const d = (buf[j] - c - m) / s;
    q += d * d;
  }
  const sd = s * Math.sqrt(q / n);
  return sd * sd < TA_EPSILON ? 0 : sd;
}

/**
 * Population standard deviation over `period` (TA-Lib `STDDEV` / `BBANDS`: running sums of x and
 * x², variance = E[x²] − E[x]², and 0 when the variance is ≤ `TA_EPSILON`), first at
 * `from + period - 1`; `means` (optional) gets the window means. Bars go in blocks through TA-Lib's
 * loop, which only notes how close the difference came to cancelling and how far Σx² fell when a value
 * went out. A block where it cancelled (see `CANCELLATION`) or Σx² fell below 1/RESUM_DROP of the square
 * that went out (an extreme value left the window) is done again from the block's first sums, bar by bar
 * as {@link StdDevState} does it, so a live-updated study equals a recomputed one bit for bit.
 */
export function stddev(
  src: Float64Array,
  period: number,
  out: Float64Array,
  from = 0,
  to = src.length,
  means?: Float64Array,
): void {
  const first = from + period - 1;
  if (first >= to) return;
  let total = 0;
  let total2 = 0;
  for (let i = from; i < first; i++) {
    const x = src[i];
    total += x;
    total2 += x * x;
  }
  for (let b = first, e = b; b < to; b = e) {
    e = Math.min(to, b + 1024 + 4 * period);
    const start = total;
    const start2 = total2;
    // Below 0 (or NaN) when some bar of the block lost too many digits, or its Σx² left after the bar fell
    // below 1/RESUM_DROP of the square that went out (StdDevState sums afresh there).
    let margin = Infinity;
    for (let i = b; i < e; i++) {
      const x = src[i];
      total += x;
      total2 += x * x;
      const mean = total / period;
      const variance = total2 / period - mean * mean;
      margin = Math.min(margin, variance * period * CANCELLATION - total2);
      out[i] = variance < TA_EPSILON ? 0 : Math.sqrt(variance);
      if (means) means[i] = mean;
      const t = src[i - period + 1];
      total -= t;
      total2 -= t * t;
      margin = Math.min(margin, total2 * RESUM_DROP - t * t);
    }
    if (margin >= 0 && total2 < Infinity) continue;
    // Again from the block's first sums, bar by bar as StdDevState: a live-updated study equals a recomputed one.
    total = start;
    total2 = start2;
    for (let i = b; i < e; i++) {
      const x = src[i];
      total += x;
      total2 += x * x;
      const mean = total / period;
      const variance = total2 / period - mean * mean;
      out[i] =
        variance * period * CANCELLATION >= total2
          ? variance < TA_EPSILON
            ? 0
            : Math.sqrt(variance)
          : windowStdDev(src, i - period + 1, period);
      if (means) means[i] = mean;
      const t = src[i - period + 1];
      total -= t;
      total2 -= t * t;
      if (!(total2 * RESUM_DROP >= t * t && total2 < Infinity)) {
        total = windowSum(src, i - period + 2, period - 1);
        total2 = windowSquares(src, i - period + 2, period - 1);
      }
    }
  }
}

/** Streaming {@link stddev}: `next` returns the deviation; `mean` is the window mean. */
export class StdDevState implements Checkpointable {
  readonly #buf: Float64Array;
  #pos = 0;
  #count = 0;
  #total = 0;
  #total2 = 0;
  #sPos = 0;
  #sCount = 0;
  #sTotal = 0;
  #sTotal2 = 0;
  #sSlot = 0;
  /** Mean of the window at the last `next` (NaN during warm-up). */
  mean = NaN;

  constructor(readonly period: number) {
    this.#buf = new Float64Array(period);
  }

  next(x: number): number {
    const p = this.period;
    const pos = this.#pos;
    this.#total += x;
    this.#total2 += x * x;
    this.#buf[pos] = x;
    this.#pos = pos + 1 === p ? 0 : pos + 1;
    this.#count++;
    if (this.#count < p) {
      this.mean = NaN;
      return NaN;
    }
    // The window is the `p` values from `#pos` (the oldest, overwritten next) on.
    const mean = this.#total / p;
    const variance = this.#total2 / p - mean * mean;
    this.mean = mean;
    const sd =
      variance * p * CANCELLATION >= this.#total2
        ? variance < TA_EPSILON
          ? 0
          : Math.sqrt(variance)
        : windowStdDev(this.#buf, this.#pos, p);
    const t = this.#buf[this.#pos];
    this.#total -= t;
    const total2 = (this.#total2 -= t * t);
    if (!(total2 * RESUM_DROP >= t * t && total2 < Infinity)) this.#resum();
    return sd;
  }

  /** Sums the `p − 1` values after the one that just went out afresh. */
  #resum(): void {
    const p = this.period;
    const start = this.#pos + 1 === p ? 0 : this.#pos + 1;
    this.#total = windowSum(this.#buf, start, p - 1);
    this.#total2 = windowSquares(this.#buf, start, p - 1);
  }

  save(): void {
    this.#sPos = this.#pos;
    this.#sCount = this.#count;
    this.#sTotal = this.#total;
    this.#sTotal2 = this.#total2;
    this.#sSlot = this.#buf[this.#pos];
  }

  restore(): void {
    this.#buf[this.#sPos] = this.#sSlot;
    this.#pos = this.#sPos;
    this.#count = this.#sCount;
    this.#total = this.#sTotal;
    this.#total2 = this.#sTotal2;
  }
}
