import { executeServerCommand } from '@web/test-runner-commands';

/**
 * What the screen shows inside `el` (DOM and canvases composited, through Chromium's own screenshot),
 * as a canvas of CSS-pixel size: for what is drawn by elements rather than on a canvas.
 */
export async function screenPixels(el: Element): Promise<HTMLCanvasElement> {
  const r = el.getBoundingClientRect();
  const clip = { x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height };
  const png = String(await executeServerCommand('screenshot', { clip }));
  const img = new Image();
  img.src = `data:image/png;base64,${png}`;
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(r.width);
  canvas.height = Math.round(r.height);
  canvas.getContext('2d')!.drawImage(img, 0, 0, canvas.width, canvas.height);
  return canvas;
}
