/**
 * What a pane draws only in some modes: the percent and log price scales' ticks and labels, study
 * panes' reference levels (RSI's 70 / 30), the price pane's left scale, the Heikin-Ashi, line and
 * area candle styles, the clouds of band studies (Ichimoku's) and the dots of SAR (dots-path.ts). A chunk of its own (issue #12): a chart-only page with a linear scale and plain
 * candles never fetches it. The renderer loads it before the first frame that needs it
 * (chart-renderer.ts `#extrasMissing`), so no frame shows a wrong scale or plain candles first.
 */
export { HeikinAshi } from '../core/data/heikin-ashi.js';
export { paintCloseLine } from './paint-close-line.js';
export { paintClouds } from './paint-cloud.js';
export { dotsPath } from './dots-path.js';
export { paintLevels } from './paint-levels.js';
export { modeAxisTicks } from './mode-axis-ticks.js';
export { formatPercentTag, formatPercentTicks, percentBase, percentSplits } from './percent-scale.js';
export {
  LEFT_SCALE,
  leftAxisOptions,
  leftScaleEnv,
  leftScaleOptions,
  paintLeftComparisons,
} from './left-price-scale.js';

/** The module, as the renderer hands it to its panes once loaded. */
export type PaneExtras = typeof import('./pane-extras.js');
