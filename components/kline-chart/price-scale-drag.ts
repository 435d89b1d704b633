import type { ChartRenderer, PriceRange } from '../../src/render/index.js';
import { TouchHold } from './touch-hold.js';
import { inputParts, loadInputParts } from './load-input-parts.js';
import type { PriceAxisDrag } from './price-axis-drag.js';

export interface PriceScaleDragOptions {
  readonly container: HTMLElement;
  readonly renderer: ChartRenderer;
  /** The price axis's side (the `priceAxisSide` setting). */
  readonly side: () => 'left' | 'right';
  /** The price scale is logarithmic: scaling and panning work on log prices. */
  readonly log: () => boolean;
  readonly signal: AbortSignal;
  /** Says that the drag's chunk could not be fetched (at a press; the next one tries again). */
  readonly notice?: () => void;
}

/**
 * The price axis as TradingView's: dragging it up stretches the price scale, down squeezes it, about its
 * middle; the scale then stays as set (a pan moves it with the pointer, pan-zoom-controller.ts) until a
 * double-click on the axis, "Reset chart view" or another instrument or period fits it to the bars again.
 * The drag itself is in the chunk fetched after the first paint (price-axis-drag.ts, input-parts.ts): a
 * press on the axis before it is here is claimed at once and it and its moves are handled, in order, when
 * it arrives; a chunk that cannot be fetched leaves the scale as it is (a notice says so).
 */
export class PriceScaleDrag {
  readonly #o: PriceScaleDragOptions;
  #drag: PriceAxisDrag | null = null;

  constructor(options: PriceScaleDragOptions) {
    this.#o = options;
    const { container, signal } = options;
    // The pointer whose press on the axis is ours, until it is lifted.
    let pressed: number | null = null;
    // A finger on the axis scales it: its vertical moves are not the page's to scroll (the panes are pan-y).
    const touchHold = new TouchHold();
    signal.addEventListener('abort', () => touchHold.release());
    container.addEventListener(
      'pointerdown',
      (e) => {
        if (e.button !== 0 || !this.#onAxis(e) || !this.current()) return;
        // Ours, not the pan's, a drawing's or the page's.
        e.stopPropagation();
        e.preventDefault();
        pressed = e.pointerId;
        container.setPointerCapture(e.pointerId);
        if (e.pointerType === 'touch') touchHold.hold(container);
        this.#withDrag((d) => d.down(e), false);
      },
      { capture: true, signal },
    );
    container.addEventListener(
      'pointermove',
      (e) => {
        if (pressed === null) container.classList.toggle('over-price-axis', this.#onAxis(e));
        else if (e.pointerId === pressed) {
          e.stopPropagation();
          this.#withDrag((d) => d.move(e));
        }
      },
      { capture: true, signal },
    );
    const end = (e: PointerEvent) => {
      if (pressed !== e.pointerId) return;
      e.stopPropagation();
      pressed = null;
      touchHold.release();
      this.#withDrag((d) => d.end(e));
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
    const sc = this.#o.renderer.pane('price')?.plot?.scales.price;
    const min = sc?.min;
    const max = sc?.max;
    return min != null && max != null && Number.isFinite(min) && Number.isFinite(max) && max > min
      ? { min, max }
      : null;
  }

  set(range: PriceRange | null): void {
    this.#o.renderer.setPriceRange(range);
  }

  /**
   * Moves a fixed scale `range` by `dy` CSS px of pointer travel (down: the prices follow the pointer
   * down). Only the axis drag fixes a scale, so its chunk is here whenever there is one to move.
   */
  panFrom(range: PriceRange, dy: number): void {
    this.#drag?.panFrom(range, dy);
  }

  /** Runs `act` with the drag: at once when its chunk is here, else when it arrives (in the order asked). */
  #withDrag(act: (drag: PriceAxisDrag) => void, quiet = true): void {
    const drag = this.#dragNow();
    if (drag) return act(drag);
    loadInputParts().then(
      () => {
        const loaded = this.#dragNow();
        if (loaded) act(loaded);
      },
      (error: unknown) => {
        if (quiet) return;
        console.warn('kline-chart: the price axis drag could not be loaded', error);
        this.#o.notice?.();
      },
    );
  }

  #dragNow(): PriceAxisDrag | null {
    const parts = inputParts();
    if (this.#drag || !parts) return this.#drag;
    return (this.#drag = new parts.PriceAxisDrag({
      container: this.#o.container,
      current: () => this.current(),
      set: (range) => this.set(range),
      log: this.#o.log,
    }));
  }

  /** Whether the pointer is over the price pane's price axis. */
  #onAxis(e: MouseEvent): boolean {
    const pane = this.#o.container.querySelector<HTMLElement>('.pane[data-pane-id="price"]');
    const over = pane?.querySelector('.u-over');
    if (!pane || !over) return false;
    const p = pane.getBoundingClientRect();
    const o = over.getBoundingClientRect();
    if (e.clientY < o.top || e.clientY > o.bottom || o.height <= 0) return false;
    return this.#o.side() === 'right'
      ? e.clientX > o.right && e.clientX <= p.right
      : e.clientX < o.left && e.clientX >= p.left;
  }
}
