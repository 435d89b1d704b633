import type { Static, TObject } from '@sinclair/typebox';
import type { IndicatorColumns, IndicatorOutput, IndicatorUpdater, IndicatorValues } from './indicator-definition.js';
import type { IndicatorSpec } from './indicator-spec.js';
import type { Stepper } from './stepper.js';
import { isGapBar, nanArrays, toValues } from './study-arrays.js';
import { fillStudySteppers } from './definitions/fill-study-steppers.js';

// The eager studies' steppers come with this module (definitions/study-stepper-slots.ts).
fillStudySteppers();

/** A study's running state over `columns` (its spec's stepper), as define-indicator.ts `createUpdater` gives it. */
export function createSteppedUpdater<P extends TObject>(
  spec: IndicatorSpec<P>,
  columns: IndicatorColumns,
  params: Static<P>,
): IndicatorUpdater {
  return new SteppedUpdater(spec, columns, params);
}

/**
 * Generic updater over a {@link Stepper}: checkpoints the state before the last bar, so a changed
 * last bar is replayed from the checkpoint (O(1) or O(period)) and an appended bar is one step.
 * Output arrays keep spare capacity; `values` holds views of exactly `columns.length` entries.
 */
class SteppedUpdater<P extends TObject> implements IndicatorUpdater {
  readonly #outputs: readonly IndicatorOutput[];
  #bufs: Float64Array[] = [];
  #stepper!: Stepper;
  #n = 0;
  #current: IndicatorValues = {};

  readonly #spec: IndicatorSpec<P>;
  readonly #params: Static<P>;

  constructor(spec: IndicatorSpec<P>, columns: IndicatorColumns, params: Static<P>) {
    this.#spec = spec;
    this.#params = params;
    this.#outputs = spec.outputs(params);
    this.#rebuild(columns);
  }

  get values(): IndicatorValues {
    return this.#current;
  }

  update(columns: IndicatorColumns, appended: boolean): void {
    const expected = appended ? this.#n + 1 : this.#n;
    if (columns.length !== expected || expected === 0) {
      // The caller's series does not continue ours (reload, several bars appended): start over.
      this.#rebuild(columns);
      return;
    }
    if (appended) {
      this.#n = expected;
      if (expected > this.#bufs[0]?.length) this.#grow(expected);
      this.#stepper.save();
      this.#refreshViews();
    } else {
      this.#stepper.restore();
    }
    this.#stepLast(columns, expected - 1);
  }

  #stepLast(columns: IndicatorColumns, i: number): void {
    if (isGapBar(columns, this.#spec.inputs, i)) {
      for (let k = 0; k < this.#bufs.length; k++) this.#bufs[k][i] = NaN;
      return;
    }
    this.#stepper.step(columns, i, this.#bufs);
  }

  #rebuild(columns: IndicatorColumns): void {
    const n = columns.length;
    const cap = Math.max(64, n + (n >> 3));
    this.#bufs = nanArrays(this.#outputs.length, cap);
    this.#stepper = this.#spec.stepper(this.#params, columns);
    this.#n = n;
    for (let i = 0; i < n - 1; i++) this.#stepLast(columns, i);
    this.#stepper.save();
    if (n > 0) this.#stepLast(columns, n - 1);
    this.#refreshViews();
  }

  #grow(min: number): void {
    const cap = Math.max(min, this.#bufs[0].length * 2);
    this.#bufs = this.#bufs.map((old) => {
      const next = new Float64Array(cap).fill(NaN);
      next.set(old);
      return next;
    });
  }

  #refreshViews(): void {
    this.#current = toValues(
      this.#outputs,
      this.#bufs.map((b) => b.subarray(0, this.#n)),
    );
  }
}
