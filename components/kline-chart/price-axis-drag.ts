import type { ChartRenderer, PriceRange } from '../../src/render/index.js';
import { clientScale } from '../../src/render/client-scale.js';
import { adoptInputStyles } from './input-styles.js';
import { TouchHold } from './touch-hold.js';

/** A drag over the whole plot height multiplies the price span by e^SCALE_PER_HEIGHT (about 7). */
const SCALE_PER_HEIGHT = 2;
/** Two presses on the axis this close (ms) are a double-click: the scale fits the bars again. */
const DOUBLE_CLICK_MS = 400;

/** What the axis drag needs of `PriceScaleDrag` (price-scale-drag.ts) and its options. */
export interface PriceAxisDragHost {
  readonly container: HTMLElement;
  readonly renderer: ChartRenderer;
  /** The price scale is logarithmic: scaling and panning work on log prices. */
  log(): boolean;
  /** Ends with the chart's listening. */
  readonly signal: AbortSignal;
  /** Whether the pointer is over the price pane's price axis. */
  onAxis(e: MouseEvent): boolean;
}

/**
 * The price axis's drag: up stretches the price scale about its middle, down squeezes it, a double-click
 * fits it to the bars again; a pointer over the axis shows its cursor; and the pan's vertical move of a
 * scale the user fixed. In the chunk fetched after the first paint (input-parts.ts); `PriceScaleDrag`
 * hands each of the panes' pointer events here (capture phase), and those of a press on the axis that
 * came before the chunk, claimed at once, in order when it is in.
 */
export class PriceAxisDrag {
  readonly #h: PriceAxisDragHost;
  #drag: { id: number; y: number; range: PriceRange; height: number; scale: number } | null = null;
  // A second press on the axis soon after the first: a double-click (the press is held back from the
  // page, so the browser's dblclick does not come).
  #lastPress = -Infinity;
  /** The pointer whose press on the axis is ours, until it is lifted. */
  #pressed: number | null = null;
  /** A finger on the axis scales it: its vertical moves are not the page's to scroll (the panes are pan-y). */
  readonly #hold = new TouchHold();

  constructor(host: PriceAxisDragHost) {
    this.#h = host;
    adoptInputStyles(host.container);
    host.signal.addEventListener('abort', () => this.#hold.release());
  }

  /** A pointer event on the panes (capture phase): a press on the axis, and its moves and lift, are ours. */
  handle(e: PointerEvent): void {
    const h = this.#h;
    const container = h.container;
    if (e.type === 'pointerdown') {
      if (e.button !== 0 || !h.onAxis(e) || !this.#current()) return;
      // Ours, not the pan's, a drawing's or the page's.
      e.stopPropagation();
      e.preventDefault();
      this.#pressed = e.pointerId;
      try {
        container.setPointerCapture(e.pointerId);
      } catch {
        // Handed over after its pointer went (a press before the chunk): its moves came with it.
      }
      if (e.pointerType === 'touch') this.#hold.hold(container);
      this.#down(e);
    } else if (this.#pressed === null) {
      if (e.type === 'pointermove') container.classList.toggle('over-price-axis', h.onAxis(e));
    } else if (e.pointerId === this.#pressed) {
      e.stopPropagation();
      if (e.type === 'pointermove') return this.#move(e);
      this.#pressed = null;
      this.#hold.release();
      if (this.#drag?.id === e.pointerId) this.#drag = null;
    }
  }

  /** The price pane's scale as shown now. */
  #current(): PriceRange | null {
    const sc = this.#h.renderer.pane('price')?.plot?.scales.price;
    const min = sc?.min;
    const max = sc?.max;
    return min != null && max != null && Number.isFinite(min) && Number.isFinite(max) && max > min
      ? { min, max }
      : null;
  }

  #set(range: PriceRange | null): void {
    this.#h.renderer.setPriceRange(range);
  }

  /** A press on the axis (claimed). */
  #down(e: PointerEvent): void {
    const range = this.#current();
    const height = this.#plotHeight();
    if (!range || height <= 0) return;
    if (e.timeStamp - this.#lastPress < DOUBLE_CLICK_MS) {
      this.#lastPress = -Infinity;
      this.#set(null);
      return;
    }
    this.#lastPress = e.timeStamp;
    this.#drag = { id: e.pointerId, y: e.clientY, range, height, scale: clientScale(this.#h.container).y };
  }

  #move(e: PointerEvent): void {
    const drag = this.#drag;
    if (drag?.id !== e.pointerId) return;
    const dy = (e.clientY - drag.y) / drag.scale;
    // A press that dragged is no first click of a double-click.
    if (Math.abs(dy) > 3) this.#lastPress = -Infinity;
    this.#set(scaleRange(drag.range, Math.exp((dy / drag.height) * SCALE_PER_HEIGHT), this.#h.log()));
  }

  /** Moves a fixed scale `range` by `dy` CSS px of pointer travel (down: the prices follow the pointer down). */
  panFrom(range: PriceRange, dy: number): void {
    const height = this.#plotHeight();
    if (height > 0) this.#set(shiftRange(range, dy / height, this.#h.log()));
  }

  #plotHeight(): number {
    const container = this.#h.container;
    const over = container.querySelector('.pane[data-pane-id="price"] .u-over');
    return over ? over.getBoundingClientRect().height / clientScale(container).y : 0;
  }
}

const toScale = (v: number, log: boolean) => (log ? Math.log(v) : v);
const fromScale = (v: number, log: boolean) => (log ? Math.exp(v) : v);

/** `range` stretched by `factor` about its middle (in log prices on a log scale). */
export function scaleRange(range: PriceRange, factor: number, log: boolean): PriceRange {
  const lo = toScale(range.min, log);
  const hi = toScale(range.max, log);
  const mid = (lo + hi) / 2;
  const half = ((hi - lo) / 2) * factor;
  return { min: fromScale(mid - half, log), max: fromScale(mid + half, log) };
}

/** `range` moved by `fraction` of its height (positive: the prices move down, the range up). */
export function shiftRange(range: PriceRange, fraction: number, log: boolean): PriceRange {
  const lo = toScale(range.min, log);
  const hi = toScale(range.max, log);
  const shift = (hi - lo) * fraction;
  return { min: fromScale(lo + shift, log), max: fromScale(hi + shift, log) };
}
