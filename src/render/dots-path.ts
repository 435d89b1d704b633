import type uPlot from 'uplot';
import { pxRatioOf } from './plot-pixel-ratio.js';

/** uPlot's `roundDec(v, 3)`: the same float steps, so the dots land on the same device px. */
function round3(v: number): number {
  return Number.isInteger(v) ? v : Math.round(v * 1e3 * (1 + Number.EPSILON)) / 1e3;
}

/**
 * SAR's dots (a series with `style: 'dots'`, pane-plot.ts): a copy of uPlot 1.6.32's `points()` path builder
 * (node_modules/uplot/dist/uPlot.esm.js), written against its public API (`u.valToPos`, `u.bbox`, the series'
 * `points` options). The bundle's uPlot has no builder of its own (`UPLOT_EDITS` in rollup.config.js), so this
 * one lives in the modes' chunk (pane-extras.ts) and only a chart with dots fetches it (issue #12).
 *
 * Same pixels as uPlot's: a circle of radius `(size − width) / 2` device px per value from `idx0` to `idx1` (or
 * at the series' `points.filter` indices),
 * stroked and filled by uPlot, clipped to the plot grown by one diameter. Positions are not rounded: every
 * plot has `pxAlign: 0` (pane-plot.ts), so uPlot's `pxRound` is the identity there too. Only a horizontal,
 * non-reversed x scale (the only kind the bundle's uPlot keeps).
 */
export const dotsPath: uPlot.Series.Points.PathBuilder = (u, seriesIdx, idx0, idx1, filtIdxs) => {
  const series = u.series[seriesIdx];
  const points = series.points ?? {};
  const pxRatio = pxRatioOf(u);
  const width = points.width ?? 0;
  const rad = (((points.size ?? 0) - width) / 2) * pxRatio;
  const dia = round3(rad * 2);
  const xs = u.data[0];
  const ys = u.data[seriesIdx];
  const xKey = u.series[0].scale ?? 'x';
  const yKey = series.scale ?? 'y'; // uPlot fills both in (its defaults)
  const fill = new Path2D();
  const clip = new Path2D();
  const { left, top, width: w, height: h } = u.bbox;
  clip.rect(left - dia, top - dia, w + dia * 2, h + dia * 2);
  const dot = (i: number): void => {
    const v = ys[i];
    if (v != null) {
      const x = u.valToPos(xs[i], xKey, true);
      const y = u.valToPos(v, yKey, true);
      fill.moveTo(x + rad, y);
      fill.arc(x, y, rad, 0, Math.PI * 2);
    }
  };
  if (filtIdxs) filtIdxs.forEach(dot);
  else for (let i = idx0; i <= idx1; i++) dot(i);
  // uPlot's flags for points (BAND_CLIP_FILL | BAND_CLIP_STROKE): they matter only with bands, which no plot has.
  return { stroke: round3(width * pxRatio) <= 0 ? null : fill, fill, clip, flags: 3 };
};
