/** The smallest of 1, 2, 5 × 10ⁿ that is at least `x` (> 0). */
export function niceStep(x: number): number {
  const p = 10 ** Math.floor(Math.log10(x));
  for (const m of [1, 2, 5]) if (m * p >= x * (1 - 1e-9)) return m * p;
  return 10 * p;
}

/**
 * Tick values of a logarithmic price axis from `min` to `max` (> 0) drawn `heightPx` tall: round
 * numbers (multiples of 1, 2 or 5 × 10ⁿ, the step growing with the price) at least `spacePx` apart.
 * uPlot's own log ticks are powers of ten and their 1-2-5 multiples, so a range such as 110–160
 * (a few months of a stock) got no tick, no label and no grid line at all.
 */
export function logPriceSplits(min: number, max: number, heightPx: number, spacePx: number): number[] {
  if (!(min > 0 && max > min && heightPx > 0 && spacePx > 0)) return [];
  // The price ratio between two points `spacePx` apart.
  const ratio = Math.exp((Math.log(max / min) * spacePx) / heightPx);
  const splits: number[] = [];
  let step = niceStep(min * (ratio - 1));
  let tick = Math.ceil(min / step - 1e-9) * step;
  while (tick <= max * (1 + 1e-9) && splits.length < 100) {
    splits.push(Number(tick.toPrecision(12)));
    const target = tick * ratio;
    step = niceStep(target - tick);
    tick = Math.ceil(target / step - 1e-9) * step;
  }
  return splits;
}
