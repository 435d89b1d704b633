import { RESUM_DROP, windowSum } from './window-sum.js';

/**
 * Pine Script built-ins over whole columns (TradingView's definitions from the Pine v5 reference
 * manual), NaN where Pine gives `na`. Inputs are gap-free after the gap rule; derived series may
 * start with NaN.
 */

/**
 * `ta.sma(x, n)`: mean of the last `n` values, `na` when any of them is. A total left far below the
 * value that went out, or not finite, is summed afresh (window-sum.ts).
 */
export function pineSma(x: Float64Array, n: number): Float64Array {
  const out = new Float64Array(x.length).fill(NaN);
  let total = 0;
  let run = 0;
  for (let i = 0; i < x.length; i++) {
    const v = x[i];
    if (v !== v) {
      total = 0;
      run = 0;
      continue;
    }
    total += v;
    if (++run > n) {
      const t = x[i - n];
      total -= t;
      const a = total < 0 ? -total : total;
      if (!(a * RESUM_DROP >= (t < 0 ? -t : t) && a < Infinity)) total = windowSum(x, i - n + 1, n);
    }
    if (run >= n) out[i] = total / n;
  }
  return out;
}

/**
 * `sum := na(sum[1]) ? ta.sma(src, length) : alpha * src + (1 - alpha) * nz(sum[1])`: the recursion
 * of `ta.ema` (alpha = 2/(n+1)) and `ta.rma` (alpha = 1/n), seeded with the first SMA.
 */
export function pineRecursive(x: Float64Array, n: number, alpha: number): Float64Array {
  const seed = pineSma(x, n);
  const out = new Float64Array(x.length).fill(NaN);
  let prev = NaN;
  for (let i = 0; i < x.length; i++) {
    prev = prev !== prev ? seed[i] : alpha * x[i] + (1 - alpha) * prev;
    out[i] = prev;
  }
  return out;
}

/** `ta.ema(x, n)`. */
export function pineEma(x: Float64Array, n: number): Float64Array {
  return pineRecursive(x, n, 2 / (n + 1));
}

/** `ta.rma(x, n)` (Wilder's average). */
export function pineRma(x: Float64Array, n: number): Float64Array {
  return pineRecursive(x, n, 1 / n);
}

/** `ta.tr(true)`: high − low on the first bar, then the true range. */
export function pineTr(high: Float64Array, low: Float64Array, close: Float64Array): Float64Array {
  const out = new Float64Array(high.length);
  for (let i = 0; i < high.length; i++) {
    const hl = high[i] - low[i];
    out[i] = i === 0 ? hl : Math.max(hl, Math.abs(high[i] - close[i - 1]), Math.abs(low[i] - close[i - 1]));
  }
  return out;
}

/** `ta.atr(n)` = `ta.rma(ta.tr(true), n)`: first value at bar n − 1. */
export function pineAtr(high: Float64Array, low: Float64Array, close: Float64Array, n: number): Float64Array {
  return pineRma(pineTr(high, low, close), n);
}
