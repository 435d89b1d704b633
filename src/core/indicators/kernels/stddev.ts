import type { Checkpointable } from '../stepper.js';

/** Below this, TA-Lib treats a value as zero (`TA_EPSILON` of current TA-Lib, `TA_IS_ZERO`). */
export const TA_EPSILON = 1e-14;

/** TA-Lib's `TA_IS_ZERO`. */
export function isZero(v: number): boolean {
  return -TA_EPSILON < v && v < TA_EPSILON;
}

/**
 * Population standard deviation over `period` (TA-Lib `STDDEV` / `BBANDS`: running sums of x and
 * x², variance = E[x²] − E[x]², and 0 when the variance is ≤ `TA_EPSILON`), first at
 * `from + period - 1`.
 */
export function stddev(src: Float64Array, period: number, out: Float64Array, from = 0, to = src.length): void {
  const first = from + period - 1;
  if (first >= to) return;
  let total = 0;
  let total2 = 0;
  for (let i = from; i < first; i++) {
    const x = src[i];
    total += x;
    total2 += x * x;
  }
  let trailing = from;
  for (let i = first; i < to; i++) {
    const x = src[i];
    total += x;
    total2 += x * x;
    const mean = total / period;
    const variance = total2 / period - mean * mean;
    out[i] = variance < TA_EPSILON ? 0 : Math.sqrt(variance);
    const t = src[trailing++];
    total -= t;
    total2 -= t * t;
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
    const mean = this.#total / p;
    const variance = this.#total2 / p - mean * mean;
    this.mean = mean;
    const t = this.#buf[this.#pos];
    this.#total -= t;
    this.#total2 -= t * t;
    return variance < TA_EPSILON ? 0 : Math.sqrt(variance);
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
