/*
 * Running window sums (sma.ts, rolling-sum.ts, wma.ts, stddev.ts, pine.ts) add the newest value and
 * subtract the oldest. A value far larger than the rest (1e300 from a bad feed) absorbs the others while
 * it is in the window, and subtracting it leaves rounding noise instead of their sum: every later value
 * would be off by a constant. Infinity or an overflowed sum leaves Infinity or NaN for good. So when the
 * sum left after a value went out is below 1/RESUM_DROP of that value, or is not finite, the kernels
 * sum the window again from its values. Price series never fall that far in one bar, so their values
 * keep TA-Lib's running-sum arithmetic bit for bit.
 */

/**
 * A sum left below 1/RESUM_DROP (2^16) of the value that just went out is summed afresh. Above that,
 * the rounding a window of `p` values left (about `p` half-ulps of the value) is at most ~p · 2^-37 of it.
 */
export const RESUM_DROP = 65536;

/**
 * Sum of the `n` values of the ring `buf` from `start` on (wrapping at its end), oldest first: the
 * order a running sum added them in. A plain array window is the ring case that never wraps.
 */
export function windowSum(buf: Float64Array, start: number, n: number): number {
  let s = 0;
  for (let k = 0, j = start; k < n; k++) {
    s += buf[j];
    if (++j === buf.length) j = 0;
  }
  return s;
}
