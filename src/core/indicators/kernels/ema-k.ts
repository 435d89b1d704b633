// The factor alone is what MACD, a first-paint study, needs; the EMA itself (ema.ts) only the lazy studies
// (EMA, DEMA, TEMA, KC, TRIX, PPO): apart, it stays out of the entry (issue #12).

/** TA-Lib's smoothing factor for a period: `2 / (period + 1)`. */
export function emaK(period: number): number {
  return 2 / (period + 1);
}
