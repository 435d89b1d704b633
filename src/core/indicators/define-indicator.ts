import type { Static, TObject } from '@sinclair/typebox';
import type { IndicatorColumns, IndicatorDefinition, IndicatorValues } from './indicator-definition.js';
import type { IndicatorSpec, InputKey } from './indicator-spec.js';
import { isGapBar, nanArrays, toValues } from './study-arrays.js';
import { steppedUpdater } from './default-stepped-updater.js';

export type { IndicatorSpec, InputKey } from './indicator-spec.js';

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
    // The running state a live tick advances (stepped-updater.ts) is a chunk in the bundle: until it is
    // in, a tick recomputes in full (lazy-stepped-updater.ts).
    return { ...def, createUpdater: (columns, params) => steppedUpdater(spec, columns, params, def.compute) };
  }
  return def;
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
