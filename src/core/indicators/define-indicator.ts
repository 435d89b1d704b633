import type { Static, TObject } from '@sinclair/typebox';
import type {
  IndicatorCategory,
  IndicatorColumns,
  IndicatorDefinition,
  IndicatorOutput,
  IndicatorUpdater,
  IndicatorValues,
} from './indicator-definition.js';
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

/**
 * Builds an {@link IndicatorDefinition} from a spec.
 *
 * Gap rule (documented once, applies to every built-in): a bar with NaN in any column the study
 * reads is a gap. Its outputs are NaN and it does not advance the study's state, so every other
 * bar gets exactly the value it would have if the gap bars were absent from the series.
 */
export function defineIndicator<P extends TObject>(spec: IndicatorSpec<P>): IndicatorDefinition<P> {
  const def: IndicatorDefinition<P> = {
    id: spec.id,
    name: spec.name,
    category: spec.category,
    params: spec.params,
    paramOrder: spec.paramOrder,
    placement: spec.placement,
    outputs: (params) => spec.outputs(params),
    compute: (columns, params) => computeWithGaps(spec, columns, params),
    ...(spec.forward ? { forward: spec.forward } : {}),
    ...(spec.levels ? { levels: spec.levels } : {}),
  };
  if (spec.incremental !== false) {
    return { ...def, createUpdater: (columns, params) => new SteppedUpdater(spec, columns, params) };
  }
  return def;
}

function nanArrays(count: number, length: number): Float64Array[] {
  const out: Float64Array[] = [];
  for (let k = 0; k < count; k++) out.push(new Float64Array(length).fill(NaN));
  return out;
}

/** Output arrays for a clean computation: batch paths write every entry themselves. */
function allocate<P extends TObject>(spec: IndicatorSpec<P>, count: number, length: number): Float64Array[] {
  if (!spec.batch) return nanArrays(count, length);
  const out: Float64Array[] = [];
  for (let k = 0; k < count; k++) out.push(new Float64Array(length));
  return out;
}

/**
 * `out` with each pass-through output replaced by a view of its input column: the kernel then writes
 * each value onto itself, and no copy is kept.
 */
function shareInputs<P extends TObject>(
  spec: IndicatorSpec<P>,
  columns: IndicatorColumns,
  out: Float64Array[],
): Float64Array[] {
  const through = spec.passThrough;
  if (!through) return out;
  for (const [k, input] of Object.entries(through)) out[Number(k)] = columns[input].subarray(0, columns.length);
  return out;
}

function toValues(outputs: readonly IndicatorOutput[], arrays: readonly Float64Array[]): IndicatorValues {
  const values: IndicatorValues = {};
  for (let k = 0; k < outputs.length; k++) values[outputs[k].key] = arrays[k];
  return values;
}

/**
 * Whether any input column holds a NaN. `x * 0` is 0 for every finite x and NaN for NaN and ±∞,
 * so four independent sums find out in one branch-free pass (about twice as fast as testing each
 * value); only a column whose sum is not 0 is then scanned for an actual NaN (∞ is not a gap).
 */
function hasGap(columns: IndicatorColumns, inputs: readonly InputKey[]): boolean {
  const n = columns.length;
  for (let c = 0; c < inputs.length; c++) {
    const a = columns[inputs[c]];
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    let i = 0;
    for (; i + 3 < n; i += 4) {
      s0 += a[i] * 0;
      s1 += a[i + 1] * 0;
      s2 += a[i + 2] * 0;
      s3 += a[i + 3] * 0;
    }
    for (; i < n; i++) s0 += a[i] * 0;
    if (s0 + s1 + s2 + s3 === 0) continue;
    for (let j = 0; j < n; j++) {
      const x = a[j];
      if (x !== x) return true;
    }
  }
  return false;
}

function isGapBar(columns: IndicatorColumns, inputs: readonly InputKey[], i: number): boolean {
  for (let c = 0; c < inputs.length; c++) {
    const x = columns[inputs[c]][i];
    if (x !== x) return true;
  }
  return false;
}

function computeClean<P extends TObject>(
  spec: IndicatorSpec<P>,
  columns: IndicatorColumns,
  params: Static<P>,
  out: readonly Float64Array[],
): void {
  if (spec.batch) {
    spec.batch(columns, params, out);
    return;
  }
  const st = spec.stepper(params, columns);
  const n = columns.length;
  for (let i = 0; i < n; i++) st.step(columns, i, out);
}

function computeWithGaps<P extends TObject>(
  spec: IndicatorSpec<P>,
  columns: IndicatorColumns,
  params: Static<P>,
): IndicatorValues {
  const outputs = spec.outputs(params);
  const n = columns.length;
  if (n === 0) return toValues(outputs, nanArrays(outputs.length, 0));
  if (!hasGap(columns, spec.inputs)) {
    const clean = shareInputs(spec, columns, allocate(spec, outputs.length, n));
    computeClean(spec, columns, params, clean);
    return toValues(outputs, clean);
  }
  const out = shareInputs(spec, columns, nanArrays(outputs.length, n));
  // Gaps: compute on the bars that are not gaps, then scatter back.
  const keep = new Int32Array(n);
  let m = 0;
  for (let i = 0; i < n; i++) if (!isGapBar(columns, spec.inputs, i)) keep[m++] = i;
  const pick = (src: Float64Array): Float64Array => {
    const dst = new Float64Array(m);
    for (let j = 0; j < m; j++) dst[j] = src[keep[j]];
    return dst;
  };
  const sub: IndicatorColumns = {
    time: pick(columns.time),
    open: pick(columns.open),
    high: pick(columns.high),
    low: pick(columns.low),
    close: pick(columns.close),
    volume: pick(columns.volume),
    length: m,
    timezone: columns.timezone,
    sessionStart: columns.sessionStart,
  };
  const subOut = allocate(spec, outputs.length, m);
  if (m > 0) computeClean(spec, sub, params, subOut);
  for (let k = 0; k < out.length; k++) {
    const src = subOut[k];
    const dst = out[k];
    for (let j = 0; j < m; j++) dst[keep[j]] = src[j];
  }
  return toValues(outputs, out);
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
