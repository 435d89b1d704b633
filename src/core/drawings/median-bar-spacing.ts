// Its own module: the chart's bar time scale (src/core/commands/drawing-time-index.ts) needs it at
// first paint, the rest of drawing-geometry.ts only the drawing layer and the tools (issue #12).

/** Median spacing between consecutive bar times; 0 with fewer than two bars. */
export function medianBarSpacing(times: Float64Array | readonly number[]): number {
  if (times.length < 2) return 0;
  const diffs = new Float64Array(times.length - 1);
  for (let i = 1; i < times.length; i++) diffs[i - 1] = times[i] - times[i - 1];
  diffs.sort();
  const m = diffs.length >> 1;
  return diffs.length % 2 ? diffs[m] : (diffs[m - 1] + diffs[m]) / 2;
}
