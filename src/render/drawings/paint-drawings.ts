import {
  drawingAnchors,
  drawingGeometryInput,
  drawingSegments,
  getDrawingKind,
  type Drawing,
  type DrawingMapper,
  type DrawingPrimitive,
  type DrawingWords,
} from '../../core/drawings/index.js';
import { dashPattern } from './dash-pattern.js';

/** Colours and font of the drawing layer. */
export interface DrawingTheme {
  /** Colour of measurement text (price range). */
  readonly text: string;
  /** Fill of anchor handles. */
  readonly background: string;
  /** CSS font of labels and text drawings, e.g. `12px sans-serif`. */
  readonly font: string;
  /** Fills of rising / falling zones (position drawings); the drawing's colour when absent. */
  readonly up?: string;
  readonly down?: string;
}

/** Options of `paintDrawings`. */
export interface PaintDrawingsOptions {
  readonly selectedIds: ReadonlySet<string>;
  readonly hoverId?: string;
  /** Painted instead of the drawing with the same id (a drag), or on top when it is new (placing). */
  readonly preview?: Drawing;
  /** Device pixels per CSS pixel. */
  readonly pixelRatio: number;
  readonly theme: DrawingTheme;
  /** Top-left of the plot rect in the canvas, CSS px; default (0, 0). */
  readonly origin?: { readonly x: number; readonly y: number };
  /** Price formatter for fib and price-range labels. */
  readonly formatPrice?: (price: number, ref: number) => string;
  /** Words of canvas labels (`42 bars`) in the chart's language; default English. */
  readonly words?: DrawingWords;
}

/** Side of an anchor handle, CSS px. */
export const HANDLE_SIZE = 7;

/**
 * Sets canvas state only when it changes (a context property write is not free, and a
 * `setLineDash` allocates), so consecutive drawings with the same style cost no state changes.
 */
class CanvasState {
  #stroke = '';
  #fill = '';
  #lineWidth = -1;
  #dashKey = '';
  #alpha = 1;
  #font = '';
  #align: CanvasTextAlign | '' = '';
  #baseline: CanvasTextBaseline | '' = '';

  readonly #ctx: CanvasRenderingContext2D;

  constructor(ctx: CanvasRenderingContext2D) {
    this.#ctx = ctx;
  }

