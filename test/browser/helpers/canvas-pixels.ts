/** Pixel helpers for canvas assertions: tests look at what a person would see. */

export function parseColor(css: string): [number, number, number] {
  const ctx = document.createElement('canvas').getContext('2d')!;
  ctx.fillStyle = css;
  const hex = ctx.fillStyle;
  if (hex.startsWith('#'))
    return [parseInt(hex.slice(1, 3), 16), parseInt(hex.slice(3, 5), 16), parseInt(hex.slice(5, 7), 16)];
  const m = hex.match(/\d+/g)!.map(Number);
  return [m[0], m[1], m[2]];
}

/** Counts pixels within `tolerance` of `rgb` in a canvas (optionally a rectangle of it). */
export function countPixels(
  canvas: HTMLCanvasElement,
  rgb: [number, number, number],
  tolerance = 12,
  rect?: { x: number; y: number; w: number; h: number },
): number {
  const ctx = canvas.getContext('2d')!;
  const r = rect ?? { x: 0, y: 0, w: canvas.width, h: canvas.height };
  const data = ctx.getImageData(r.x, r.y, r.w, r.h).data;
  let n = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (
      Math.abs(data[i] - rgb[0]) <= tolerance &&
      Math.abs(data[i + 1] - rgb[1]) <= tolerance &&
      Math.abs(data[i + 2] - rgb[2]) <= tolerance &&
      data[i + 3] > 200
    )
      n++;
  }
  return n;
}

/** A fingerprint of a canvas's pixels to see whether a redraw changed anything. */
export function canvasHash(canvas: HTMLCanvasElement): number {
  const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
  let h = 2166136261;
  for (let i = 0; i < data.length; i += 16)
    h = Math.imul(h ^ data[i] ^ (data[i + 1] << 8) ^ (data[i + 2] << 16), 16777619);
  return h >>> 0;
}

/** Rows of a canvas column range that contain a colour (for "a line is drawn at row y"). */
export function rowsWithColor(
  canvas: HTMLCanvasElement,
  rgb: [number, number, number],
  x0: number,
  x1: number,
  tolerance = 20,
): number[] {
  const ctx = canvas.getContext('2d')!;
  const data = ctx.getImageData(x0, 0, x1 - x0, canvas.height).data;
  const w = x1 - x0;
  const rows: number[] = [];
  for (let y = 0; y < canvas.height; y++) {
    let hits = 0;
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      if (
        Math.abs(data[i] - rgb[0]) <= tolerance &&
        Math.abs(data[i + 1] - rgb[1]) <= tolerance &&
        Math.abs(data[i + 2] - rgb[2]) <= tolerance
      )
        hits++;
    }
    if (hits > w * 0.5) rows.push(y);
  }
  return rows;
}
