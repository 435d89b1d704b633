import type { Bars } from '../core/data/index.js';
import type { CandleStyle } from '../core/state/index.js';

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

/**
 * Draws bars `i0..i1` batched by colour: all rising bodies in one Path2D, all falling in another,
 * wicks likewise, each filled or stroked once. Bars narrower than a pixel fold into one high/low
 * line per pixel column (min/max decimation) so a million bars cost about one pass.
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
  if (style === 'line' || style === 'area') return paintLine(ctx, bars, i0, i1, t, style, colors, pixelRatio);
  const { open, high, low, close } = bars;
  const upWick = new Path2D();
  const downWick = new Path2D();
  if (t.slot < 2) {
    // Decimate: one vertical line per device-pixel column.
    let col = Math.floor(t.x(i0));
    let hi = -Infinity;
    let lo = Infinity;
    let o = open[i0];
    let c = close[i0];
    const flush = () => {
      if (hi >= lo) {
        const path = c >= o ? upWick : downWick;
        const x = col + 0.5;
        path.moveTo(x, t.y(hi));
        path.lineTo(x, t.y(lo) + 1);
      }
    };
    for (let i = i0; i <= i1; i++) {
      const x = Math.floor(t.x(i));
      if (x !== col) {
        flush();
        col = x;
        hi = -Infinity;
        lo = Infinity;
        o = open[i];
      }
      if (high[i] > hi) hi = high[i];
      if (low[i] < lo) lo = low[i];
      c = close[i];
    }
    flush();
    ctx.lineWidth = 1;
    strokeIf(ctx, upWick, colors.up);
    strokeIf(ctx, downWick, colors.down);
    return;
  }
  const bodyW = Math.max(1, Math.round(t.slot * 0.7));
  const half = bodyW / 2;
  const wickW = Math.max(1, Math.round(pixelRatio));
  const upBody = new Path2D();
  const downBody = new Path2D();
  const ohlc = style === 'ohlc';
  for (let i = i0; i <= i1; i++) {
    const o = open[i];
    const c = close[i];
    if (!(o === o && c === c)) continue; // NaN gap
    const up = c >= o;
    const xc = Math.round(t.x(i));
    const yo = t.y(o);
    const yc = t.y(c);
    const yh = t.y(high[i]);
    const yl = t.y(low[i]);
    const wick = up ? upWick : downWick;
    const wx = xc + (wickW % 2 ? 0.5 : 0);
    if (ohlc) {
      wick.moveTo(wx, yh);
      wick.lineTo(wx, yl);
      wick.moveTo(xc - half, Math.round(yo) + 0.5);
      wick.lineTo(wx, Math.round(yo) + 0.5);
      wick.moveTo(wx, Math.round(yc) + 0.5);
      wick.lineTo(xc + half, Math.round(yc) + 0.5);
      continue;
    }
    const top = Math.min(yo, yc);
    const h = Math.max(1, Math.abs(yc - yo));
    wick.moveTo(wx, yh);
    wick.lineTo(wx, top);
    wick.moveTo(wx, top + h);
    wick.lineTo(wx, yl);
    (up ? upBody : downBody).rect(Math.round(xc - half), Math.round(top), bodyW, Math.round(h) || 1);
  }
  ctx.lineWidth = wickW;
  strokeIf(ctx, upWick, colors.up);
  strokeIf(ctx, downWick, colors.down);
  if (ohlc) return;
  if (style === 'hollow') {
    ctx.lineWidth = Math.max(1, Math.round(pixelRatio));
    strokeIf(ctx, upBody, colors.up);
  } else {
    fillIf(ctx, upBody, colors.up);
  }
  fillIf(ctx, downBody, colors.down);
}

function paintLine(
  ctx: CanvasRenderingContext2D,
  bars: Bars,
  i0: number,
  i1: number,
  t: PlotTransform,
  style: CandleStyle,
  colors: CandleColors,
  pixelRatio: number,
): void {
  const path = new Path2D();
  let started = false;
  let firstX = 0;
  let lastX = 0;
  const step = t.slot < 1 ? Math.max(1, Math.floor(1 / t.slot)) : 1;
  for (let i = i0; i <= i1; i += step) {
    const c = bars.close[i];
    if (c !== c) continue;
    const x = t.x(i);
    if (!started) {
      path.moveTo(x, t.y(c));
      firstX = x;
      started = true;
    } else path.lineTo(x, t.y(c));
    lastX = x;
  }
  if (!started) return;
  if (style === 'area') {
    const fill = new Path2D(path);
    const bottom = ctx.canvas.height;
    fill.lineTo(lastX, bottom);
    fill.lineTo(firstX, bottom);
    fill.closePath();
    ctx.fillStyle = colors.areaFill;
    ctx.fill(fill);
  }
  ctx.lineWidth = 1.5 * pixelRatio;
  ctx.strokeStyle = colors.line;
  ctx.stroke(path);
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
  const up = new Path2D();
  const down = new Path2D();
  const w = Math.max(1, Math.round(t.slot * 0.7));
  const { open, close, volume } = bars;
  if (t.slot < 2) {
    let col = Math.floor(t.x(i0));
    let max = 0;
    let rising = true;
    const flush = () => {
      if (max > 0) (rising ? up : down).rect(col, t.y(max), 1, baseY - t.y(max));
    };
    for (let i = i0; i <= i1; i++) {
      const x = Math.floor(t.x(i));
      if (x !== col) {
        flush();
        col = x;
        max = 0;
      }
      if (volume[i] > max) {
        max = volume[i];
        rising = close[i] >= open[i];
      }
    }
    flush();
  } else {
    for (let i = i0; i <= i1; i++) {
      const v = volume[i];
      if (!(v > 0)) continue;
      const y = t.y(v);
      (close[i] >= open[i] ? up : down).rect(
        Math.round(t.x(i) - w / 2),
        Math.round(y),
        w,
        Math.max(1, Math.round(baseY - y)),
      );
    }
  }
  fillIf(ctx, up, colors.up);
  fillIf(ctx, down, colors.down);
}

function fillIf(ctx: CanvasRenderingContext2D, path: Path2D, color: string): void {
  ctx.fillStyle = color;
  ctx.fill(path);
}

function strokeIf(ctx: CanvasRenderingContext2D, path: Path2D, color: string): void {
  ctx.strokeStyle = color;
  ctx.stroke(path);
}
