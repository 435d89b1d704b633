import uPlot from 'uplot';
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

/**
 * The crosshair's axis tags of one pane: the price at its y on the price axis, the time at its x on
 * the time axis. A canvas of their own over the plot's (hidden while empty), so moving the crosshair
 * repaints two small boxes, never the candles.
 */
export class CrosshairTags {
  readonly #canvas: HTMLCanvasElement;
  readonly #ctx: CanvasRenderingContext2D | null;
  #drawn: Box[] = [];

  constructor(parent: HTMLElement) {
    this.#canvas = document.createElement('canvas');
    this.#canvas.className = 'crosshair-tags';
    // Through the CSSOM (never a style attribute: strict CSP), so the chart's eager style sheet has no rule for it.
    Object.assign(this.#canvas.style, { position: 'absolute', left: '0', top: '0', pointerEvents: 'none' });
    this.#show(false);
    this.#canvas.setAttribute('aria-hidden', 'true');
    this.#ctx = this.#canvas.getContext('2d');
    parent.appendChild(this.#canvas);
  }

  /** Paints the tags at the cursor of `u` (CSS px in its plot area; negative: none). */
  paint(u: uPlot, pane: CrosshairTagPane): void {
    const th = pane.theme;
    const colors = { background: th.crosshairLabelBackground, color: th.crosshairLabelColor, font: th.font };
    const ctx = this.#ctx;
    if (!ctx) return;
    this.#clear(ctx);
    const left = u.cursor.left ?? -1;
    const top = u.cursor.top ?? -1;
    if (left < 0) return;
    const pr = uPlot.pxRatio;
    const w = Math.round(u.width * pr);
    const h = Math.round(u.height * pr);
    if (this.#canvas.width !== w || this.#canvas.height !== h) {
      this.#canvas.width = w;
      this.#canvas.height = h;
    }
    const bbox = u.bbox;
    ctx.font = scaledFont(colors.font, pr);
    ctx.textBaseline = 'middle';
    const fontPx = fontSize(colors.font) * pr;
    const tagH = Math.round(fontPx + 6 * pr);
    const pad = Math.round(5 * pr);
    if (top >= 0 && top <= bbox.height / pr) {
      const v = u.posToVal(top, pane.yScale);
      const label = Number.isFinite(v) ? pane.priceText(v) : '';
      if (label) {
        const y = Math.round(bbox.top + top * pr - tagH / 2);
        const aw = Math.round(pane.axisWidth * pr);
        const x = pane.side === 1 ? bbox.left + bbox.width : bbox.left - aw;
        this.#tag(ctx, { x, y: clamp(y, 0, h - tagH), w: aw, h: tagH }, label, pad, colors, 'left');
      }
    }
    const n = pane.time.length;
    if (pane.timeAxis > 0 && n > 0) {
      const i = Math.max(0, Math.min(n - 1, Math.round(u.posToVal(left, 'x'))));
      const label = formatBarTime(pane.time[i], pane.clock, pane.intraday);
      const tw = Math.ceil(ctx.measureText(label).width) + pad * 2;
      const x = clamp(Math.round(bbox.left + left * pr - tw / 2), 0, w - tw);
      const y = bbox.top + bbox.height + Math.round(2 * pr);
      const h2 = Math.min(tagH, Math.round(pane.timeAxis * pr) - Math.round(2 * pr));
      this.#tag(ctx, { x, y, w: tw, h: h2 }, label, pad, colors, 'center');
    }
    this.#show(this.#drawn.length > 0);
  }

  /** Hidden while empty: no transparent layer over the plot to composite on every pan frame. */
  #show(on: boolean): void {
    this.#canvas.style.display = on ? 'block' : 'none';
  }

  /** Removes the tags. */
  clear(): void {
    if (this.#ctx) this.#clear(this.#ctx);
  }

  destroy(): void {
    this.#canvas.remove();
  }

  #tag(
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
    this.#drawn.push(box);
  }

  #clear(ctx: CanvasRenderingContext2D): void {
    for (const b of this.#drawn) ctx.clearRect(b.x - 1, b.y - 1, b.w + 2, b.h + 2);
    this.#drawn = [];
    this.#show(false);
  }
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, v));
}

/** The px size of a CSS font shorthand (`11px system-ui`); 11 when it names none. */
function fontSize(font: string): number {
  const m = /(\d+(?:\.\d+)?)px/.exec(font);
  return m ? Number(m[1]) : 11;
}

/** The font at device pixels (the canvas is `devicePixelRatio` times its CSS size). */
function scaledFont(font: string, pr: number): string {
  return pr === 1 ? font : font.replace(/(\d+(?:\.\d+)?)px/, (_, n: string) => `${Number(n) * pr}px`);
}
