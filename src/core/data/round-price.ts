import { vanishes } from './format-fixed.js';

/**
 * `v` rounded as format-fixed.ts `formatFixed` writes it: to `decimals` decimals, or to 3 significant digits
 * when those decimals would make a nonzero price 0 (a line "at 0" under a 1e-300 pointer).
 */
export function roundPrice(v: number, decimals: number): number {
  return Number(vanishes(v, decimals) ? v.toExponential(2) : v.toFixed(decimals));
}
