/**
 * MA and MACD over a close column, for the peer that has no built-in indicators
 * (lightweight-charts). Plain typed-array loops, so the peer is not slowed by our choice of code.
 */

/** Simple moving average; NaN before the window fills. */
export function sma(close, period) {
  const n = close.length;
  const out = new Float64Array(n).fill(NaN);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    sum += close[i];
    if (i >= period) sum -= close[i - period];
    if (i >= period - 1) out[i] = sum / period;
  }
  return out;
}

/** Exponential moving average seeded with the first value (as klinecharts does). */
function ema(values, period, start = 0) {
  const n = values.length;
  const out = new Float64Array(n).fill(NaN);
  const k = 2 / (period + 1);
  let prev = values[start];
  for (let i = start; i < n; i++) {
    prev = i === start ? values[i] : values[i] * k + prev * (1 - k);
    out[i] = prev;
  }
  return out;
}

/** MACD(fast, slow, signal): DIF, DEA and the histogram (DIF - DEA) * 2. */
export function macd(close, fast, slow, signal) {
  const fastEma = ema(close, fast);
  const slowEma = ema(close, slow);
  const n = close.length;
  const dif = new Float64Array(n);
  for (let i = 0; i < n; i++) dif[i] = fastEma[i] - slowEma[i];
  const dea = ema(dif, signal);
  const hist = new Float64Array(n);
  for (let i = 0; i < n; i++) hist[i] = (dif[i] - dea[i]) * 2;
  return { dif, dea, hist };
}
