import type { IndicatorColumns } from './indicator-definition.js';

/**
 * Something whose running state can be checkpointed once and rolled back to that checkpoint.
 * Updaters checkpoint before the last bar so a changed last bar is replayed from there.
 */
export interface Checkpointable {
  /** Remembers the current state (overwrites the previous checkpoint). */
  save(): void;
  /** Returns to the state remembered by the last `save()`. */
  restore(): void;
}

/**
 * Streaming form of a study: consumes one bar at a time and writes its outputs for that bar.
 * A stepper reads only index `i` of the columns (never `i - 1`: the previous bar is the previous
 * *stepped* bar, which differs from `i - 1` when gap bars were skipped), keeping what it needs of
 * the past in its own state.
 */
export interface Stepper extends Checkpointable {
  /** Consumes bar `i` and writes every output at index `i` (or earlier, for back-shifted outputs). */
  step(columns: IndicatorColumns, i: number, out: readonly Float64Array[]): void;
}

/** Saves every part. */
export function saveAll(parts: readonly Checkpointable[]): void {
  for (let k = 0; k < parts.length; k++) parts[k].save();
}

/** Restores every part. */
export function restoreAll(parts: readonly Checkpointable[]): void {
  for (let k = 0; k < parts.length; k++) parts[k].restore();
}

/**
 * Assembles a stepper from its checkpointable parts and a step function (the common case:
 * a handful of kernel states and a `ScalarState` for the study's own running numbers).
 */
export function makeStepper(
  parts: readonly Checkpointable[],
  step: (columns: IndicatorColumns, i: number, out: readonly Float64Array[]) => void,
): Stepper {
  return {
    step,
    save: () => saveAll(parts),
    restore: () => restoreAll(parts),
  };
}
