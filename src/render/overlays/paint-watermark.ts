import type { PlotBox } from './paint-price-lines.js';

/** Large faint text centred in the plot (call inside the plot clip), in the family of `font` (the theme's). */
export function paintWatermark(
  ctx: CanvasRenderingContext2D,
  text: string,
  box: PlotBox,
  color: string,
  pixelRatio: number,
  font: string,
): void {
  if (!text) return;
  ctx.save();
  const px = Math.round(Math.max(16, Math.min(64, box.height / pixelRatio / 6)) * pixelRatio);
  ctx.font = `600 ${px}px ${font.replace(/^.*?[\d.]+px(\/\S+)?\s+/, '')}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.globalAlpha = 0.12;
  ctx.fillStyle = color;
  ctx.fillText(text, box.left + box.width / 2, box.top + box.height / 2, box.width * 0.9);
  ctx.restore();
}
