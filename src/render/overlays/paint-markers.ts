import type { ChartMarker } from '../../core/state/index.js';
import type { Bars } from '../../core/data/index.js';
import type { PlotTransform } from '../paint-candles.js';

/** Most marker texts painted in one frame; beyond that only the shapes are drawn. */
const MAX_TEXTS = 300;

/**
 * Paints the markers (sorted by time) that fall on bars `i0..i1`: one Path2D per colour and shape,
 * each filled once, so 10,000 markers cost a handful of fills. A marker whose time is not a bar's
 * start is skipped. Texts are drawn only while at most 300 markers are visible.
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
  const { time, high, low, close } = bars;
  const from = time[Math.max(0, i0)];
  const to = time[Math.min(n - 1, i1)];
  let k = firstAtOrAfter(markers, from);
  const size = Math.round(Math.max(5, Math.min(9, (t.slot / pixelRatio) * 0.8)) * pixelRatio);
  const gap = Math.round(3 * pixelRatio);
  const paths = new Map<string, Path2D>();
  const texts: { x: number; y: number; text: string; color: string; above: boolean }[] = [];
  let textOverflow = false;
  let i = Math.max(0, i0);
  for (; k < markers.length; k++) {
    const m = markers[k];
    if (m.time > to) break;
    while (i < n && time[i] < m.time) i++;
    if (i >= n || time[i] !== m.time) continue;
    const x = Math.round(t.x(i));
    let cy: number;
    if (m.position === 'above') cy = t.y(high[i]) - gap - size / 2;
    else if (m.position === 'below') cy = t.y(low[i]) + gap + size / 2;
    else cy = t.y(close[i]);
    const key = `${m.color}|${m.shape}`;
    let path = paths.get(key);
    if (!path) paths.set(key, (path = new Path2D()));
    addShape(path, m.shape, m.position, x, Math.round(cy), size);
    if (m.text && !textOverflow) {
      if (texts.length >= MAX_TEXTS) textOverflow = true;
      else
        texts.push({
          x,
          y: m.position === 'above' ? cy - size / 2 - gap : cy + size / 2 + gap,
          text: m.text,
          color: m.color,
          above: m.position !== 'below',
        });
    }
  }
  for (const [key, path] of paths) {
    ctx.fillStyle = key.slice(0, key.lastIndexOf('|'));
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

function addShape(
  path: Path2D,
  shape: ChartMarker['shape'],
  position: ChartMarker['position'],
  x: number,
  y: number,
  s: number,
): void {
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
      path.closePath();
      break;
    default:
      // Arrow: points at the bar (down when above it, up otherwise).
      if (position === 'above') {
        path.moveTo(x - h, y - h);
        path.lineTo(x + h, y - h);
        path.lineTo(x, y + h);
      } else {
        path.moveTo(x - h, y + h);
        path.lineTo(x + h, y + h);
        path.lineTo(x, y - h);
      }
      path.closePath();
  }
}

function firstAtOrAfter(markers: readonly ChartMarker[], t: number): number {
  let lo = 0;
  let hi = markers.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (markers[mid].time < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The theme font with its px size multiplied by the device pixel ratio (canvas px). */
export function scaleFont(font: string, pixelRatio: number): string {
  return font.replace(/(\d+(?:\.\d+)?)px/, (_m, px: string) => `${Math.round(Number(px) * pixelRatio)}px`);
}
