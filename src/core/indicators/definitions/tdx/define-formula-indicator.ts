import type { Static, TObject } from '@sinclair/typebox';
import { defineIndicator, type IndicatorSpec } from '../../define-indicator.js';
import type { IndicatorColumns, IndicatorDefinition } from '../../indicator-definition.js';

/** A study written as a whole-column formula (TDX / Pine style): outputs in `outputs` order. */
export type FormulaSpec<P extends TObject> = Omit<IndicatorSpec<P>, 'stepper' | 'batch' | 'incremental'> & {
  formula(columns: IndicatorColumns, params: Static<P>): readonly Float64Array[];
};

/**
 * Builds a definition from a column formula. The gap rule of {@link defineIndicator} holds (gap
 * bars are taken out before the formula runs and get NaN); there is no O(1) updater, so a live tick
 * recomputes the study (these formulas are a handful of linear passes).
 */
export function defineFormulaIndicator<P extends TObject>(spec: FormulaSpec<P>): IndicatorDefinition<P> {
  const { formula, ...rest } = spec;
  return defineIndicator<P>({
    ...rest,
    incremental: false,
    batch: (columns, params, out) => {
      const result = formula(columns, params);
      for (let k = 0; k < out.length; k++) out[k].set(result[k]);
    },
    stepper: () => {
      throw new Error(`${spec.id}: formula studies compute in batch only`);
    },
  });
}
