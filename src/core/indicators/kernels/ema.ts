import type { Checkpointable } from '../stepper.js';
import { emaK } from './ema-k.js';

/**
 * Exponential moving average of `src[from..to)` into `out` (TA-Lib `EMA`): seeded with the SMA of
 * the first `period` values (first output at `from + period - 1`), then `(x - prev) * k + prev`.
 */
export function ema(
  src: Float64Array,
  period: number,
  out: Float64Array,
  from = 0,
  to = src.length,
  k = emaK(period),
): void {
  const first = from + period - 1;
  if (first >= to) return;
  let prev = 0;
  for (let i = from; i <= first; i++) prev += src[i];
  prev /= period;
  out[first] = prev;
  for (let i = first + 1; i < to; i++) {
    prev = (src[i] - prev) * k + prev;
    out[i] = prev;
  }
}

/** Streaming EMA with the same seeding and arithmetic as {@link ema}; NaN during warm-up. */
export class EmaState implements Checkpointable {
  #count = 0;
  #acc = 0;
  #sCount = 0;
  #sAcc = 0;

  constructor(
    readonly period: number,
    readonly k = emaK(period),
  ) {}

  /** Consumes `x`; returns the EMA or NaN during warm-up. */
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
    this.#acc = (x - this.#acc) * this.k + this.#acc;
    return this.#acc;
  }

  /** Current value (NaN during warm-up). */
  get value(): number {
    return this.#count >= this.period ? this.#acc : NaN;
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
