import assert from 'node:assert/strict';
import type { IndicatorColumns, IndicatorDefinition, IndicatorValues } from '../../../src/core/indicators/index.js';

/** Mutable columns for tests. */
export interface TestColumns extends IndicatorColumns {
  readonly time: Float64Array;
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
  readonly volume: Float64Array;
  length: number;
  timezone?: string;
}

/** A deterministic random walk with OHLCV, hourly bars from 2024-01-02 UTC. */
export function randomColumns(n: number, seed = 7, timezone?: string): TestColumns {
  let s = seed;
  const rnd = (): number => (s = (s * 16807) % 2147483647) / 2147483647;
  const c = emptyColumns(n, timezone);
  let p = 100;
  for (let i = 0; i < n; i++) {
    const o = p * (1 + (rnd() - 0.5) * 0.004);
    p = o * (1 + (rnd() - 0.5) * 0.04);
    c.time[i] = Date.UTC(2024, 0, 2) + i * 3_600_000;
    c.open[i] = o;
    c.close[i] = p;
    c.high[i] = Math.max(o, p) * (1 + rnd() * 0.01);
    c.low[i] = Math.min(o, p) * (1 - rnd() * 0.01);
    c.volume[i] = Math.round(1000 + rnd() * 9000);
  }
  return c;
}

export function emptyColumns(n: number, timezone?: string): TestColumns {
  return {
    time: new Float64Array(n),
    open: new Float64Array(n),
    high: new Float64Array(n),
    low: new Float64Array(n),
    close: new Float64Array(n),
    volume: new Float64Array(n),
    length: n,
    timezone,
  };
}

/** Columns from close prices only (open = previous close, high/low = max/min of the two). */
export function closesToColumns(closes: readonly number[], volume = 1000): TestColumns {
  const c = emptyColumns(closes.length);
  for (let i = 0; i < closes.length; i++) {
    const o = i > 0 ? closes[i - 1] : closes[i];
    c.time[i] = Date.UTC(2024, 0, 1) + i * 86_400_000;
    c.open[i] = o;
    c.close[i] = closes[i];
    c.high[i] = Math.max(o, closes[i]);
    c.low[i] = Math.min(o, closes[i]);
    c.volume[i] = volume;
  }
  return c;
}

/** Columns from explicit rows `[open, high, low, close, volume]`. */
export function rowsToColumns(rows: readonly (readonly number[])[]): TestColumns {
  const c = emptyColumns(rows.length);
  rows.forEach((r, i) => {
    c.time[i] = Date.UTC(2024, 0, 1) + i * 86_400_000;
    c.open[i] = r[0];
    c.high[i] = r[1];
    c.low[i] = r[2];
    c.close[i] = r[3];
    c.volume[i] = r[4] ?? 0;
  });
  return c;
}

/** A view of the first `n` bars (no copy). */
export function head(c: TestColumns, n: number): TestColumns {
  return {
    time: c.time.subarray(0, n),
    open: c.open.subarray(0, n),
    high: c.high.subarray(0, n),
    low: c.low.subarray(0, n),
    close: c.close.subarray(0, n),
    volume: c.volume.subarray(0, n),
    length: n,
    timezone: c.timezone,
  };
}

/** The defaults of a definition's params. */
export function defaults(def: IndicatorDefinition): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, s] of Object.entries(def.params.properties)) out[k] = structuredClone(s.default as unknown);
  return out;
}

/** Index of the first non-NaN entry, or -1. */
export function firstValid(a: Float64Array): number {
  for (let i = 0; i < a.length; i++) if (!Number.isNaN(a[i])) return i;
  return -1;
}

/** Describes the first place two series differ by more than `rel` (relative), or returns null. */
export function diffSeries(a: ArrayLike<number>, b: ArrayLike<number>, rel = 1e-9, abs = 1e-12): string | null {
  if (a.length !== b.length) return `length ${a.length} vs ${b.length}`;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (Number.isNaN(x) || Number.isNaN(y)) {
      if (Number.isNaN(x) !== Number.isNaN(y)) return `index ${i}: ${x} vs ${y}`;
      continue;
    }
    if (Math.abs(x - y) > Math.max(abs, rel * Math.max(Math.abs(x), Math.abs(y)))) return `index ${i}: ${x} vs ${y}`;
  }
  return null;
}

/** Compares every output; returns the first difference found, labelled, or null. */
export function diffValues(a: IndicatorValues, b: IndicatorValues, rel = 1e-9): string | null {
  for (const key of Object.keys(a)) {
    if (!b[key]) return `missing output ${key}`;
    const d = diffSeries(a[key], b[key], rel);
    if (d) return `${key}: ${d}`;
  }
  return null;
}

/** Rounds for literal comparisons. */
export function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

/**
 * A random walk's `column` (seed `seed`) with the values of `bad` planted at their indexes: a bad feed's
 * 1e300, an Infinity in a derived series, two 1e308 that overflow a sum.
 */
export function plantedColumn(
  n: number,
  seed: number,
  column: 'close' | 'volume',
  bad: Readonly<Record<number, number>>,
): Float64Array {
  const c = Float64Array.from(randomColumns(n, seed)[column]);
  for (const [i, v] of Object.entries(bad)) c[Number(i)] = v;
  return c;
}

/** Asserts that `got` from bar `from` on is finite and equals `want` within 1e-12 relative (`what` names it). */
export function assertRecovered(got: Float64Array, want: Float64Array, from: number, what: string): void {
  assert.ok(got.subarray(from).every(Number.isFinite), `${what} not finite`);
  const d = diffSeries(got.subarray(from), want.subarray(from), 1e-12, 0);
  assert.equal(d, null, `${what}: ${d}`);
}
