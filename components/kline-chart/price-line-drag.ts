import type uPlot from 'uplot';
import { movePriceLine, type ChartCore } from '../../src/core/commands/index.js';
import type { PriceLine } from '../../src/core/state/index.js';
import { localPoint } from '../../src/render/local-point.js';

/** How close (CSS px) the pointer must be to a draggable price line to grab it. */
const GRAB_PX = 5;

/** Detail of `kline-price-line-moved`. */
export interface PriceLineMovedDetail {
  readonly id: string;
  readonly price: number;
  readonly previousPrice: number;
}

/** Options of `PriceLineDrag`. */
export interface PriceLineDragOptions {
  readonly core: ChartCore;
  /** The price pane's plot, or null before the first layout. */
  readonly plot: () => uPlot | null;
  /** The panes container (pointer capture, the grab cursor). */
  readonly container: () => HTMLElement | null;
  /** Repaints the overlays (the line follows the pointer). */
  readonly invalidate: () => void;
  /** Dispatches a bubbling, composed event on the element. */
  readonly emit: (type: string, detail: unknown) => void;
}

/** The y key of a plot's price scale. */
export function priceScaleKey(u: uPlot): string {
  return u.axes[1]?.scale ?? u.series[1]?.scale ?? 'y';
}

/**
 * Moves draggable price lines with the pointer (part of the overlay layer's lazy chunk,
 * overlay-layer-parts.ts): a press within `GRAB_PX` of one grabs it, the line follows the pointer,
 * the release moves it through `movePriceLine` and emits `kline-price-line-moved`.
 */
export class PriceLineDrag {
  readonly #o: PriceLineDragOptions;
  #drag: { id: string; pointerId: number; previous: number; price: number } | null = null;

  constructor(options: PriceLineDragOptions) {
    this.#o = options;
  }

  /** A drag is in progress. */
  get active(): boolean {
    return this.#drag !== null;
  }

  /** Drops a drag in progress without moving the line. */
  reset(): void {
    this.#drag = null;
  }

  /** `lines` with the one being dragged shown at the pointer's price. */
  lines(lines: readonly PriceLine[]): readonly PriceLine[] {
    const d = this.#drag;
    return d ? lines.map((l) => (l.id === d.id ? { ...l, price: d.price } : l)) : lines;
  }

  /** Pointer y in price-plot CSS px, or null outside the plot. */
  #pointerY(e: PointerEvent): number | null {
    const u = this.#o.plot();
    if (!u) return null;
    const p = localPoint(u.over, e);
    return p.inside ? p.y : null;
  }

  #hit(y: number): PriceLine | null {
    const u = this.#o.plot();
    if (!u) return null;
    const key = priceScaleKey(u);
    let best: PriceLine | null = null;
    let bestD = GRAB_PX;
    for (const l of this.#o.core.priceLines.current()) {
      if (!l.draggable) continue;
      const d = Math.abs(u.valToPos(l.price, key) - y);
      if (d <= bestD) {
        best = l;
        bestD = d;
      }
    }
    return best;
  }

  /** A press: grabs the draggable line under the pointer (true: the event is the drag's). */
  down(e: PointerEvent): boolean {
    if (this.#drag) return false;
    const y = this.#pointerY(e);
    if (y === null) return false;
    const line = this.#hit(y);
    if (!line) return false;
    e.stopImmediatePropagation();
    e.preventDefault();
    try {
      this.#o.container()?.setPointerCapture(e.pointerId);
    } catch {
      // Synthetic events (tests) have no active pointer to capture; moves still arrive.
    }
    this.#drag = { id: line.id, pointerId: e.pointerId, previous: line.price, price: line.price };
    return true;
  }

  /** The cursor over the plot without a drag: `ns-resize` on a draggable line, else ''. */
  hoverCursor(e: PointerEvent): string {
    const y = this.#pointerY(e);
    return y !== null && this.#hit(y) ? 'ns-resize' : '';
  }

  /** A move during the drag: the line follows. */
  move(e: PointerEvent): void {
    const d = this.#drag;
    if (!d || e.pointerId !== d.pointerId) return;
    e.stopImmediatePropagation();
    const price = this.#priceAt(e);
    if (price !== null) {
      d.price = price;
      this.#o.invalidate();
    }
  }

  up(e: PointerEvent): void {
    const d = this.#drag;
    if (!d || e.pointerId !== d.pointerId) return;
    e.stopImmediatePropagation();
    this.#drag = null;
    try {
      this.#o.container()?.releasePointerCapture(e.pointerId);
    } catch {
      // Not captured (synthetic events).
    }
    const price = this.#priceAt(e) ?? d.price;
    if (price === d.previous) {
      this.#o.invalidate();
      return;
    }
    movePriceLine(this.#o.core.priceLines, d.id, price);
    const detail: PriceLineMovedDetail = { id: d.id, price, previousPrice: d.previous };
    this.#o.emit('kline-price-line-moved', detail);
  }

  cancel(e: PointerEvent): void {
    if (!this.#drag || e.pointerId !== this.#drag.pointerId) return;
    this.#drag = null;
    this.#o.invalidate();
  }

  /** Price under the pointer (clamped to the plot), rounded to a sensible number of digits. */
  #priceAt(e: PointerEvent): number | null {
    const u = this.#o.plot();
    if (!u) return null;
    const y = Math.max(0, Math.min(u.over.offsetHeight, localPoint(u.over, e).y));
    const price = u.posToVal(y, priceScaleKey(u));
    if (!Number.isFinite(price)) return null;
    const step = 10 ** (Math.floor(Math.log10(Math.max(1e-9, Math.abs(price)))) - 4);
    return Number((Math.round(price / step) * step).toPrecision(12));
  }
}
