import type uPlot from 'uplot';
import { pxRatioOf } from '../../src/render/plot-pixel-ratio.js';
import type { Bars } from '../../src/core/data/index.js';
import type { PlotTransform } from '../../src/render/index.js';
import type { PrimitiveScales } from './chart-primitive.js';
import { priceScaleKey } from './price-line-drag.js';

/**
 * The scales a host primitive paints pane `paneId` of plot `u` with (chart-primitive.ts); part of
 * the overlay layer's lazy chunk (overlay-layer-parts.ts).
 */
export function primitiveScales(u: uPlot, paneId: string, t: PlotTransform, bars: Bars): PrimitiveScales {
  const yKey = priceScaleKey(u);
  const pr = pxRatioOf(u);
  const n = bars.length;
  return {
    paneId,
    pixelRatio: pr,
    plot: { left: u.bbox.left, top: u.bbox.top, width: u.bbox.width, height: u.bbox.height },
    bars,
    firstIndex: Math.max(0, Math.floor(u.scales.x.min ?? 0)),
    lastIndex: Math.min(n - 1, Math.ceil(u.scales.x.max ?? n)),
    barSpacing: t.slot,
    indexToX: (i) => t.x(i),
    timeToX: (time) => {
      if (n === 0 || time < bars.time[0] || time > bars.time[n - 1]) return null;
      let lo = 0;
      let hi = n;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (bars.time[mid] <= time) lo = mid + 1;
        else hi = mid;
      }
      return t.x(lo - 1);
    },
    priceToY: (p) => u.valToPos(p, yKey, true),
    yToPrice: (y) => u.posToVal((y - u.bbox.top) / pr, yKey),
  };
}
