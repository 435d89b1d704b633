/**
 * The one writer of prices with a fixed number of decimals, shared by the axis, tags, legend
 * (src/render/format-number.ts), the drawings' labels (src/core/drawings/format-price.ts) and the
 * context menu: a nonzero value those decimals would write as zeros (1e-300 with 12 decimals) is
 * written in exponent form instead (`1E-300`), as huge values are.
 */

/** `1E300`, `1.5E-300`: at most `digits` decimals, no trailing zeros, no `+`. */
export function exponentForm(v: number, digits: number): string {
  return v.toExponential(digits).replace(/\.?0*e\+?/, 'E');
}

/** Internal (round-price.ts): whether `decimals` decimals would write the nonzero `v` as zeros. */
export function vanishes(v: number, decimals: number): boolean {
  return v !== 0 && Math.abs(v) < 0.5 * 10 ** -decimals;
}

/**
 * `v` with `decimals` decimals, or in exponent form (`1E-300`, as huge values are written) when those
 * decimals would write a nonzero value as zeros (0.000000000000).
 */
export function formatFixed(v: number, decimals: number): string {
  if (vanishes(v, decimals)) return exponentForm(v, 2);
  return v.toFixed(decimals);
}
