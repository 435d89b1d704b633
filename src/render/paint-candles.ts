import type { Bars } from '../core/data/index.js';
import type { CandleStyle } from '../core/state/index.js';
import { lazyModule } from '../core/tools/lazy-module.js';

/** Maps bar index and price to canvas pixels (device pixels). */
export interface PlotTransform {
  /** Canvas x of the centre of bar `i`. */
  x(i: number): number;
  /** Canvas y of a price. */
  y(price: number): number;
  /** Width of one bar slot in canvas pixels. */
  readonly slot: number;
}

export interface CandleColors {
  readonly up: string;
  readonly down: string;
  /** Colour of `line` / `area` series. */
  readonly line: string;
  readonly areaFill: string;
}

/** Up first, then down: the order every painter below strokes and fills in. */
const DIRECTIONS = [true, false] as const;

/** The painters of bars narrower than two device pixels (paint-decimated.ts), once loaded. */
let decimated: typeof import('./paint-decimated.js') | null = null;

/**
 * Loads the zoomed-out painters: a chunk of their own (issue #12), asked for by a pane whose bars get narrow
 * (pane-plot.ts, chart-renderer.ts `narrowBars`). Until they are here every bar is drawn, the same candles
 * and columns only slower when zoomed far out.
 */
export const loadDecimatedPainters = lazyModule(() =>
  import('./paint-decimated.js').then((module) => {
    decimated = module;
  }),
);

/**
 * Draws bars `i0..i1` batched by colour: all rising wicks in one path, all falling in another, the
 * bodies likewise, each stroked or filled once. The paths are the context's own (`beginPath`), so a
 * frame allocates nothing. Bars narrower than two pixels fold into one high/low line per pixel
 * column (min/max decimation, paint-decimated.ts once loaded), so a million bars cost about one pass. The `line` and `area` styles
 * are paint-close-line.ts (in the pane-extras chunk, issue #12); given here, they draw solid candles.
 */
export function paintCandles(
  ctx: CanvasRenderingContext2D,
  bars: Bars,
  i0: number,
  i1: number,
  t: PlotTransform,
  style: CandleStyle,
  colors: CandleColors,
  pixelRatio: number,
): void {
  if (i1 < i0) return;
  const { open, high, low, close } = bars;
  if (t.slot < 2 && decimated) return decimated.paintDecimatedCandles(ctx, bars, i0, i1, t, colors);
  const bodyW = Math.max(1, Math.round(t.slot * 0.7));
  const half = bodyW / 2;
  const wickW = Math.max(1, Math.round(pixelRatio));
  const ohlc = style === 'ohlc';
  const odd = wickW % 2 ? 0.5 : 0;
  ctx.lineWidth = wickW;
  for (const up of DIRECTIONS) {
    ctx.beginPath();
    for (let i = i0; i <= i1; i++) {
      const o = open[i];
      const c = close[i];
      if (!(o === o && c === c) || c >= o !== up) continue; // NaN gap, or the other colour
      const xc = Math.round(t.x(i));
      const wx = xc + odd;
      const yo = t.y(o);
      const yc = t.y(c);
      const yh = t.y(high[i]);
      const yl = t.y(low[i]);
      if (ohlc) {
        ctx.moveTo(wx, yh);
        ctx.lineTo(wx, yl);
        ctx.moveTo(xc - half, Math.round(yo) + 0.5);
        ctx.lineTo(wx, Math.round(yo) + 0.5);
        ctx.moveTo(wx, Math.round(yc) + 0.5);
        ctx.lineTo(xc + half, Math.round(yc) + 0.5);
        continue;
      }
      const top = Math.min(yo, yc);
      const h = Math.max(1, Math.abs(yc - yo));
      ctx.moveTo(wx, yh);
      ctx.lineTo(wx, top);
      ctx.moveTo(wx, top + h);
      ctx.lineTo(wx, yl);
    }
    ctx.strokeStyle = up ? colors.up : colors.down;
    ctx.stroke();
  }
  if (ohlc) return;
  for (const up of DIRECTIONS) {
    const hollow = up && style === 'hollow';
    if (hollow) ctx.beginPath();
    else ctx.fillStyle = up ? colors.up : colors.down;
    for (let i = i0; i <= i1; i++) {
      const o = open[i];
      const c = close[i];
      if (!(o === o && c === c) || c >= o !== up) continue;
      const xc = Math.round(t.x(i));
      const yo = t.y(o);
      const yc = t.y(c);
      const top = Math.min(yo, yc);
      const h = Math.max(1, Math.abs(yc - yo));
      // Whole device pixels and no two bodies overlapping (bodyW ≤ the slot): one fillRect each paints the pixels
      // one filled path of them all did, and Skia rasterises it far faster than it scans that anti-aliased path
      // (bench/README.md, API pan).
      if (hollow) ctx.rect(Math.round(xc - half), Math.round(top), bodyW, Math.round(h) || 1);
      else ctx.fillRect(Math.round(xc - half), Math.round(top), bodyW, Math.round(h) || 1);
    }
    if (hollow) {
      ctx.lineWidth = wickW;
      ctx.strokeStyle = colors.up;
      ctx.stroke();
    }
  }
}

/**
 * Volume columns from the pane's zero line, coloured by the bar's direction.
 */
export function paintVolume(
  ctx: CanvasRenderingContext2D,
  bars: Bars,
  i0: number,
  i1: number,
  t: PlotTransform,
  colors: CandleColors,
  baseY: number,
): void {
  if (i1 < i0) return;
  const w = Math.max(1, Math.round(t.slot * 0.7));
  const { open, close, volume } = bars;
  if (t.slot < 2 && decimated) return decimated.paintDecimatedVolume(ctx, bars, i0, i1, t, colors, baseY);
  // Whole pixels, columns apart (w ≤ the slot): a fillRect each, as the candle bodies (paintCandles).
  for (const up of DIRECTIONS) {
    ctx.fillStyle = up ? colors.up : colors.down;
    for (let i = i0; i <= i1; i++) {
      const v = volume[i];
      if (!(v > 0) || close[i] >= open[i] !== up) continue;
      const y = t.y(v);
      ctx.fillRect(Math.round(t.x(i) - w / 2), Math.round(y), w, Math.max(1, Math.round(baseY - y)));
    }
  }
}
