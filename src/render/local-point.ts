import { clientScale } from './client-scale.js';

// Only pointer input (lazy chunks: pan-zoom-input.ts, drawing-layer-input.ts, …) calls this, so it is a module
// the eager bundle does not import (scripts/bundle-sizes.js LAZY_ONLY).
/** A pointer's position in `el`'s CSS pixels from its top-left corner, and whether it lies inside `el`. */
export function localPoint(
  el: HTMLElement,
  e: { readonly clientX: number; readonly clientY: number },
): { x: number; y: number; inside: boolean } {
  const r = el.getBoundingClientRect();
  const s = clientScale(el, r);
  const x = (e.clientX - r.left) / s.x;
  const y = (e.clientY - r.top) / s.y;
  return { x, y, inside: x >= 0 && y >= 0 && x <= r.width / s.x && y <= r.height / s.y };
}
