import type uPlot from 'uplot';
import { pxRatioOf } from './plot-pixel-ratio.js';
import type { ChartTheme } from './chart-theme.js';

/**
 * A study pane's reference levels (RSI's 70 / 50 / 30), under its grid and lines, as TradingView
 * draws hlines: the band between the highest and the lowest level shaded, a dashed line at each.
 */
export function paintLevels(u: uPlot, scale: string, levels: readonly number[], theme: ChartTheme): void {
  const { ctx, bbox } = u;
  const pr = pxRatioOf(u);
  const y = (v: number) => bbox.top + u.valToPos(v, scale, false) * pr;
  ctx.save();
  ctx.beginPath();
  ctx.rect(bbox.left, bbox.top, bbox.width, bbox.height);
  ctx.clip();
  if (levels.length > 1) {
    const top = y(Math.max(...levels));
    const bottom = y(Math.min(...levels));
    ctx.fillStyle = theme.levelBand;
    ctx.fillRect(bbox.left, top, bbox.width, bottom - top);
  }
  ctx.strokeStyle = theme.levelLine;
  ctx.lineWidth = Math.max(1, Math.round(pr));
  ctx.setLineDash([4 * pr, 4 * pr]);
  ctx.beginPath();
  for (const level of levels) {
    // On a whole device pixel's centre: a crisp line.
    const ly = Math.round(y(level)) + 0.5;
    ctx.moveTo(bbox.left, ly);
    ctx.lineTo(bbox.left + bbox.width, ly);
  }
  ctx.stroke();
  ctx.restore();
}
