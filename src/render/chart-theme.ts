/** Colours and fonts the renderer paints with, read from the element's CSS custom properties. */
export interface ChartTheme {
  readonly up: string;
  readonly down: string;
  readonly background: string;
  readonly text: string;
  readonly grid: string;
  readonly axis: string;
  readonly crosshair: string;
  readonly line: string;
  readonly areaFill: string;
  readonly font: string;
  /** Palette for indicator lines and comparisons. */
  readonly palette: readonly string[];
}

const PALETTE = ['#f5a623', '#7e57c2', '#29b6f6', '#ec407a', '#66bb6a', '#ff7043', '#8d6e63', '#26c6da'];

/**
 * Reads `--kline-*` properties from a computed style. `red-up` swaps the up/down colours
 * (the convention of mainland China, Taiwan, Japan and Korea).
 */
export function readChartTheme(style: CSSStyleDeclaration, convention: 'green-up' | 'red-up'): ChartTheme {
  const v = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const green = v('--kline-up-color', '#26a69a');
  const red = v('--kline-down-color', '#ef5350');
  const [up, down] = convention === 'red-up' ? [red, green] : [green, red];
  return {
    up,
    down,
    background: v('--kline-background', '#ffffff'),
    text: v('--kline-text-color', '#131722'),
    grid: v('--kline-grid-color', 'rgba(42,46,57,0.06)'),
    axis: v('--kline-axis-color', '#787b86'),
    crosshair: v('--kline-crosshair-color', '#9598a1'),
    line: v('--kline-line-color', '#2962ff'),
    areaFill: v('--kline-area-fill', 'rgba(41,98,255,0.15)'),
    font: v('--kline-font', '11px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif'),
    palette: PALETTE,
  };
}
