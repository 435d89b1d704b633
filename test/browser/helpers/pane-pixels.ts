import { countPixels } from './canvas-pixels.js';

/** Tag pixels (background `rgb`) in a rectangle of a pane, in CSS px relative to the pane, over all its canvases. */
export function paneCount(
  pane: HTMLElement,
  rgb: [number, number, number],
  rect: { x: number; y: number; w: number; h: number },
): number {
  let n = 0;
  const origin = pane.getBoundingClientRect();
  for (const canvas of pane.querySelectorAll('canvas')) {
    const box = canvas.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue; // hidden
    const k = canvas.width / box.width;
    // The part of `rect` this canvas covers (a canvas may sit anywhere in the pane: the tags' strips do).
    const ox = box.left - origin.left;
    const oy = box.top - origin.top;
    const x0 = Math.max(0, rect.x - ox);
    const y0 = Math.max(0, rect.y - oy);
    const x1 = Math.min(box.width, rect.x + rect.w - ox);
    const y1 = Math.min(box.height, rect.y + rect.h - oy);
    if (x1 <= x0 || y1 <= y0) continue;
    const x = Math.round(x0 * k);
    const y = Math.round(y0 * k);
    const w = Math.min(canvas.width - x, Math.round((x1 - x0) * k));
    const h = Math.min(canvas.height - y, Math.round((y1 - y0) * k));
    if (w > 0 && h > 0) n += countPixels(canvas, rgb, 8, { x, y, w, h });
  }
  return n;
}

/** Every tag-coloured pixel of a pane. */
export function paneTotal(pane: HTMLElement, rgb: [number, number, number]): number {
  const r = pane.getBoundingClientRect();
  return paneCount(pane, rgb, { x: 0, y: 0, w: r.width, h: r.height });
}
