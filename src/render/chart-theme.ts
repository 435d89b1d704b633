/** Colours and fonts the renderer paints with, read from the element's CSS custom properties. */
export interface ChartTheme {
  readonly up: string;
  readonly down: string;
  readonly background: string;
  readonly text: string;
  readonly grid: string;
  readonly axis: string;
  readonly crosshair: string;
  /** The crosshair's price and time tags on the axes: background and text. */
  readonly crosshairLabelBackground: string;
  readonly crosshairLabelColor: string;
  readonly line: string;
  readonly areaFill: string;
  /** A study pane's reference levels (RSI's 70 / 30): their dashed lines, and the band between them. */
  readonly levelLine: string;
  readonly levelBand: string;
  readonly font: string;
  /** Palette for indicator lines. */
  readonly palette: readonly string[];
  /** Comparison line colours for this background (see `comparisonColor`). */
  readonly comparisonPalette: readonly string[];
}

/**
 * Indicator line colours, one palette per background: every colour reaches 4.5:1 against it (WCAG
 * AA for text), so the legend values written in them stay readable. Light: on #ffffff 4.7–7.0:1;
 * dark: on #131722 5.9–8.8:1.
 */
const LIGHT_PALETTE = ['#b25e00', '#6a3fb5', '#0a6fa8', '#c2185b', '#2e7d32', '#c43e00', '#795548', '#00758a'];
const DARK_PALETTE = ['#f5a623', '#b39ddb', '#29b6f6', '#f06292', '#66bb6a', '#ff8a65', '#bcaaa4', '#26c6da'];

/**
 * The colours the core gives comparisons, in order (src/core/commands/comparison-tools.ts):
 * stored and reported to the model as they are, but painted in the theme's shade of the same hue.
 */
const COMPARISON_SLOTS = ['#ff9800', '#9c27b0', '#00bcd4', '#e91e63', '#8bc34a'];
/** Orange, purple, teal, pink, green, apart from the indicator palettes: on #ffffff 6.1–7.1:1; on #131722 7.5–10.8:1. */
const LIGHT_COMPARISONS = ['#9a4d00', '#8e24aa', '#00695c', '#ad1457', '#33691e'];
const DARK_COMPARISONS = ['#ffb74d', '#ce93d8', '#4dd0e1', '#f48fb1', '#aed581'];

/** The colour a comparison stored with `color` is painted and written in under `theme` (4.5:1 on its background). */
export function comparisonColor(theme: Pick<ChartTheme, 'comparisonPalette'>, color: string): string {
  const slot = COMPARISON_SLOTS.indexOf(color.toLowerCase());
  return slot >= 0 ? theme.comparisonPalette[slot] : color;
}

/** Relative luminance (WCAG) of `#rgb`/`#rrggbb`/`rgb()` colours; 1 for what it cannot parse. */
function luminance(color: string): number {
  let rgb: number[] | null = null;
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (hex) {
    const h = hex[1].length === 3 ? [...hex[1]].map((c) => c + c).join('') : hex[1];
    rgb = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
  } else {
    const m = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)/i.exec(color.trim());
    if (m) rgb = [m[1], m[2], m[3]].map(Number);
  }
  if (!rgb) return 1;
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * Reads `--kline-*` properties from a computed style. `red-up` swaps the up/down colours
 * (the convention of mainland China, Taiwan, Japan and Korea).
 */
export function readChartTheme(style: CSSStyleDeclaration, convention: 'green-up' | 'red-up'): ChartTheme {
  const v = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const green = v('--kline-up-color', '#26a69a');
  const red = v('--kline-down-color', '#ef5350');
  const [up, down] = convention === 'red-up' ? [red, green] : [green, red];
  const background = v('--kline-background', '#ffffff');
  return {
    up,
    down,
    background,
    text: v('--kline-text-color', '#131722'),
    grid: v('--kline-grid-color', 'rgba(42,46,57,0.06)'),
    axis: v('--kline-axis-color', '#787b86'),
    crosshair: v('--kline-crosshair-color', '#9598a1'),
    crosshairLabelBackground: v('--kline-crosshair-label-background', '#131722'),
    crosshairLabelColor: v('--kline-crosshair-label-color', '#ffffff'),
    line: v('--kline-line-color', '#2962ff'),
    areaFill: v('--kline-area-fill', 'rgba(41,98,255,0.15)'),
    levelLine: v('--kline-level-color', 'rgba(120,123,134,0.7)'),
    levelBand: v('--kline-level-band', 'rgba(126,87,194,0.08)'),
    font: v('--kline-font', '11px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif'),
    palette: luminance(background) < 0.18 ? DARK_PALETTE : LIGHT_PALETTE,
    comparisonPalette: luminance(background) < 0.18 ? DARK_COMPARISONS : LIGHT_COMPARISONS,
  };
}
