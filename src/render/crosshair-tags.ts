import uPlot from 'uplot';

/** What the tags of one pane write: the price at a y, the time at an x (null: that tag is not shown). */
export interface CrosshairTagText {
  price(top: number): string | null;
  time(left: number): string | null;
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
    this.#canvas.hidden = true;
    this.#canvas.setAttribute('aria-hidden', 'true');
    this.#ctx = this.#canvas.getContext('2d');
    parent.appendChild(this.#canvas);
  }

  /**
   * Paints the tags at the cursor of `u` (CSS px in its plot area; negative: none). `axis` is the
   * price axis's side (1 right, 3 left) and width, `timeAxis` the time axis's height (0: none).
   */
  paint(
    u: uPlot,
    text: CrosshairTagText,
    colors: { background: string; color: string; font: string },
    axis: { side: 1 | 3; width: number },
    timeAxis: number,
  ): void {
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
      const label = text.price(top);
      if (label) {
        const y = Math.round(bbox.top + top * pr - tagH / 2);
        const aw = Math.round(axis.width * pr);
        const x = axis.side === 1 ? bbox.left + bbox.width : bbox.left - aw;
        this.#tag(ctx, { x, y: clamp(y, 0, h - tagH), w: aw, h: tagH }, label, pad, colors, 'left');
      }
    }
    if (timeAxis > 0) {
      const label = text.time(left);
      if (label) {
        const tw = Math.ceil(ctx.measureText(label).width) + pad * 2;
        const cx = bbox.left + left * pr;
        const x = clamp(Math.round(cx - tw / 2), 0, w - tw);
        const y = bbox.top + bbox.height + Math.round(2 * pr);
        const th = Math.min(tagH, Math.round(timeAxis * pr) - Math.round(2 * pr));
        this.#tag(ctx, { x, y, w: tw, h: th }, label, pad, colors, 'center');
      }
    }
    this.#canvas.hidden = this.#drawn.length === 0;
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
    this.#canvas.hidden = true;
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
