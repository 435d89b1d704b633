/*
 * Running window sums (sma.ts, rolling-sum.ts, wma.ts, stddev.ts, pine.ts) add the newest value and
 * subtract the oldest. A value far larger than the rest (1e300 from a bad feed) absorbs the others while
 * it is in the window, and subtracting it leaves rounding noise instead of their sum: every later value
 * would be off by a constant. Infinity or an overflowed sum leaves Infinity or NaN for good. The kernels
 * keep the largest magnitude the sum reached since it was last summed afresh; when the sum falls below
 * 1/RESUM_DROP of it, or is not finite, they sum the window again from its values. Normal price series
 * never fall that far, so their values keep TA-Lib's running-sum arithmetic bit for bit.
 */

/**
 * A sum that fell below 1/RESUM_DROP (2^16) of its peak is summed afresh. Above that, the rounding a
 * window of `p` values left (about `p` half-ulps of the peak) is at most ~p · 2^-37 of the sum.
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
