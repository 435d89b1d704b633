import type { ChartRenderer, PriceRange } from '../../src/render/index.js';
import { inputParts, withInputParts } from './load-input-parts.js';
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
 * middle; the scale then stays as set (a pan moves it with the pointer, pan-zoom-input.ts) until a
 * double-click on the axis, "Reset chart view" or another instrument or period fits it to the bars again.
 * What the pointer does there is in the chunk fetched after the first paint (price-axis-drag.ts,
 * input-parts.ts): this listens from the start and hands each event over; a press on the axis before the
 * chunk is here is claimed at once and it and its moves are handled, in order, when it arrives; a chunk
 * that cannot be fetched leaves the scale as it is (a notice says so).
 */
export class PriceScaleDrag {
  readonly #o: PriceScaleDragOptions;
  #drag: PriceAxisDrag | null = null;
  /** The pointer of a press on the axis before the chunk, until it is lifted. */
  #pressed: number | null = null;

  constructor(options: PriceScaleDragOptions) {
    this.#o = options;
    const { container, signal } = options;
    for (const type of ['pointerdown', 'pointermove', 'pointerup', 'pointercancel'])
      container.addEventListener(type, this.#on as EventListener, { capture: true, signal });
    container.addEventListener('pointerleave', () => container.classList.remove('over-price-axis'), { signal });
  }

  /** The price scale as the user fixed it, or null while it fits the bars. */
  get fixed(): PriceRange | null {
    return this.#o.renderer.priceRange;
  }

  /**
   * Moves a fixed scale `range` by `dy` CSS px of pointer travel (down: the prices follow the pointer
   * down). Only the axis drag fixes a scale, so its chunk is here whenever there is one to move.
   */
  panFrom(range: PriceRange, dy: number): void {
    this.#drag?.panFrom(range, dy);
  }

  readonly #on = (e: PointerEvent): void => {
    const drag = this.#dragNow();
    if (drag) return drag.handle(e);
    // Before the chunk: a press on the axis is ours at once (not the pan's, a drawing's or the page's),
    // and it and its moves wait for the chunk.
    const down = e.type === 'pointerdown';
    if (down ? e.button !== 0 || !this.#onAxis(e) : this.#pressed !== e.pointerId) return;
    e.stopPropagation();
    const container = this.#o.container;
    if (down) {
      e.preventDefault();
      this.#pressed = e.pointerId;
      container.setPointerCapture(e.pointerId);
      // A finger's vertical moves are the axis's, not the page's (the panes are pan-y: a scroll would
      // cancel the press), until the drag holds them itself (price-axis-drag.ts) or the finger lifts.
      if (e.pointerType === 'touch') {
        this.#held?.abort();
        this.#held = new AbortController();
        container.addEventListener('touchmove', (t) => t.cancelable && t.preventDefault(), {
          passive: false,
          signal: this.#held.signal,
        });
      }
    } else if (e.type !== 'pointermove') this.#release();
    withInputParts(
      () => {
        this.#dragNow()?.handle(e);
        if (down) this.#release();
      },
      down ? this.#o.notice : undefined,
    );
  };

  /** The touch moves held back for a finger's press on the axis before the chunk. */
  #held: AbortController | null = null;

  #release(): void {
    this.#pressed = null;
    this.#held?.abort();
    this.#held = null;
  }

  #dragNow(): PriceAxisDrag | null {
    const parts = inputParts();
    if (this.#drag || !parts) return this.#drag;
    const o = this.#o;
    return (this.#drag = new parts.PriceAxisDrag({ ...o, onAxis: (e) => this.#onAxis(e) }));
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
