import type uPlot from 'uplot';
import { createBarTimeScale, type BarTimeScale, type ChartCore } from '../../src/core/commands/index.js';
import type { DrawingMapper } from '../../src/core/drawings/index.js';
import type { ChartRenderer } from '../../src/render/index.js';
import { pxRatioOf } from '../../src/render/plot-pixel-ratio.js';

// Data ↔ plot pixels of a pane. Only chunks ask (the drawing layer, drawing-layer.ts; the context menu,
// context-menu.ts), so this and the bar/time scale (drawing-time-index.ts) stay out of the entry (issue #12).

/** Per time column: the scale of its first `length` bars (every pointer move and frame asks, the bars change seldom). */
const scales = new WeakMap<Float64Array, { length: number; scale: BarTimeScale }>();
const NO_TIMES = new Float64Array(0);

function barScale(core: ChartCore): BarTimeScale {
  const bars = core.store.peek('series')?.bars;
  const time = bars?.time ?? NO_TIMES;
  const length = bars?.length ?? 0;
  const known = scales.get(time);
  if (known?.length === length) return known.scale;
  const scale = createBarTimeScale(time, length);
  scales.set(time, { length, scale });
  return scale;
}

/** The mapper of plot `u` (CSS px from its top-left) over the loaded bars. */
export function plotMapper(core: ChartCore, u: uPlot): DrawingMapper {
  const scale = barScale(core);
  // uPlot always keeps a default 'y' scale; the pane's own value scale is the one its y axis shows.
  const yKey = u.axes[1]?.scale ?? u.series[1]?.scale ?? 'y';
  const pr = pxRatioOf(u);
  return {
    width: u.bbox.width / pr,
    height: u.bbox.height / pr,
    timeToX: (t) => u.valToPos(scale.toIndex(t), 'x'),
    timeToIndex: (t) => scale.toIndex(t),
    xToTime: (x) => scale.toTime(u.posToVal(x, 'x')),
    priceToY: (p) => u.valToPos(p, yKey),
    yToPrice: (y) => u.posToVal(y, yKey),
  };
}

/** The mapper of pane `paneId`, or null before it exists. */
export function paneMapper(core: ChartCore, renderer: ChartRenderer | null, paneId: string): DrawingMapper | null {
  const u = renderer?.pane(paneId)?.plot;
  return u ? plotMapper(core, u) : null;
}
