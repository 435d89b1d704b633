import type uPlot from 'uplot';
import { pxRatioOf } from './plot-pixel-ratio.js';
import { logPriceSplits } from './log-price-splits.js';
import { percentBase, percentSplits } from './percent-scale.js';

/**
 * The price axis's ticks under the log or percent scale (pane-plot.ts), all shown: round prices (uPlot's
 * log ticks, powers of ten, miss a usual price range), or round percentages from the first bar in view.
 */
export function modeAxisTicks(
  scale: 'log' | 'percent',
  env: { bars(): { readonly close: ArrayLike<number> }; view(): { readonly start: number } },
): Pick<uPlot.Axis, 'splits' | 'filter'> {
  const height = (u: uPlot) => u.bbox.height / pxRatioOf(u);
  return {
    splits:
      scale === 'log'
        ? (u: uPlot, _i: number, min: number, max: number) => logPriceSplits(min, max, height(u), 30)
        : (u: uPlot, _i: number, min: number, max: number) =>
            percentSplits(min, max, percentBase(env.bars().close, env.view().start), height(u), 30),
    filter: (_u: uPlot, splits: number[]) => splits,
  };
}
