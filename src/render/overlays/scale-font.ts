// A file of its own: the price lines (painted at first paint) use it, and must not pull the marker
// painter, a lazy chunk (components/kline-chart/overlay-layer-parts.ts), into the bundle's entry.

/** The theme font with its px size multiplied by the device pixel ratio (canvas px). */
export function scaleFont(font: string, pixelRatio: number): string {
  return font.replace(/(\d+(?:\.\d+)?)px/, (_m, px: string) => `${Math.round(Number(px) * pixelRatio)}px`);
}
