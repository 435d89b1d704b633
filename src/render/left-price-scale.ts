import type uPlot from 'uplot';
import { pxRatioOf } from './plot-pixel-ratio.js';
import type { ChartTheme } from './chart-theme.js';
import type { PlotTransform } from './paint-candles.js';
import { blankRange } from './blank-range.js';
import { formatAxisTicks } from './format-number.js';
import type { ViewRange } from '../core/state/index.js';

/** Scale key of the price pane's second (left) price scale. */
export const LEFT_SCALE = 'left';
/** Width of its axis, CSS px (the main axis's width). */
const LEFT_AXIS_SIZE = 64;

/** A comparison line as the pane sees it. */
export interface ScaledLine {
  readonly color: string;
  readonly closes: Float64Array;
  readonly scale?: 'left';
}

/** What the left scale needs from its pane. */
export interface LeftScaleEnv {
  comparisons(): readonly ScaledLine[];
  /** Visible bar range (indexes). */
  visible(): { i0: number; i1: number };
  theme(): ChartTheme;
  /** `left` or `right`: the side of the main price axis (the left scale takes the other side). */
  mainSide(): 'left' | 'right';
  /** Labels of its ticks (format-number.ts `formatAxisTicks`: decimals from the step). */
  format(splits: number[]): string[];
  /** Scales with nothing in view (blank-range.ts): no labels on them. */
  readonly blank: Set<string>;
}

/** What {@link leftScaleEnv} reads of its pane (pane-plot.ts `PaneEnv`). */
export interface LeftPaneEnv {
  comparisons(): readonly ScaledLine[];
  view(): ViewRange;
  bars(): { readonly length: number };
  theme(): ChartTheme;
  settings(): { readonly priceAxisSide: string };
  locale(): string;
}

/** The left scale's view of a pane with the environment `env` and blank scales `blank`. */
export function leftScaleEnv(env: LeftPaneEnv, blank: Set<string>): LeftScaleEnv {
  return {
    comparisons: () => env.comparisons(),
    visible: () => {
      const view = env.view();
      const n = env.bars().length;
      return { i0: Math.max(0, Math.floor(view.start)), i1: Math.min(n - 1, Math.ceil(view.end)) };
    },
    theme: () => env.theme(),
    blank,
    mainSide: () => (env.settings().priceAxisSide === 'left' ? 'left' : 'right'),
    format: (splits) => formatAxisTicks(splits, 'price', env.locale()),
  };
}

/**
 * The price pane's second scale (README "Overlays"): auto-ranged over the overlays put on it plus the
 * visible closes of comparisons put on it, padded like the main scale; [0, 1] and no labels while empty.
 */
export function leftScaleOptions(env: LeftScaleEnv): uPlot.Scale {
  return {
    auto: true,
    range: (_u, min, max) => {
      const { i0, i1 } = env.visible();
      for (const c of env.comparisons()) {
        if (c.scale !== 'left') continue;
        for (let i = i0; i <= i1 && i < c.closes.length; i++) {
          const v = c.closes[i];
          if (v < min || !Number.isFinite(min)) min = v;
          if (v > max || !Number.isFinite(max)) max = v;
        }
      }
      if (!(Number.isFinite(min) && Number.isFinite(max))) return blankRange(env.blank, LEFT_SCALE);
      env.blank.delete(LEFT_SCALE);
      if (min === max) return [min - (Math.abs(min) * 0.01 || 1), max + (Math.abs(max) * 0.01 || 1)];
      const pad = (max - min) * 0.08;
      return [min - pad, max + pad];
    },
  };
}

/**
 * Its axis, on the side opposite the main axis, without grid. Panes other than the price pane get the
 * same width without labels (`labels` false) so every pane's bars line up.
 */
export function leftAxisOptions(env: LeftScaleEnv, scale: string, labels: boolean): uPlot.Axis {
  const theme = env.theme();
  return {
    show: true,
    scale,
    side: env.mainSide() === 'left' ? 1 : 3,
    size: LEFT_AXIS_SIZE,
    stroke: theme.axis,
    font: theme.font,
    grid: { show: false },
    ticks: { show: false },
    gap: 6,
    values: (_u, splits) => (labels && !env.blank.has(scale) ? env.format(splits) : splits.map(() => '')),
  };
}

/** Comparisons put on the left scale, in their own prices. */
export function paintLeftComparisons(
  u: uPlot,
  ctx: CanvasRenderingContext2D,
  env: LeftScaleEnv,
  t: PlotTransform,
): void {
  const { i0, i1 } = env.visible();
  const y0 = u.valToPos(0, LEFT_SCALE, true);
  const k = u.valToPos(1, LEFT_SCALE, true) - y0;
  const step = t.slot < 1 ? Math.max(1, Math.floor(1 / t.slot)) : 1;
  for (const line of env.comparisons()) {
    if (line.scale !== 'left') continue;
    const path = new Path2D();
    let started = false;
    for (let i = i0; i <= i1 && i < line.closes.length; i += step) {
      const v = line.closes[i];
      if (!Number.isFinite(v)) continue;
      if (started) path.lineTo(t.x(i), y0 + k * v);
      else {
        path.moveTo(t.x(i), y0 + k * v);
        started = true;
      }
    }
    ctx.lineWidth = 1.5 * pxRatioOf(u);
    ctx.strokeStyle = line.color;
    ctx.stroke(path);
  }
}
