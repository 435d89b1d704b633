import type uPlot from 'uplot';
import { pxRatioOf } from './plot-pixel-ratio.js';
import type { ChartTheme } from './chart-theme.js';
import { formatBarTime } from './time-ticks.js';
import type { ZonedClock } from './zoned-clock.js';

/** What the tags of one pane show, and where its axes are. */
export interface CrosshairTagPane {
  /** The pane's y scale. */
  readonly yScale: string;
  /** A price as the pane's axis writes it. */
  priceText(value: number): string;
  /** Times of the x slots (the time tag's text). */
  readonly time: Float64Array;
  readonly clock: ZonedClock;
  readonly intraday: boolean;
  readonly theme: ChartTheme;
  /** The price axis's side (1 right, 3 left) and width, CSS px. */
  readonly side: 1 | 3;
  readonly axisWidth: number;
  /** The time axis's height under the plot (0: none), CSS px. */
  readonly timeAxis: number;
}

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** One small canvas over an axis strip of the pane (CSS px), hidden while it holds no tag. */
class TagLayer {
  readonly canvas: HTMLCanvasElement;
  readonly ctx: CanvasRenderingContext2D | null;
  #drawn = false;

  constructor(parent: HTMLElement) {
    this.canvas = document.createElement('canvas');
    this.canvas.className = 'crosshair-tags';
    Object.assign(this.canvas.style, { position: 'absolute', pointerEvents: 'none', display: 'none' });
    this.canvas.setAttribute('aria-hidden', 'true');
    this.ctx = this.canvas.getContext('2d');
    parent.appendChild(this.canvas);
  }

  /** Places the layer over `box` (device px of the pane) and returns its context, cleared. */
  begin(box: Box, pr: number): CanvasRenderingContext2D | null {
    const ctx = this.ctx;
    if (!ctx) return null;
    const w = Math.max(1, Math.round(box.w));
    const h = Math.max(1, Math.round(box.h));
    if (this.canvas.width !== w || this.canvas.height !== h) {
      this.canvas.width = w;
      this.canvas.height = h;
      this.canvas.style.width = `${w / pr}px`;
      this.canvas.style.height = `${h / pr}px`;
    } else if (this.#drawn) ctx.clearRect(0, 0, w, h);
    this.canvas.style.left = `${box.x / pr}px`;
    this.canvas.style.top = `${box.y / pr}px`;
    this.#drawn = false;
    return ctx;
  }

  /** Shows the layer when something was drawn since {@link begin}. */
  end(drawn: boolean): void {
    this.#drawn = drawn;
    this.canvas.style.display = drawn ? 'block' : 'none';
  }

  clear(): void {
    if (this.#drawn && this.ctx) this.ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    this.end(false);
  }
}

/**
 * The crosshair's axis tags of one pane: the price at its y on the price axis, the time at its x on
 * the time axis. Each on a canvas the size of its axis strip (hidden while empty), so moving the
 * crosshair, or zooming with the pointer over the plot, repaints and composites two small strips,
 * never a layer the size of the plot.
 */
export class CrosshairTags {
  readonly #price: TagLayer;
  readonly #time: TagLayer;

  constructor(parent: HTMLElement) {
    this.#price = new TagLayer(parent);
    this.#time = new TagLayer(parent);
  }

  /** Paints the tags at the cursor of `u` (CSS px in its plot area; negative: none). */
  paint(u: uPlot, pane: CrosshairTagPane): void {
    const th = pane.theme;
    const colors = { background: th.crosshairLabelBackground, color: th.crosshairLabelColor, font: th.font };
    const left = u.cursor.left ?? -1;
    const top = u.cursor.top ?? -1;
    if (left < 0) return this.clear();
    const pr = pxRatioOf(u);
    const bbox = u.bbox;
    const fontPx = fontSize(colors.font) * pr;
    const tagH = Math.round(fontPx + 6 * pr);
    const pad = Math.round(5 * pr);
    const font = scaledFont(colors.font, pr);

    // The price axis strip: the axis beside the plot, the plot's height.
    const aw = Math.round(pane.axisWidth * pr);
    const priceBox = {
      x: pane.side === 1 ? bbox.left + bbox.width : bbox.left - aw,
      y: bbox.top,
      w: aw,
      h: bbox.height,
    };
    let priceDrawn = false;
    if (top >= 0 && top <= bbox.height / pr) {
      const v = u.posToVal(top, pane.yScale);
      const label = Number.isFinite(v) ? pane.priceText(v) : '';
      const ctx = label ? this.#price.begin(priceBox, pr) : null;
      if (ctx) {
        ctx.font = font;
        ctx.textBaseline = 'middle';
        const y = clamp(Math.round(top * pr - tagH / 2), 0, priceBox.h - tagH);
        tag(ctx, { x: 0, y, w: aw, h: tagH }, label, pad, colors, 'left');
        priceDrawn = true;
      }
    }
    if (priceDrawn) this.#price.end(true);
    else this.#price.clear();

    // The time axis strip under the plot, the whole pane's width.
    const n = pane.time.length;
    let timeDrawn = false;
    if (pane.timeAxis > 0 && n > 0) {
      const w = Math.round(u.width * pr);
      const stripH = Math.round(pane.timeAxis * pr);
      const ctx = this.#time.begin({ x: 0, y: bbox.top + bbox.height, w, h: stripH }, pr);
      if (ctx) {
        ctx.font = font;
        ctx.textBaseline = 'middle';
        const i = Math.max(0, Math.min(n - 1, Math.round(u.posToVal(left, 'x'))));
        const label = formatBarTime(pane.time[i], pane.clock, pane.intraday);
        const tw = Math.ceil(ctx.measureText(label).width) + pad * 2;
        const x = clamp(Math.round(bbox.left + left * pr - tw / 2), 0, w - tw);
        const y = Math.round(2 * pr);
        tag(ctx, { x, y, w: tw, h: Math.min(tagH, stripH - y) }, label, pad, colors, 'center');
        timeDrawn = true;
      }
    }
    if (timeDrawn) this.#time.end(true);
    else this.#time.clear();
  }

  /** Removes the tags. */
  clear(): void {
    this.#price.clear();
    this.#time.clear();
  }

  destroy(): void {
    this.#price.canvas.remove();
    this.#time.canvas.remove();
  }
}

function tag(
  ctx: CanvasRenderingContext2D,
  box: Box,
  label: string,
  pad: number,
  colors: { background: string; color: string },
  align: 'left' | 'center',
): void {
  ctx.fillStyle = colors.background;
  ctx.fillRect(box.x, box.y, box.w, box.h);
  ctx.fillStyle = colors.color;
  ctx.textAlign = align;
  ctx.fillText(label, align === 'left' ? box.x + pad : box.x + box.w / 2, box.y + box.h / 2, box.w - pad);
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, v));
}

/** The px size of a CSS font shorthand (`11px system-ui`); 11 when it names none. */
function fontSize(font: string): number {
  const m = /(\d+(?:\.\d+)?)px/.exec(font);
  return m ? Number(m[1]) : 11;
}

/** The font at device pixels (the canvas is the plot's pixel ratio times its CSS size). */
function scaledFont(font: string, pr: number): string {
  return pr === 1 ? font : font.replace(/(\d+(?:\.\d+)?)px/, (_, n: string) => `${Number(n) * pr}px`);
}
