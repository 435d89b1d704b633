import type { Checkpointable } from './stepper.js';

/**
 * A set of named scalars that can be checkpointed; steppers keep their own running numbers here
 * so `save`/`restore` stay one typed-array copy instead of hand-written field lists.
 */
export class ScalarState implements Checkpointable {
  /** Current values. */
  readonly v: Float64Array;
  readonly #saved: Float64Array;

  constructor(initial: readonly number[]) {
    this.v = Float64Array.from(initial);
    this.#saved = Float64Array.from(initial);
  }

  save(): void {
    this.#saved.set(this.v);
  }

  restore(): void {
    this.v.set(this.#saved);
  }
}
