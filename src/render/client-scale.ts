/**
 * Viewport pixels per CSS pixel of `el`'s own layout, across and down. 1 on most pages; a CSS
 * `transform: scale()` or `zoom` on an ancestor (a slide deck, a dashboard that scales its widgets to
 * fit, a page zoomed by its stylesheet) makes pointer coordinates and `getBoundingClientRect()` differ
 * from the CSS pixels uPlot's scales and the chart's own positions use. A difference under one pixel
 * is `offsetWidth`'s rounding, not a scale.
 */
export function clientScale(
  el: HTMLElement,
  rect: DOMRectReadOnly = el.getBoundingClientRect(),
): { x: number; y: number } {
  const w = el.offsetWidth;
  const h = el.offsetHeight;
  return {
    x: w > 0 && Math.abs(rect.width - w) >= 1 ? rect.width / w : 1,
    y: h > 0 && Math.abs(rect.height - h) >= 1 ? rect.height / h : 1,
  };
}

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

/** `a`'s top-left corner from `b`'s, in `b`'s CSS pixels. */
export function offsetWithin(a: HTMLElement, b: HTMLElement): { x: number; y: number } {
  const ra = a.getBoundingClientRect();
  const rb = b.getBoundingClientRect();
  const s = clientScale(b, rb);
  return { x: (ra.left - rb.left) / s.x, y: (ra.top - rb.top) / s.y };
}
