import type { Bars } from '../core/data/index.js';
import type { CandleColors, PlotTransform } from './paint-candles.js';

/*
 * The candles and volume columns of a zoomed-out view, where bars are narrower than two device pixels:
 * one high/low line (or one column) per pixel column. A chunk of its own (issue #12): the first paint
 * of the default view (wider bars) never calls it. paint-candles.ts draws every bar until it is loaded.
 */

/** Up first, then down: the order the painters stroke and fill in (as paint-candles.ts). */
const DIRECTIONS = [true, false] as const;

/** Per-pixel-column scratch, grown on demand and reused every frame. */
let columns = { x: new Float64Array(0), hi: new Float64Array(0), lo: new Float64Array(0), up: new Uint8Array(0) };

function columnScratch(count: number): typeof columns {
  if (columns.x.length < count) {
    const n = Math.max(count, Math.ceil(columns.x.length * 1.5), 256);
    columns = { x: new Float64Array(n), hi: new Float64Array(n), lo: new Float64Array(n), up: new Uint8Array(n) };
  }
  return columns;
}

/**
 * Folds bars `i0..i1` into one high/low per device-pixel column (min/max decimation) and returns the
 * number of columns written to the scratch (`columns`). `hi`/`lo` come from `high`/`low`; `up` is the direction of
 * the column's first open to its last close (candles) or of its tallest bar (`byTallest`, volume).
 */
function decimate(bars: Bars, i0: number, i1: number, t: PlotTransform, byTallest: boolean): number {
  const cols = columnScratch(Math.ceil((i1 - i0 + 1) * Math.max(1, t.slot)) + 2);
  const { open, high, low, close, volume } = bars;
  let count = 0;
  let col = Math.floor(t.x(i0));
  let hi = -Infinity;
  let lo = Infinity;
  let o = open[i0];
  let c = close[i0];
  let tallest = 0;
  let rising = true;
  const flush = () => {
    if (byTallest ? tallest > 0 : hi >= lo) {
      cols.x[count] = col;
      cols.hi[count] = byTallest ? tallest : hi;
      cols.lo[count] = lo;
      cols.up[count] = (byTallest ? rising : c >= o) ? 1 : 0;
      count++;
    }
  };
  for (let i = i0; i <= i1; i++) {
    const x = Math.floor(t.x(i));
    if (x !== col) {
      flush();
      col = x;
      hi = -Infinity;
      lo = Infinity;
      tallest = 0;
      o = open[i];
    }
    if (high[i] > hi) hi = high[i];
    if (low[i] < lo) lo = low[i];
    c = close[i];
    if (byTallest && volume[i] > tallest) {
      tallest = volume[i];
      rising = close[i] >= open[i];
    }
  }
  flush();
  return count;
}

/** Candles of bars `i0..i1` (`i0 ≤ i1`) as one high/low line per pixel column, batched by colour. */
export function paintDecimatedCandles(
  ctx: CanvasRenderingContext2D,
  bars: Bars,
  i0: number,
  i1: number,
  t: PlotTransform,
  colors: CandleColors,
): void {
  const count = decimate(bars, i0, i1, t, false);
  const cols = columns;
  ctx.lineWidth = 1;
  for (const up of DIRECTIONS) {
    ctx.beginPath();
    for (let k = 0; k < count; k++) {
      if ((cols.up[k] === 1) !== up) continue;
      const x = cols.x[k] + 0.5;
      ctx.moveTo(x, t.y(cols.hi[k]));
      ctx.lineTo(x, t.y(cols.lo[k]) + 1);
    }
    ctx.strokeStyle = up ? colors.up : colors.down;
    ctx.stroke();
  }
}

/** Volume columns of bars `i0..i1` (`i0 ≤ i1`) from `baseY`, one per pixel column: its tallest bar's. */
export function paintDecimatedVolume(
  ctx: CanvasRenderingContext2D,
  bars: Bars,
  i0: number,
  i1: number,
  t: PlotTransform,
  colors: CandleColors,
  baseY: number,
): void {
  const count = decimate(bars, i0, i1, t, true);
  const cols = columns;
  for (const up of DIRECTIONS) {
    ctx.beginPath();
    for (let k = 0; k < count; k++) {
      if ((cols.up[k] === 1) !== up) continue;
      const y = t.y(cols.hi[k]);
      ctx.rect(cols.x[k], y, 1, baseY - y);
    }
    ctx.fillStyle = up ? colors.up : colors.down;
    ctx.fill();
  }
}
