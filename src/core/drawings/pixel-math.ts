/** Small pixel-space helpers shared by geometry and hit testing. */

/** Distance from (px, py) to the segment (x1, y1)–(x2, y2). */
export function pointToSegmentDistance(px: number, py: number, x1: number, y1: number, x2: number, y2: number): number {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const len2 = dx * dx + dy * dy;
  let t = len2 === 0 ? 0 : ((px - x1) * dx + (py - y1) * dy) / len2;
  t = Math.max(0, Math.min(1, t));
  return Math.hypot(px - (x1 + t * dx), py - (y1 + t * dy));
}

/**
 * Clips the parametric line (x0, y0) + t·(dx, dy), t in [tMin, tMax], to the rect [0, w] × [0, h]
 * (Liang–Barsky). Returns the visible piece or null when it misses the rect.
 */
export function clipLineToRect(
  x0: number,
  y0: number,
  dx: number,
  dy: number,
  w: number,
  h: number,
  tMin = -Infinity,
  tMax = Infinity,
): { x1: number; y1: number; x2: number; y2: number } | null {
  const p = [-dx, dx, -dy, dy];
  const q = [x0, w - x0, y0, h - y0];
  let lo = tMin;
  let hi = tMax;
  for (let i = 0; i < 4; i++) {
    if (p[i] === 0) {
      if (q[i] < 0) return null;
      continue;
    }
    const t = q[i] / p[i];
    if (p[i] < 0) lo = Math.max(lo, t);
    else hi = Math.min(hi, t);
  }
  if (lo > hi || !Number.isFinite(lo) || !Number.isFinite(hi)) return null;
  return { x1: x0 + lo * dx, y1: y0 + lo * dy, x2: x0 + hi * dx, y2: y0 + hi * dy };
}

/** Even-odd point-in-polygon test; `xy` is a flat list x0, y0, x1, y1, … */
export function pointInPolygon(px: number, py: number, xy: readonly number[]): boolean {
  let inside = false;
  const n = xy.length / 2;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const xi = xy[2 * i],
      yi = xy[2 * i + 1],
      xj = xy[2 * j],
      yj = xy[2 * j + 1];
    if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
