import type { PriceLine } from '../../core/state/index.js';
import type { PlotTransform } from '../paint-candles.js';
import { scaleFont } from './scale-font.js';

/** A bounding box in canvas px (uPlot's `bbox`). */
export interface PlotBox {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

const DASHES: Record<PriceLine['style'], number[]> = { solid: [], dashed: [6, 4], dotted: [1.5, 3] };

/** Horizontal lines across the plot with their labels above the right end (call inside the plot clip). */
export function paintPriceLines(
  ctx: CanvasRenderingContext2D,
  lines: readonly PriceLine[],
  t: PlotTransform,
  box: PlotBox,
  pixelRatio: number,
  font: string,
): void {
  if (lines.length === 0) return;
  ctx.save();
  ctx.lineWidth = Math.max(1, Math.round(pixelRatio));
  ctx.font = scaleFont(font, pixelRatio);
  ctx.textBaseline = 'bottom';
  ctx.textAlign = 'right';
  for (const line of lines) {
    const y = Math.round(t.y(line.price)) + 0.5;
    if (!Number.isFinite(y) || y < box.top - 20 || y > box.top + box.height + 20) continue;
    ctx.strokeStyle = line.color;
    ctx.setLineDash(DASHES[line.style].map((d) => d * pixelRatio));
    ctx.beginPath();
    ctx.moveTo(box.left, y);
    ctx.lineTo(box.left + box.width, y);
    ctx.stroke();
    if (line.label) {
      ctx.fillStyle = line.color;
      ctx.fillText(line.label, box.left + box.width - 6 * pixelRatio, y - 2 * pixelRatio);
    }
  }
  ctx.restore();
}

/** One price tag on the axis: a filled box in `color` with the price in white. */
export interface AxisTag {
  readonly price: number;
  readonly color: string;
  readonly text: string;
}

/**
 * Price tags on the y axis beside the plot (call outside the plot clip). `side` is the axis side;
 * the axis is `axisWidth` canvas px wide.
 */
export function paintAxisTags(
  ctx: CanvasRenderingContext2D,
  tags: readonly AxisTag[],
  t: PlotTransform,
  box: PlotBox,
  side: 'left' | 'right',
  axisWidth: number,
  pixelRatio: number,
  font: string,
): void {
  if (tags.length === 0) return;
  ctx.save();
  ctx.font = scaleFont(font, pixelRatio);
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  const h = Math.round(16 * pixelRatio);
  const x = side === 'right' ? box.left + box.width : box.left - axisWidth;
  for (const tag of tags) {
    const y = Math.round(t.y(tag.price));
    if (!Number.isFinite(y) || y < box.top || y > box.top + box.height) continue;
    ctx.fillStyle = tag.color;
    ctx.fillRect(x, y - h / 2, axisWidth, h);
    ctx.fillStyle = '#ffffff';
    ctx.fillText(tag.text, x + 4 * pixelRatio, y);
  }
  ctx.restore();
}
