/**
 * Shared by the convention tests: hard generated series (gaps, zero volume, a flat stretch) and a
 * runner that evaluates a bar-by-bar reference on the bars that are not gaps.
 */
import assert from 'node:assert/strict';
import type { IndicatorDefinition } from '../../../src/core/indicators/index.js';
import { diffSeries, randomColumns, type TestColumns } from './fixtures.js';
import { from, type S } from './tdx-reference.js';

/** 800 hourly bars with a flat stretch, zero-volume bars and gaps (NaN bars). */
export function hardColumns(seed: number): TestColumns {
  const c = randomColumns(800, seed);
  for (let i = 100; i < 130; i++) {
    const p = c.close[99];
    c.open[i] = c.high[i] = c.low[i] = c.close[i] = p;
  }
  for (let i = 200; i < 206; i++) c.volume[i] = 0;
  for (let i = 0; i < 800; i += 37) c.volume[i] = 0;
  for (const i of [300, 301, 450, 451, 452, 799]) {
    c.open[i] = c.high[i] = c.low[i] = c.close[i] = c.volume[i] = NaN;
  }
  c.volume[600] = NaN; // a gap only for studies that read volume
  return c;
}

export type Inputs = readonly ('open' | 'high' | 'low' | 'close' | 'volume')[];
export type Bars = { o: S; h: S; l: S; c: S; v: S };

/** Runs a bar-by-bar reference on the bars that are not gaps and puts the results back in place. */
export function referenceWithGaps(c: TestColumns, inputs: Inputs, f: (b: Bars) => S[]): Float64Array[] {
  const keep: number[] = [];
  for (let i = 0; i < c.length; i++) if (inputs.every((k) => !Number.isNaN(c[k][i]))) keep.push(i);
  const pick = (a: Float64Array): S => from(keep.map((i) => a[i]));
  const outs = f({ o: pick(c.open), h: pick(c.high), l: pick(c.low), c: pick(c.close), v: pick(c.volume) });
  return outs.map((s) => {
    const full = new Float64Array(c.length).fill(NaN);
    keep.forEach((i, j) => (full[i] = s[j] ?? NaN));
    return full;
  });
}

/** Asserts every output of `def` on `c` equals `expected` (definition order) to 1e-9 relative. */
export function check(
  def: IndicatorDefinition,
  c: TestColumns,
  params: Record<string, unknown>,
  expected: Float64Array[],
  what: string,
): void {
  const values = def.compute(c, params);
  const outputs = def.outputs(params);
  assert.equal(outputs.length, expected.length, `${what}: output count`);
  outputs.forEach((o, k) => {
    const d = diffSeries(values[o.key], expected[k], 1e-9, 1e-9);
    assert.equal(d, null, `${what} ${o.key}: ${d}`);
  });
}
