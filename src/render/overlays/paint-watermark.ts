import type { PlotBox } from './paint-price-lines.js';

const FONT_FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const ALPHA = 0.12;
/** Sprites kept (a page's charts and their last few texts or sizes). */
const MAX_SPRITES = 16;

type Sprite = { readonly canvas: HTMLCanvasElement | OffscreenCanvas; readonly width: number; readonly height: number };

/** The watermark text drawn once, opaque, by text, colour and size: each frame copies it (see {@link paintWatermark}). */
const sprites = new Map<string, Sprite>();

function spriteFor(text: string, px: number, color: string): Sprite | null {
  const key = `${px}|${color}|${text}`;
  const cached = sprites.get(key);
  if (cached) return cached;
  const font = `600 ${px}px ${FONT_FAMILY}`;
  const canvas = typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(1, 1) : document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.font = font;
  const width = Math.max(1, Math.ceil(ctx.measureText(text).width) + 2);
  const height = Math.ceil(px * 1.5);
  canvas.width = width;
  canvas.height = height;
  // Resizing reset the state.
  ctx.font = font;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = color;
  ctx.fillText(text, width / 2, height / 2);
  if (sprites.size >= MAX_SPRITES) sprites.delete(sprites.keys().next().value as string);
  const sprite = { canvas, width, height };
  sprites.set(key, sprite);
  return sprite;
}

/**
 * Large faint text centred in the plot (call inside the plot clip), at most 90 % of its width.
 * Rasterising glyphs this large every frame cost ~1.7 ms of a pan frame in software Chromium
 * (bench: API pan at 10k bars, issue #12), so the text is drawn once into a sprite and each frame
 * copies the sprite.
 */
export function paintWatermark(
  ctx: CanvasRenderingContext2D,
  text: string,
  box: PlotBox,
  color: string,
  pixelRatio: number,
): void {
  if (!text) return;
  const px = Math.round(Math.max(16, Math.min(64, box.height / pixelRatio / 6)) * pixelRatio);
  const sprite = spriteFor(text, px, color);
  if (!sprite) return;
  // As fillText's maxWidth does: a text too wide is narrowed, never cut.
  const width = Math.min(sprite.width, box.width * 0.9);
  ctx.save();
  ctx.globalAlpha = ALPHA;
  ctx.drawImage(
    sprite.canvas,
    Math.round(box.left + (box.width - width) / 2),
    Math.round(box.top + (box.height - sprite.height) / 2),
    width,
    sprite.height,
  );
  ctx.restore();
}
