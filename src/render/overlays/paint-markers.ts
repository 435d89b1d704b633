import type { ChartMarker } from '../../core/state/index.js';
import type { Bars } from '../../core/data/index.js';
import type { PlotTransform } from '../paint-candles.js';
import { markerStyles } from './marker-styles.js';
import { firstAtOrAfter, markerCentreY, markerMetrics } from './marker-geometry.js';
import { scaleFont } from './scale-font.js';

/** Most marker texts painted in one frame; beyond that only the shapes are drawn. */
const MAX_TEXTS = 300;

/** Per-frame scratch, reused across frames (grown when needed): no allocation per marker. */
let cap = 0;
let xs = new Int32Array(0);
let ys = new Float64Array(0);
let st = new Uint32Array(0);
let order = new Int32Array(0);
let runX = new Int32Array(0);
let runTop = new Float64Array(0);
let runBot = new Float64Array(0);
let styleCap = 0;
let styleCount = new Int32Array(0);
let styleStart = new Int32Array(0);
let styleSeen = new Uint32Array(0);
let frameStamp = 0;

function grow(visible: number, styles: number): void {
  if (visible > cap) {
    cap = Math.max(visible, cap * 2, 64);
    xs = new Int32Array(cap);
    ys = new Float64Array(cap);
    st = new Uint32Array(cap);
    order = new Int32Array(cap);
    runX = new Int32Array(cap);
    runTop = new Float64Array(cap);
    runBot = new Float64Array(cap);
  }
  if (styles > styleCap) {
    styleCap = Math.max(styles, styleCap * 2, 16);
    styleCount = new Int32Array(styleCap);
    styleStart = new Int32Array(styleCap);
    styleSeen = new Uint32Array(styleCap);
    frameStamp = 0;
  }
}

/**
 * Paints the markers (sorted by time) that fall on bars `i0..i1`, one Path2D per colour filled
 * once. A marker whose time is not a bar's start is skipped. Texts are drawn only while at most 300
 * markers are visible.
 *
 * Markers of one style (colour, shape, position) are bucketed per pixel column: several in a column
 * (more bars than pixels) become one shape stretched from the highest to the lowest, and a run of
 * adjacent columns at least a shape wide (one marker per pixel or more) is drawn as one band, its
 * outline following the markers, instead of a shape per column: the overlapping shapes would paint
 * that band anyway. Sparser markers are drawn shape by shape, exactly. All shapes wind clockwise,
 * so overlapping ones of one path never cancel under the nonzero rule; no `closePath` (fill closes
 * subpaths, and Chromium's Path2D closePath costs grow with the path's length).
 */
export function paintMarkers(
  ctx: CanvasRenderingContext2D,
  markers: readonly ChartMarker[],
  bars: Bars,
  i0: number,
  i1: number,
  t: PlotTransform,
  pixelRatio: number,
  font: string,
): void {
  const n = bars.length;
  if (markers.length === 0 || n === 0 || i1 < i0) return;
  const { time } = bars;
  const from = time[Math.max(0, i0)];
  const to = time[Math.min(n - 1, i1)];
  const styles = markerStyles(markers);
  const mt = styles.time;
  const k0 = firstAtOrAfter(mt, from);
  let k1 = k0;
  while (k1 < mt.length && mt[k1] <= to) k1++;
  if (k1 === k0) return;
  grow(k1 - k0, styles.shape.length);
  if (++frameStamp === 0xffffffff) {
    styleSeen.fill(0);
    frameStamp = 1;
  }
  const { size, gap } = markerMetrics(t, pixelRatio);
  const h = size / 2;
  const texts: { x: number; y: number; text: string; color: string; above: boolean }[] = [];
  let textOverflow = false;
  const anyText = styles.anyText;
  // Pass 1: position and style of every visible marker; styles in order of first appearance.
  const seen: number[] = [];
  const { styleOf, position } = styles;
  let v = 0;
  let i = Math.max(0, i0);
  for (let k = k0; k < k1; k++) {
    const mk = mt[k];
    while (i < n && time[i] < mk) i++;
    if (i >= n || time[i] !== mk) continue;
    const x = Math.round(t.x(i));
    const p = position[k];
    const cy = markerCentreY(p, i, bars, t, size, gap);
    const s = styleOf[k];
    xs[v] = x;
    ys[v] = Math.round(cy);
    st[v] = s;
    v++;
    if (styleSeen[s] !== frameStamp) {
      styleSeen[s] = frameStamp;
      styleCount[s] = 0;
      seen.push(s);
    }
    styleCount[s]++;
    if (!anyText || textOverflow) continue;
    const m = markers[k];
    if (!m.text) continue;
    if (texts.length >= MAX_TEXTS) textOverflow = true;
    else
      texts.push({
        x,
        y: p === 0 ? cy - h - gap : cy + h + gap,
        text: m.text,
        color: m.color,
        above: p !== 1,
      });
  }
  if (v === 0) return;
  // Counting sort by style (stable: each style's markers stay in x order).
  let start = 0;
  for (const s of seen) {
    styleStart[s] = start;
    start += styleCount[s];
  }
  for (let j = 0; j < v; j++) order[styleStart[st[j]]++] = j;
  // Pass 2: per style, columns and runs into the path of its colour.
  const paths = new Map<number, Path2D>();
  let at = 0;
  for (const s of seen) {
    const end = at + styleCount[s];
    const colour = styles.colorOf[s];
    let path = paths.get(colour);
    if (!path) paths.set(colour, (path = new Path2D()));
    paintStyle(path, styles.shape[s], styles.up[s], at, end, size);
    at = end;
  }
  for (const [colour, path] of paths) {
    ctx.fillStyle = styles.colors[colour];
    ctx.fill(path);
  }
  if (texts.length === 0 || textOverflow) return;
  ctx.font = scaleFont(font, pixelRatio);
  ctx.textAlign = 'center';
  for (const tx of texts) {
    ctx.fillStyle = tx.color;
    ctx.textBaseline = tx.above ? 'bottom' : 'top';
    ctx.fillText(tx.text, tx.x, tx.y);
  }
}

