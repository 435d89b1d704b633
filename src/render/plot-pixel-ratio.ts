import uPlot from 'uplot';

/** A plot with its own pixel ratio (the bundle's and the tests' uPlot: scripts/uplot-px-ratio.js). */
interface OwnRatio {
  readonly pxRatio?: number;
  setPxRatio?(ratio?: number): void;
}

/**
 * Device px per CSS px of `u`'s canvas: `devicePixelRatio` times the CSS `zoom` it is shown at. uPlot
 * without a ratio per plot (the unbundled elements with the npm release) has the window's only.
 */
export function pxRatioOf(u: uPlot): number {
  return (u as unknown as OwnRatio).pxRatio ?? uPlot.pxRatio;
}

/** Backs `u`'s canvas at `ratio` device px per CSS px (relays it out and redraws when it changes). */
export function setPxRatioOf(u: uPlot, ratio: number): void {
  const own = u as unknown as OwnRatio;
  if (own.setPxRatio && own.pxRatio !== ratio) own.setPxRatio(ratio);
}

/**
 * The device px per CSS px `el` is shown at: `devicePixelRatio` times the CSS `zoom` of it and its
 * ancestors (`currentCSSZoom`, Chromium 128+; 1 where the browser has none).
 */
export function pixelRatioAt(el: Element): number {
  const zoom = (el as Element & { readonly currentCSSZoom?: number }).currentCSSZoom;
  return devicePixelRatio * (typeof zoom === 'number' && zoom > 0 ? zoom : 1);
}
