import type { PlotTransform } from './paint-candles.js';

/** What a cloud reads of a pane series (`PaneSeries` in pane-plot.ts, which imports this file: no cycle). */
interface CloudSeries {
  readonly key: string;
  readonly style: string;
  readonly values: Float64Array;
  readonly hidden?: boolean;
}

/**
 * Fills between the two edges of each band study (outputs styled `band`, in pairs from the same
 * instance: Ichimoku's Senkou spans), as Pine's `fill(p1, p2, color = leadLine1 > leadLine2 ? up :
 * down)` does: up-coloured where the first edge is above, down-coloured below. Runs to the end of
 * the values, so a cloud projected beyond the last bar is filled there too.
 */
export function paintClouds(
  ctx: CanvasRenderingContext2D,
  series: readonly CloudSeries[],
  i0: number,
  viewEnd: number,
  t: PlotTransform,
  colors: { readonly up: string; readonly down: string },
): void {
  for (let k = 0; k + 1 < series.length; k++) {
    const a = series[k];
    const b = series[k + 1];
    if (a.style !== 'band' || b.style !== 'band' || a.hidden || b.hidden || instanceOf(a.key) !== instanceOf(b.key))
      continue;
    const end = Math.min(Math.ceil(viewEnd), a.values.length - 1, b.values.length - 1);
    const up = new Path2D();
    const down = new Path2D();
    let run = -1;
    let above = false;
    const close = (last: number) => {
      if (run < 0) return;
      const path = above ? up : down;
      path.moveTo(t.x(run), t.y(a.values[run]));
      for (let i = run + 1; i <= last; i++) path.lineTo(t.x(i), t.y(a.values[i]));
      for (let i = last; i >= run; i--) path.lineTo(t.x(i), t.y(b.values[i]));
      run = -1;
    };
    for (let i = Math.max(0, i0 - 1); i <= end; i++) {
      const x = a.values[i];
      const y = b.values[i];
      if (x !== x || y !== y) {
        close(i - 1);
        continue;
      }
      const nowAbove = x > y;
      if (run >= 0 && nowAbove !== above) {
        close(i);
        run = i;
        above = nowAbove;
        continue;
      }
      if (run < 0) {
        run = i;
        above = nowAbove;
      }
    }
    close(end);
    k++;
    const alpha = ctx.globalAlpha;
    ctx.globalAlpha = alpha * 0.18;
    ctx.fillStyle = colors.up;
    ctx.fill(up);
    ctx.fillStyle = colors.down;
    ctx.fill(down);
    ctx.globalAlpha = alpha;
  }
}

function instanceOf(key: string): string {
  return key.slice(0, key.lastIndexOf(':'));
}