/** Markers `order[a..b)` (one style, in x order) into `path`: merged per column, banded per run. */
function paintStyle(path: Path2D, shape: ChartMarker['shape'], up: boolean, a: number, b: number, s: number): void {
  let runLength = 0;
  let colX = 0;
  let colMin = 0;
  let colMax = 0;
  const flushRun = () => {
    if (runLength >= s) addBand(path, runLength, s);
    else for (let c = 0; c < runLength; c++) addColumn(path, shape, up, runX[c], runTop[c], runBot[c], s);
    runLength = 0;
  };
  const endColumn = () => {
    if (runLength > 0 && colX - runX[runLength - 1] > 1) flushRun();
    runX[runLength] = colX;
    runTop[runLength] = colMin;
    runBot[runLength] = colMax;
    runLength++;
  };
  for (let j = a; j < b; j++) {
    const q = order[j];
    const x = xs[q];
    const y = ys[q];
    if (j > a && x === colX) {
      if (y < colMin) colMin = y;
      else if (y > colMax) colMax = y;
      continue;
    }
    if (j > a) endColumn();
    colX = x;
    colMin = colMax = y;
  }
  endColumn();
  flushRun();
}

/** One pixel column of a style: its shape, stretched from the highest marker to the lowest. */
function addColumn(
  path: Path2D,
  shape: ChartMarker['shape'],
  up: boolean,
  x: number,
  yMin: number,
  yMax: number,
  s: number,
): void {
  addShape(path, shape, up, x, yMin, s);
  if (yMax === yMin) return;
  path.rect(x - s / 2, yMin, s, yMax - yMin);
  addShape(path, shape, up, x, yMax, s);
}

/**
 * Columns `0..count` of the run buffers as one clockwise polygon, half a shape beyond each end,
 * with one vertex per shape width (the extreme of those columns): a finer outline costs raster time
 * and shows nothing a shape that wide would not cover.
 */
function addBand(path: Path2D, count: number, s: number): void {
  const h = s / 2;
  const last = count - 1;
  path.moveTo(runX[0] - h, runTop[0] - h);
  for (let c = 0; c < count; c += s) {
    const e = Math.min(count, c + s);
    let top = runTop[c];
    for (let d = c + 1; d < e; d++) if (runTop[d] < top) top = runTop[d];
    path.lineTo((runX[c] + runX[e - 1]) / 2, top - h);
  }
  path.lineTo(runX[last] + h, runTop[last] - h);
  path.lineTo(runX[last] + h, runBot[last] + h);
  for (let c = last - (last % s); c >= 0; c -= s) {
    const e = Math.min(count, c + s);
    let bottom = runBot[c];
    for (let d = c + 1; d < e; d++) if (runBot[d] > bottom) bottom = runBot[d];
    path.lineTo((runX[c] + runX[e - 1]) / 2, bottom + h);
  }
  path.lineTo(runX[0] - h, runBot[0] + h);
}

/** One marker shape centred on (x, y), `s` px wide, wound clockwise. */
function addShape(path: Path2D, shape: ChartMarker['shape'], up: boolean, x: number, y: number, s: number): void {
  const h = s / 2;
  switch (shape) {
    case 'circle':
      path.moveTo(x + h, y);
      path.arc(x, y, h, 0, Math.PI * 2);
      break;
    case 'square':
      path.rect(x - h, y - h, s, s);
      break;
    case 'flag':
      // Pole plus a pennant to its right.
      path.rect(x - h, y - h, Math.max(1, s / 6), s);
      path.moveTo(x - h, y - h);
      path.lineTo(x + h, y - h / 2);
      path.lineTo(x - h, y);
      break;
    default:
      // Arrow: points at the bar (down when above it, up otherwise).
      if (up) {
        path.moveTo(x - h, y + h);
        path.lineTo(x, y - h);
        path.lineTo(x + h, y + h);
      } else {
        path.moveTo(x - h, y - h);
        path.lineTo(x + h, y - h);
        path.lineTo(x, y + h);
      }
  }
}
