/**
 * 通达信 (TDX) formula functions over whole columns, NaN where TDX shows no value. They follow the
 * TDX function reference: a value that depends on a missing one is missing, windows need `n`
 * present values (MA, SUM, STD, AVEDEV, COUNT), except HHV/LLV, which use the bars available so far
 * (that is why TDX's KDJ and WR show values from the first bar); recursive averages (EMA, SMA) start
 * at the first present value.
 */

import { pineSma } from './pine.js';

/** `REF(X, n)`: the value `n` bars back. */
export function tdxRef(x: Float64Array, n: number): Float64Array {
  const out = new Float64Array(x.length).fill(NaN);
  for (let i = n; i < x.length; i++) out[i] = x[i - n];
  return out;
}

/**
 * `MA(X, n)`: mean of the last `n` values, missing until `n` present values in a row (the rule of
 * Pine's `ta.sma`, whose code it shares).
 */
export const tdxMa: (x: Float64Array, n: number) => Float64Array = pineSma;

/** `SUM(X, n)` (n ≥ 1): sum of the last `n` values; `n = 0` sums everything so far. */
export function tdxSum(x: Float64Array, n: number): Float64Array {
  if (n === 0) {
    const out = new Float64Array(x.length).fill(NaN);
    let total = 0;
    let started = false;
    for (let i = 0; i < x.length; i++) {
      const v = x[i];
      if (v !== v) continue;
      total += v;
      started = true;
      out[i] = total;
    }
    if (!started) out.fill(NaN);
    return out;
  }
  const ma = tdxMa(x, n);
  for (let i = 0; i < ma.length; i++) ma[i] *= n;
  return ma;
}

/** `EMA(X, n)`: Y = (2·X + (n − 1)·Y′) / (n + 1), Y = X at the first present value. */
export function tdxEma(x: Float64Array, n: number): Float64Array {
  return tdxSma(x, n + 1, 2);
}

/** `SMA(X, n, m)`: Y = (m·X + (n − m)·Y′) / n, Y = X at the first present value. */
export function tdxSma(x: Float64Array, n: number, m: number, seed = NaN): Float64Array {
  const out = new Float64Array(x.length).fill(NaN);
  let prev = seed;
  for (let i = 0; i < x.length; i++) {
    const v = x[i];
    if (v !== v) continue;
    prev = prev !== prev ? v : (m * v + (n - m) * prev) / n;
    out[i] = prev;
  }
  return out;
}

/**
 * `HHV(X, n)` (`max`) or `LLV(X, n)`: extreme of the last `n` bars, of the bars so far early on;
 * missing values are skipped. A monotonic deque of indices: O(1) amortised per bar.
 */
export function tdxExtreme(x: Float64Array, n: number, max: boolean): Float64Array {
  const len = x.length;
  const out = new Float64Array(len).fill(NaN);
  const dq = new Int32Array(len);
  let head = 0;
  let tail = 0;
  for (let i = 0; i < len; i++) {
    const v = x[i];
    if (v === v) {
      while (tail > head && (max ? x[dq[tail - 1]] <= v : x[dq[tail - 1]] >= v)) tail--;
      dq[tail++] = i;
    }
    while (tail > head && dq[head] <= i - n) head++;
    if (tail > head) out[i] = x[dq[head]];
  }
  return out;
}

/** `STD(X, n)`: sample standard deviation (divisor n − 1) of the last `n` values. */
export function tdxStd(x: Float64Array, n: number): Float64Array {
  const mean = tdxMa(x, n);
  const out = new Float64Array(x.length).fill(NaN);
  if (n < 2) return out;
  for (let i = n - 1; i < x.length; i++) {
    const m = mean[i];
    if (m !== m) continue;
    let ss = 0;
    for (let j = i - n + 1; j <= i; j++) ss += (x[j] - m) * (x[j] - m);
    out[i] = Math.sqrt(ss / (n - 1));
  }
  return out;
}

/** `AVEDEV(X, n)`: mean absolute deviation of the last `n` values from their mean. */
export function tdxAvedev(x: Float64Array, n: number): Float64Array {
  const mean = tdxMa(x, n);
  const out = new Float64Array(x.length).fill(NaN);
  for (let i = n - 1; i < x.length; i++) {
    const m = mean[i];
    if (m !== m) continue;
    let s = 0;
    for (let j = i - n + 1; j <= i; j++) s += Math.abs(x[j] - m);
    out[i] = s / n;
  }
  return out;
}

/** Element-wise map over columns of equal length; NaN in → NaN out unless `f` says otherwise. */
export function tdxMap(length: number, f: (i: number) => number): Float64Array {
  const out = new Float64Array(length);
  for (let i = 0; i < length; i++) out[i] = f(i);
  return out;
}

/** TDX division: `a / b`, 0 when `b` is 0 (TDX shows 0 rather than no value). */
export function tdxDiv(a: number, b: number): number {
  if (a !== a || b !== b) return NaN;
  return b === 0 ? 0 : a / b;
}
