import type { Checkpointable } from '../stepper.js';

/**
 * Rolling maximum (`max` true) or minimum of the last `period` values of `src[from..to)` into `out`
 * from `from + period - 1`. O(n) with a monotonic deque kept in a preallocated ring of indices.
 */
export function rollingExtreme(
  src: Float64Array,
  period: number,
  max: boolean,
  out: Float64Array,
  from = 0,
  to = src.length,
): void {
  const first = from + period - 1;
  if (first >= to) return;
  // Values and indices in parallel power-of-two rings: pops compare values without an indirection.
  let cap = 2;
  while (cap < period + 1) cap <<= 1;
  const mask = cap - 1;
  const qv = new Float64Array(cap);
  const qi = new Int32Array(cap);
  let head = 0;
  let tail = 0;
  for (let i = from; i < to; i++) {
    const x = src[i];
    if (max) while (tail > head && qv[(tail - 1) & mask] <= x) tail--;
    else while (tail > head && qv[(tail - 1) & mask] >= x) tail--;
    qv[tail & mask] = x;
    qi[tail & mask] = i;
    tail++;
    if (qi[head & mask] <= i - period) head++;
    if (i >= first) out[i] = qv[head & mask];
  }
}

/** Rolling maximum; see {@link rollingExtreme}. */
export function rollingMax(src: Float64Array, period: number, out: Float64Array, from = 0, to = src.length): void {
  rollingExtreme(src, period, true, out, from, to);
}

/** Rolling minimum; see {@link rollingExtreme}. */
export function rollingMin(src: Float64Array, period: number, out: Float64Array, from = 0, to = src.length): void {
  rollingExtreme(src, period, false, out, from, to);
}

/**
 * Streaming rolling maximum/minimum over the last `period` values (monotonic deque, amortised O(1)).
 * Ties resolve to the most recent value (TA-Lib `AROON` convention), exposed by {@link ago}.
 * Checkpoints copy the deque: O(period), only on appends and in-place replays.
 */
export class RollingExtremeState implements Checkpointable {
  readonly #vals: Float64Array;
  readonly #seqs: Float64Array;
  readonly #sVals: Float64Array;
  readonly #sSeqs: Float64Array;
  #head = 0;
  #len = 0;
  #seq = 0;
  #sHead = 0;
  #sLen = 0;
  #sSeq = 0;

  constructor(
    readonly period: number,
    readonly max: boolean,
  ) {
    this.#vals = new Float64Array(period + 1);
    this.#seqs = new Float64Array(period + 1);
    this.#sVals = new Float64Array(period + 1);
    this.#sSeqs = new Float64Array(period + 1);
  }

  /** Consumes `x`; returns the extreme of the window, NaN until `period` values were seen. */
  next(x: number): number {
    const cap = this.period + 1;
    const vals = this.#vals;
    const seq = this.#seq++;
    while (this.#len > 0) {
      let b = this.#head + this.#len - 1;
      if (b >= cap) b -= cap;
      const v = vals[b];
      if (this.max ? v <= x : v >= x) this.#len--;
      else break;
    }
    let t = this.#head + this.#len;
    if (t >= cap) t -= cap;
    vals[t] = x;
    this.#seqs[t] = seq;
    this.#len++;
    if (this.#seqs[this.#head] <= seq - this.period) {
      this.#head = this.#head + 1 === cap ? 0 : this.#head + 1;
      this.#len--;
    }
    return this.#seq >= this.period ? vals[this.#head] : NaN;
  }

  /** How many steps ago the current extreme was seen (0 = the newest value). */
  ago(): number {
    return this.#seq - 1 - this.#seqs[this.#head];
  }

  save(): void {
    this.#sVals.set(this.#vals);
    this.#sSeqs.set(this.#seqs);
    this.#sHead = this.#head;
    this.#sLen = this.#len;
    this.#sSeq = this.#seq;
  }

  restore(): void {
    this.#vals.set(this.#sVals);
    this.#seqs.set(this.#sSeqs);
    this.#head = this.#sHead;
    this.#len = this.#sLen;
    this.#seq = this.#sSeq;
  }
}
