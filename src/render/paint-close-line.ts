import type { Bars } from '../core/data/index.js';
import type { CandleColors, PlotTransform } from './paint-candles.js';

/**
 * The `line` and `area` candle styles: the close line of bars `i0..i1`, and for `area` the fill below
 * it first. In the pane-extras chunk (pane-extras.ts, issue #12): the renderer loads it before the
 * first frame in one of these styles.
 */
export function paintCloseLine(
  ctx: CanvasRenderingContext2D,
  bars: Bars,
  i0: number,
  i1: number,
  t: PlotTransform,
  area: boolean,
  colors: CandleColors,
  pixelRatio: number,
): void {
  if (i1 < i0) return;
  if (area) {
    ctx.beginPath();
    const ends = traceCloses(ctx, bars, i0, i1, t);
    if (!ends) return;
    const bottom = ctx.canvas.height;
    ctx.lineTo(ends.lastX, bottom);
    ctx.lineTo(ends.firstX, bottom);
    ctx.closePath();
    ctx.fillStyle = colors.areaFill;
    ctx.fill();
  }
  ctx.beginPath();
  if (!traceCloses(ctx, bars, i0, i1, t)) return;
  ctx.lineWidth = 1.5 * pixelRatio;
  ctx.strokeStyle = colors.line;
  ctx.stroke();
}

/** Traces the close line of bars `i0..i1` into the context's path; returns its first and last x, or null. */
function traceCloses(
  ctx: CanvasRenderingContext2D,
  bars: Bars,
  i0: number,
  i1: number,
  t: PlotTransform,
): { firstX: number; lastX: number } | null {
  let started = false;
  let firstX = 0;
  let lastX = 0;
  const step = t.slot < 1 ? Math.max(1, Math.floor(1 / t.slot)) : 1;
  for (let i = i0; i <= i1; i += step) {
    const c = bars.close[i];
    if (c !== c) continue;
    const x = t.x(i);
    if (!started) {
      ctx.moveTo(x, t.y(c));
      firstX = x;
      started = true;
    } else ctx.lineTo(x, t.y(c));
    lastX = x;
  }
  return started ? { firstX, lastX } : null;
}
