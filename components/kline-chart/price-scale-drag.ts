import type { ChartRenderer, PriceRange } from '../../src/render/index.js';
import { clientScale } from '../../src/render/index.js';
import { TouchHold } from './touch-hold.js';

/** A drag over the whole plot height multiplies the price span by e^SCALE_PER_HEIGHT (about 7). */
const SCALE_PER_HEIGHT = 2;
/** Two presses on the axis this close (ms) are a double-click: the scale fits the bars again. */
const DOUBLE_CLICK_MS = 400;

export interface PriceScaleDragOptions {
  readonly container: HTMLElement;
  readonly renderer: ChartRenderer;
  /** The price axis's side (the `priceAxisSide` setting). */
  readonly side: () => 'left' | 'right';
  /** The price scale is logarithmic: scaling and panning work on log prices. */
  readonly log: () => boolean;
  readonly signal: AbortSignal;
}

/**
 * The price axis as TradingView's: dragging it up stretches the price scale, down squeezes it, about its
 * middle; the scale then stays as set (a pan moves it with the pointer, pan-zoom-controller.ts) until a
 * double-click on the axis, "Reset chart view" or another instrument or period fits it to the bars again.
 */
export class PriceScaleDrag {
  readonly #o: PriceScaleDragOptions;

  constructor(options: PriceScaleDragOptions) {
    this.#o = options;
    const { container, signal } = options;
    let drag: { id: number; y: number; range: PriceRange; height: number; scale: number } | null = null;
    // A second press on the axis soon after the first: a double-click (the press is held back from the
    // page, so the browser's dblclick does not come).
    let lastPress = -Infinity;
    // A finger on the axis scales it: its vertical moves are not the page's to scroll (the panes are pan-y).
    const touchHold = new TouchHold();
    signal.addEventListener('abort', () => touchHold.release());
    container.addEventListener(
      'pointerdown',
      (e) => {
        if (e.button !== 0 || !this.#onAxis(e)) return;
        const range = this.current();
        const height = this.#plotHeight();
        if (!range || height <= 0) return;
        // Ours, not the pan's, a drawing's or the page's.
        e.stopPropagation();
        e.preventDefault();
        if (e.timeStamp - lastPress < DOUBLE_CLICK_MS) {
          lastPress = -Infinity;
          this.set(null);
          return;
        }
        lastPress = e.timeStamp;
        drag = { id: e.pointerId, y: e.clientY, range, height, scale: clientScale(container).y };
        container.setPointerCapture(e.pointerId);
        if (e.pointerType === 'touch') touchHold.hold(container);
      },
      { capture: true, signal },
    );
    container.addEventListener(
      'pointermove',
      (e) => {
        if (!drag) {
          container.classList.toggle('over-price-axis', this.#onAxis(e));
          return;
        }
        if (e.pointerId !== drag.id) return;
        e.stopPropagation();
        const dy = (e.clientY - drag.y) / drag.scale;
        // A press that dragged is no first click of a double-click.
        if (Math.abs(dy) > 3) lastPress = -Infinity;
        this.set(scaleRange(drag.range, Math.exp((dy / drag.height) * SCALE_PER_HEIGHT), this.#o.log()));
      },
      { capture: true, signal },
    );
    const end = (e: PointerEvent) => {
      if (drag?.id !== e.pointerId) return;
      e.stopPropagation();
      drag = null;
      touchHold.release();
    };
    container.addEventListener('pointerup', end, { capture: true, signal });
    container.addEventListener('pointercancel', end, { capture: true, signal });
    container.addEventListener('pointerleave', () => container.classList.remove('over-price-axis'), { signal });
  }

  /** The price scale as the user fixed it, or null while it fits the bars. */
  get fixed(): PriceRange | null {
    return this.#o.renderer.priceRange;
  }

  /** The price pane's scale as shown now. */
  current(): PriceRange | null {
    const plot = this.#o.renderer.pane('price')?.plot;
    const sc = plot?.scales.price;
    const min = sc?.min;
    const max = sc?.max;
    return min != null && max != null && Number.isFinite(min) && Number.isFinite(max) && max > min
      ? { min, max }
      : null;
  }

  set(range: PriceRange | null): void {
    this.#o.renderer.setPriceRange(range);
  }

  /** Moves a fixed scale `range` by `dy` CSS px of pointer travel (down: the prices follow the pointer down). */
  panFrom(range: PriceRange, dy: number): void {
    const height = this.#plotHeight();
    if (height > 0) this.set(shiftRange(range, dy / height, this.#o.log()));
  }

  #plotHeight(): number {
    const over = this.#o.container.querySelector('.pane[data-pane-id="price"] .u-over');
    return over ? over.getBoundingClientRect().height / clientScale(this.#o.container).y : 0;
  }

  /** Whether the pointer is over the price pane's price axis. */
  #onAxis(e: MouseEvent): boolean {
    const pane = this.#o.container.querySelector<HTMLElement>('.pane[data-pane-id="price"]');
    const over = pane?.querySelector('.u-over');
    if (!pane || !over) return false;
    const p = pane.getBoundingClientRect();
    const o = over.getBoundingClientRect();
    if (e.clientY < o.top || e.clientY > o.bottom) return false;
    return this.#o.side() === 'right'
      ? e.clientX > o.right && e.clientX <= p.right
      : e.clientX < o.left && e.clientX >= p.left;
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
