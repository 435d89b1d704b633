import type { IndicatorColumns } from './indicator-definition.js';
import type { Stepper } from './stepper.js';

/** Makes a study's stepper for its params. */
export type MakeStepper<P> = (params: P, columns: IndicatorColumns) => Stepper;

/** A spec's `stepper` whose code another module supplies ({@link stepperSlot}). */
export interface StepperSlot<P> {
  /** The spec's `stepper`: the supplied one (called before `fill`, it throws). */
  readonly stepper: MakeStepper<P>;
  /** Supplies the stepper. */
  fill(make: MakeStepper<P>): void;
}

/**
 * A stepper for a study whose full computation is a `batch` kernel: only a live tick's running state
 * (stepped-updater.ts) steps it, so an eager study's stepper can come with that chunk
 * (definitions/fill-study-steppers.ts) instead of the first paint (issue #12).
 */
export function stepperSlot<P>(): StepperSlot<P> {
  // Filled by stepped-updater.ts when it loads, before any updater steps.
  let make: MakeStepper<P> = () => {
    throw new Error('stepper not loaded');
  };
  return {
    stepper: (params, columns) => make(params, columns),
    fill: (m) => {
      make = m;
    },
  };
}
