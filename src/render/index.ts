/** The renderer's public face: what the elements use of it (uPlot panes, themes, painters, time axis). */
export * from './chart-renderer.js';
export * from './chart-theme.js';
export * from './build-pane-specs.js';
export type { PlotTransform } from './paint-candles.js';
export { formatAxisNumber, formatAxisTicks, formatPriceTag } from './format-number.js';
export * from './time-ticks.js';
export * from './zoned-clock.js';
export * from './drawings/index.js';
export * from './overlays/index.js';
export { clientScale, offsetWithin } from './client-scale.js';
export { pixelRatioAt, pxRatioOf } from './plot-pixel-ratio.js';