  strokeStyle(v: string): void {
    if (v !== this.#stroke) this.#ctx.strokeStyle = this.#stroke = v;
  }
  fillStyle(v: string): void {
    if (v !== this.#fill) this.#ctx.fillStyle = this.#fill = v;
  }
  width(v: number): void {
    if (v !== this.#lineWidth) this.#ctx.lineWidth = this.#lineWidth = v;
  }
  dash(segments: number[]): void {
    const key = segments.join(',');
    if (key !== this.#dashKey) {
      this.#dashKey = key;
      this.#ctx.setLineDash(segments);
    }
  }
  globalAlpha(v: number): void {
    if (v !== this.#alpha) this.#ctx.globalAlpha = this.#alpha = v;
  }
  text(font: string, align: CanvasTextAlign, baseline: CanvasTextBaseline): void {
    if (font !== this.#font) this.#ctx.font = this.#font = font;
    if (align !== this.#align) this.#ctx.textAlign = this.#align = align;
    if (baseline !== this.#baseline) this.#ctx.textBaseline = this.#baseline = baseline;
  }
}

function paintOne(
  ctx: CanvasRenderingContext2D,
  s: CanvasState,
  d: Drawing,
  prims: DrawingPrimitive[],
  theme: DrawingTheme,
): void {
  const { color, width, dash } = d.style;
  // Fills first so outlines and text stay crisp on top.
  for (const p of prims) {
    if (p.type === 'rect' && p.fillAlpha > 0) {
      s.fillStyle((p.tone && theme[p.tone]) || color);
      s.globalAlpha(p.fillAlpha);
      ctx.fillRect(p.x, p.y, p.w, p.h);
    }
  }
  s.globalAlpha(1);

  let stroked = false;
  ctx.beginPath();
  for (const p of prims) {
    if (p.type === 'segment') {
      ctx.moveTo(p.x1, p.y1);
      ctx.lineTo(p.x2, p.y2);
      stroked = true;
    } else if (p.type === 'rect' && p.stroke) {
      ctx.rect(p.x, p.y, p.w, p.h);
      stroked = true;
    }
  }
  if (stroked) {
    s.strokeStyle(color);
    s.width(width);
    s.dash(dashPattern(dash, width));
    ctx.stroke();
  }

  for (const p of prims) {
    if (p.type === 'polygon') {
      ctx.beginPath();
      ctx.moveTo(p.points[0], p.points[1]);
      for (let i = 2; i < p.points.length; i += 2) ctx.lineTo(p.points[i], p.points[i + 1]);
      ctx.closePath();
      s.fillStyle(color);
      ctx.fill();
    } else if (p.type === 'text') {
      s.text(theme.font, p.align, p.baseline);
      s.fillStyle(p.tone === 'theme' ? theme.text : color);
      // fillText paints the string as glyphs: model or user text is never interpreted.
      ctx.fillText(p.text, p.x, p.y);
    }
  }
}

function paintHandles(
  ctx: CanvasRenderingContext2D,
  s: CanvasState,
  d: Drawing,
  mapper: DrawingMapper,
  theme: DrawingTheme,
): void {
  const half = HANDLE_SIZE / 2;
  s.fillStyle(theme.background);
  s.strokeStyle(d.style.color);
  s.width(1);
  s.dash([]);
  for (const a of drawingAnchors(d, mapper)) {
    ctx.fillRect(a.x - half, a.y - half, HANDLE_SIZE, HANDLE_SIZE);
    ctx.strokeRect(a.x - half, a.y - half, HANDLE_SIZE, HANDLE_SIZE);
  }
}

/**
 * Paints `drawings` (one pane's) in z order, clipped to the plot rect: lines with their width,
 * dash and colour, labels, fib levels, the price-range fill, and square handles on the selected and
 * hovered drawings. `preview` replaces the drawing with its id or is painted on top.
 * Leaves the context's state as it found it.
 */
export function paintDrawings(
  ctx: CanvasRenderingContext2D,
  drawings: readonly Drawing[],
  mapper: DrawingMapper,
  options: PaintDrawingsOptions,
): void {
  const { preview, theme, pixelRatio: pr } = options;
  const list = drawings
    .map((d, i) => ({ d: preview && d.id === preview.id ? preview : d, i }))
    .sort((p, q) => p.d.z - q.d.z || p.i - q.i)
    .map((e) => e.d);
  if (preview && !drawings.some((d) => d.id === preview.id)) list.push(preview);
  if (list.length === 0) return;

  ctx.save();
  ctx.translate((options.origin?.x ?? 0) * pr, (options.origin?.y ?? 0) * pr);
  ctx.scale(pr, pr);
  ctx.beginPath();
  ctx.rect(0, 0, mapper.width, mapper.height);
  ctx.clip();
  // The cache below assumes full opacity; a caller's globalAlpha must not leak into the drawings.
  ctx.globalAlpha = 1;
  ctx.lineJoin = 'round';
  ctx.lineCap = 'butt';
  let s = new CanvasState(ctx);
  const geometry = { formatPrice: options.formatPrice, words: options.words };
  for (const d of list) {
    const prims = drawingSegments(d, mapper, geometry);
    const own = getDrawingKind(d.kind)?.paint;
    if (!own) {
      paintOne(ctx, s, d, prims, theme);
      continue;
    }
    // A kind's own painter gets a clean state and may leave any; the cache must forget it.
    ctx.save();
    try {
      own(ctx, prims, drawingGeometryInput(d, mapper, geometry));
    } catch (error) {
      console.error(`drawing kind '${d.kind}' paint failed`, error);
    }
    ctx.restore();
    s = new CanvasState(ctx);
  }
  for (const d of list) {
    if (options.selectedIds.has(d.id) || options.hoverId === d.id) paintHandles(ctx, s, d, mapper, theme);
  }
  ctx.restore();
}
