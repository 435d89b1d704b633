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

/** `a`'s top-left corner from `b`'s, in `b`'s CSS pixels. */
export function offsetWithin(a: HTMLElement, b: HTMLElement): { x: number; y: number } {
  const ra = a.getBoundingClientRect();
  const rb = b.getBoundingClientRect();
  const s = clientScale(b, rb);
  return { x: (ra.left - rb.left) / s.x, y: (ra.top - rb.top) / s.y };
}
