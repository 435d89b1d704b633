import type { PriceLine } from '../../core/state/index.js';
import type { PlotTransform } from '../paint-candles.js';
import type { PlotBox } from './paint-price-lines.js';
import { scaleFont } from './scale-font.js';

/**
 * A small bell left of the label of each price line with an alert (call inside the plot clip, after
 * `paintPriceLines`), in the line's colour, so a user sees which lines alert. Part of the overlay
 * layer's lazy parts: a chart loads them once it has an alert line.
 */
export function paintAlertBells(
  ctx: CanvasRenderingContext2D,
  lines: readonly PriceLine[],
  t: PlotTransform,
  box: PlotBox,
  k: number,
  font: string,
): void {
  ctx.save();
  ctx.font = scaleFont(font, k);
  for (const line of lines) {
    if (!line.alert || line.alert === 'off') continue;
    const y = Math.round(t.y(line.price)) + 0.5 - 7 * k;
    if (!Number.isFinite(y) || y < box.top - 20 || y > box.top + box.height + 20) continue;
    // Where paintPriceLines ends the label (right-aligned 6 px before the plot's right edge), then a gap.
    const x = box.left + box.width - 11 * k - (line.label ? ctx.measureText(line.label).width + 4 * k : 0);
    ctx.fillStyle = line.color;
    ctx.beginPath();
    ctx.arc(x, y - k, 3 * k, Math.PI, 0);
    ctx.lineTo(x + 3 * k, y + 2 * k);
    ctx.lineTo(x + 5 * k, y + 3.5 * k);
    ctx.lineTo(x - 5 * k, y + 3.5 * k);
    ctx.lineTo(x - 3 * k, y + 2 * k);
    ctx.closePath();
    ctx.moveTo(x + 1.5 * k, y + 4.5 * k);
    ctx.arc(x, y + 4.5 * k, 1.5 * k, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.restore();
}
