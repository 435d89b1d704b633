import type { Checkpointable } from '../stepper.js';

/** Remembers the last `depth + 1` values so `next(x)` can return the value `depth` steps back. */
export class LagState implements Checkpointable {
  readonly #buf: Float64Array;
  #pos = 0;
  #count = 0;
  #sPos = 0;
  #sCount = 0;
  #sSlot = 0;

  constructor(readonly depth: number) {
    this.#buf = new Float64Array(depth + 1);
  }

  /** Stores `x` and returns the value `depth` steps before it (NaN when there is none yet). */
  next(x: number): number {
    const cap = this.depth + 1;
    this.#buf[this.#pos] = x;
    this.#pos = this.#pos + 1 === cap ? 0 : this.#pos + 1;
    this.#count++;
    // After the write, `pos` points at the oldest of the last `cap` values.
    return this.#count > this.depth ? this.#buf[this.#pos] : NaN;
  }

  save(): void {
    this.#sPos = this.#pos;
    this.#sCount = this.#count;
    this.#sSlot = this.#buf[this.#pos];
  }

  restore(): void {
    this.#buf[this.#sPos] = this.#sSlot;
    this.#pos = this.#sPos;
    this.#count = this.#sCount;
  }
}
