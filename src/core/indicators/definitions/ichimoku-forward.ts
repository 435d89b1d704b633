import type { IndicatorColumns, IndicatorValues } from '../indicator-definition.js';

/** Ichimoku's params as the forward points need them. */
export interface IchimokuPeriods {
  readonly conversion: number;
  readonly base: number;
  readonly spanB: number;
  readonly displacement: number;
}

/**
 * The leading spans' d − 1 points beyond the last bar (Pine plots them with `offset = displacement
 * − 1`): point k (1-based) is the span value of the bar d − 1 − k bars before the last one, so the
 * last bar's own value lands d − 1 bars ahead. Gap bars (NaN high, low or close) are skipped as the
 * gap rule skips them; NaN where a window is not full yet.
 */
export function ichimokuForward(c: IndicatorColumns, p: IchimokuPeriods): IndicatorValues {
  const shift = p.displacement - 1;
  const spanA = new Float64Array(shift).fill(NaN);
  const spanB = new Float64Array(shift).fill(NaN);
  const widest = Math.max(p.conversion, p.base, p.spanB);
  // The newest `shift + widest − 1` bars that are not gaps, oldest first.
  const kept: number[] = [];
  for (let i = c.length - 1; i >= 0 && kept.length < shift + widest - 1; i--) {
    if (c.high[i] === c.high[i] && c.low[i] === c.low[i] && c.close[i] === c.close[i]) kept.push(i);
  }
  kept.reverse();
  const mid = (j: number, n: number): number => {
    if (j - n + 1 < 0) return NaN;
    let hi = -Infinity;
    let lo = Infinity;
    for (let k = j - n + 1; k <= j; k++) {
      hi = Math.max(hi, c.high[kept[k]]);
      lo = Math.min(lo, c.low[kept[k]]);
    }
    return (hi + lo) / 2;
  };
  // `kept` holds every bar a window needs, or the whole series (then a short window is NaN).
  for (let k = 0; k < shift; k++) {
    const j = kept.length - shift + k;
    if (j < 0) continue;
    spanA[k] = (mid(j, p.conversion) + mid(j, p.base)) / 2;
    spanB[k] = mid(j, p.spanB);
  }
  return { spanA, spanB };
}
