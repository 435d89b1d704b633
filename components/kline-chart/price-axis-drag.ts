import type { PriceRange } from '../../src/render/index.js';
import { clientScale } from '../../src/render/client-scale.js';

/** A drag over the whole plot height multiplies the price span by e^SCALE_PER_HEIGHT (about 7). */
const SCALE_PER_HEIGHT = 2;
/** Two presses on the axis this close (ms) are a double-click: the scale fits the bars again. */
const DOUBLE_CLICK_MS = 400;

/** What the axis drag needs of `PriceScaleDrag` (price-scale-drag.ts). */
export interface PriceAxisDragHost {
  readonly container: HTMLElement;
  /** The price pane's scale as shown now. */
  current(): PriceRange | null;
  set(range: PriceRange | null): void;
  /** The price scale is logarithmic: scaling and panning work on log prices. */
  log(): boolean;
}

/**
 * The price axis's drag: up stretches the price scale about its middle, down squeezes it, a double-click
 * fits it to the bars again; and the pan's vertical move of a scale the user fixed. In the chunk fetched
 * after the first paint (input-parts.ts); `PriceScaleDrag` claims each press on the axis at once and
 * hands it and its moves here, in order, when the chunk is in.
 */
export class PriceAxisDrag {
  readonly #h: PriceAxisDragHost;
  #drag: { id: number; y: number; range: PriceRange; height: number; scale: number } | null = null;
  // A second press on the axis soon after the first: a double-click (the press is held back from the
  // page, so the browser's dblclick does not come).
  #lastPress = -Infinity;

  constructor(host: PriceAxisDragHost) {
    this.#h = host;
  }

  /** A press on the axis (already claimed: not the pan's, a drawing's or the page's). */
  down(e: PointerEvent): void {
    const range = this.#h.current();
    const height = this.#plotHeight();
    if (!range || height <= 0) return;
    if (e.timeStamp - this.#lastPress < DOUBLE_CLICK_MS) {
      this.#lastPress = -Infinity;
      this.#h.set(null);
      return;
    }
    this.#lastPress = e.timeStamp;
    this.#drag = { id: e.pointerId, y: e.clientY, range, height, scale: clientScale(this.#h.container).y };
  }

  move(e: PointerEvent): void {
    const drag = this.#drag;
    if (drag?.id !== e.pointerId) return;
    const dy = (e.clientY - drag.y) / drag.scale;
    // A press that dragged is no first click of a double-click.
    if (Math.abs(dy) > 3) this.#lastPress = -Infinity;
    this.#h.set(scaleRange(drag.range, Math.exp((dy / drag.height) * SCALE_PER_HEIGHT), this.#h.log()));
  }

  end(e: PointerEvent): void {
    if (this.#drag?.id === e.pointerId) this.#drag = null;
  }

  /** Moves a fixed scale `range` by `dy` CSS px of pointer travel (down: the prices follow the pointer down). */
  panFrom(range: PriceRange, dy: number): void {
    const height = this.#plotHeight();
    if (height > 0) this.#h.set(shiftRange(range, dy / height, this.#h.log()));
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
