import type { Static, TObject } from '@sinclair/typebox';
import type { IndicatorCategory, IndicatorColumns, IndicatorOutput, IndicatorValues } from './indicator-definition.js';
import type { Stepper } from './stepper.js';

/** Price/volume columns a study reads; a bar with NaN in any of them is a gap. */
export type InputKey = 'open' | 'high' | 'low' | 'close' | 'volume';

/** What a built-in definition file declares; {@link defineIndicator} turns it into a definition. */
export interface IndicatorSpec<P extends TObject> {
  readonly id: string;
  readonly name: string;
  readonly category: IndicatorCategory;
  readonly params: P;
  readonly paramOrder: readonly (keyof Static<P> & string)[];
  readonly placement: 'overlay' | 'pane';
  /** Reference levels (see {@link IndicatorDefinition.levels}). */
  readonly levels?: readonly number[];
  /** Columns read (gap detection). `time` is always assumed finite. */
  readonly inputs: readonly InputKey[];
  outputs(params: Static<P>): readonly IndicatorOutput[];
  /** Streaming form; also the compute path when there is no `batch`. */
  stepper(params: Static<P>, columns: IndicatorColumns): Stepper;
  /**
   * Optional faster full computation over gap-free columns. `out` arrays (in `outputs` order) are
   * freshly allocated (zeros): write every entry, NaN during warm-up (saves a fill pass over
   * millions of bars). Must equal the stepper within 1e-9 relative (tests check it).
   */
  batch?(columns: IndicatorColumns, params: Static<P>, out: readonly Float64Array[]): void;
  /** False when the study must not offer `createUpdater` (default true). */
  readonly incremental?: boolean;
  /** Points beyond the last bar (see {@link IndicatorDefinition.forward}). */
  forward?(columns: IndicatorColumns, params: Static<P>): IndicatorValues;
  /**
   * Outputs (by index in `outputs`) equal to an input column itself, NaN gaps included (VOL's volume):
   * a load hands out a view of that column instead of a copy (8 MB less per output at 1M bars).
   */
  readonly passThrough?: Readonly<Record<number, InputKey>>;
}
