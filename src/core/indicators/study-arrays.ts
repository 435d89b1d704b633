import type { IndicatorColumns, IndicatorOutput, IndicatorValues } from './indicator-definition.js';
import type { InputKey } from './indicator-spec.js';

/** `count` arrays of `length` NaNs. */
export function nanArrays(count: number, length: number): Float64Array[] {
  const out: Float64Array[] = [];
  for (let k = 0; k < count; k++) out.push(new Float64Array(length).fill(NaN));
  return out;
}

/** Output arrays by key, in `outputs` order. */
export function toValues(outputs: readonly IndicatorOutput[], arrays: readonly Float64Array[]): IndicatorValues {
  const values: IndicatorValues = {};
  for (let k = 0; k < outputs.length; k++) values[outputs[k].key] = arrays[k];
  return values;
}

/** Whether bar `i` holds a NaN in a column the study reads (a gap). */
export function isGapBar(columns: IndicatorColumns, inputs: readonly InputKey[], i: number): boolean {
  for (let c = 0; c < inputs.length; c++) {
    const x = columns[inputs[c]][i];
    if (x !== x) return true;
  }
  return false;
}
