import type uPlot from 'uplot';
import type { ChartCore } from '../../src/core/commands/index.js';
import type { ChartMarker, PriceLine } from '../../src/core/state/index.js';
import { type ChartRenderer, type PlotTransform, type ZonedClock } from '../../src/render/index.js';
import { localPoint } from '../../src/render/local-point.js';
import { ChartTooltip, type TooltipLabels } from './chart-tooltip.js';
import { markersUnder } from './marker-hover.js';
import { updateTooltip } from './overlay-tooltip.js';
import { PriceLineDrag } from './price-line-drag.js';
import { TouchHold } from './touch-hold.js';
import type { ChartPrimitive } from './chart-primitive.js';

const NO_MARKERS: readonly ChartMarker[] = [];

/** What the overlay layer's pointer handling reads from and asks of its `OverlayLayerController`. */
export interface OverlayLayerInputHost {
  readonly core: ChartCore;
  readonly emit: (type: string, detail: unknown) => void;
  /** A pane's plot (default the price pane's), or null before it exists. */
  plot(paneId?: string): uPlot | null;
  /** The host's primitives by pane (`addPrimitive`): a press one hit-tests is theirs. */
  readonly primitives: ReadonlyMap<string, ReadonlySet<ChartPrimitive>>;
  container(): HTMLElement | null;
  invalidate(): void;
  /** The price pane's transform of the last frame painted. */
  priceT(): PlotTransform | null;
  clock(): ZonedClock | null;
  /** The bar under the crosshair (the renderer's `onCursor`). */
  cursorIndex(): number | null;
  tooltipLabels(): TooltipLabels;
}

/**
 * What `OverlayLayerController` (overlay-layer-controller.ts) keeps of the attached chart, read by its input once the
 * parts are in: the renderer and container (null while detached), the host's primitives by pane (`addPrimitive`: a
 * press one hit-tests is theirs), the price pane's transform of the last frame painted, the bar under the crosshair.
 */
export interface OverlayView {
  renderer?: ChartRenderer | null;
  container: HTMLElement | null;
  readonly primitives: Map<string, Set<ChartPrimitive>>;
  priceT: PlotTransform | null;
  cursorIndex: number | null;
}

/** The overlay layer's input for its controller's options and {@link OverlayView} (overlay-layer-parts.ts). */
export function overlayLayerInput(
  o: Pick<OverlayLayerInputHost, 'core' | 'emit'> & { readonly tooltipLabels?: () => TooltipLabels },
  v: OverlayView,
): OverlayLayerInput {
  return new OverlayLayerInput({
    core: o.core,
    emit: o.emit,
    plot: (paneId = 'price') => v.renderer?.pane(paneId)?.plot ?? null,
    primitives: v.primitives,
    container: () => v.container,
    invalidate: () => v.renderer?.invalidateOverlay(),
    priceT: () => v.priceT,
    clock: () => v.renderer?.clock ?? null,
    cursorIndex: () => v.cursorIndex,
    tooltipLabels: () => o.tooltipLabels?.() ?? { open: 'O', high: 'H', low: 'L', close: 'C', volume: 'V' },
  });
}

/**
 * The overlay layer's pointer handling (in its parts chunk, overlay-layer-parts.ts, issue #12): price
 * lines grabbed and dragged, the markers under the pointer and the floating tooltip.
 * `OverlayLayerController` listens from the start and hands each event here once the parts are in;
 * before then there is no line to grab and no marker or tooltip shown.
 */
export class OverlayLayerInput {
  readonly #h: OverlayLayerInputHost;
  readonly #drag: PriceLineDrag;
  #tooltip: ChartTooltip | null = null;
  #pointer: { x: number; y: number } | null = null;
  /** The markers under the pointer: while any, the tooltip shows them whatever `legendMode` says. */
  #markerHits: readonly ChartMarker[] = NO_MARKERS;
  /** A finger on a line moves it up and down: its touch moves are not the page's to scroll while it is down. */
  readonly #touchHold = new TouchHold();

  constructor(host: OverlayLayerInputHost) {
    this.#h = host;
    this.#drag = new PriceLineDrag({
      core: host.core,
      plot: () => host.plot(),
      container: () => host.container(),
      invalidate: () => host.invalidate(),
      emit: host.emit,
    });
  }

  /** Price lines with a drag in progress shown at the pointer's price. */
  lines(lines: readonly PriceLine[]): readonly PriceLine[] {
    return this.#drag.lines(lines);
  }

  /** The floating tooltip goes into `parent` (the chart attached), or away (null: detached). */
  tooltipIn(parent: HTMLElement | null): void {
    if (this.#tooltip && this.#tooltip.element.parentElement === parent) return;
    this.#tooltip?.element.remove();
    this.#tooltip = parent ? new ChartTooltip(parent) : null;
  }

  /** The chart detached: the tooltip goes, a drag in progress ends. */
  detach(): void {
    this.#touchHold.release();
    this.tooltipIn(null);
    this.#drag.reset();
  }

  /** The markers' tooltip while the pointer is on a marker, else the bar's (by `legendMode`), or none. */
  showTooltip(): void {
    const tip = this.#tooltip;
    if (!tip) return;
    const core = this.#h.core;
    updateTooltip(tip, {
      index: this.#h.cursorIndex(),
      hits: this.#markerHits,
      pointer: this.#pointer,
      dragging: this.#drag.active,
      series: core.store.peek('series'),
      clock: this.#h.clock(),
      legendMode: core.store.peek('settings').legendMode,
      labels: () => this.#h.tooltipLabels(),
    });
  }

  /**
   * A primary press on the panes (capture phase): a host primitive whose `hitTest` claims it gets it
   * (`kline-primitive-click`; no other layer sees it), else it may grab a price line.
   */
  down(e: PointerEvent): void {
    if (e.button !== 0 || this.#drag.active) return;
    const claimed = this.#primitiveHit(e);
    if (claimed) {
      e.stopImmediatePropagation();
      this.#h.emit('kline-primitive-click', { id: claimed.primitive.id ?? null, x: claimed.x, y: claimed.y });
      return;
    }
    if (this.#drag.down(e) && e.pointerType === 'touch') this.#touchHold.hold(this.#h.container());
  }

  /** A host primitive claiming a press on its pane, with the point in plot CSS px. */
  #primitiveHit(e: PointerEvent): { primitive: ChartPrimitive; x: number; y: number } | null {
    for (const [paneId, set] of this.#h.primitives) {
      const u = this.#h.plot(paneId);
      if (!u) continue;
      const { x, y, inside } = localPoint(u.over, e);
      if (!inside) continue;
      for (const p of set) if (p.hitTest?.(x, y)) return { primitive: p, x, y };
    }
    return null;
  }

  move(e: PointerEvent): void {
    const parent = this.#tooltip?.element.parentElement;
    if (parent) {
      const { x, y } = localPoint(parent, e);
      this.#pointer = { x, y };
    }
    const drag = this.#drag;
    if (drag.active) {
      drag.move(e);
      return;
    }
    const hits = this.#markersUnder(e);
    if (hits.length > 0 || this.#markerHits.length > 0) {
      this.#markerHits = hits;
      this.showTooltip();
    }
    const cursor = drag.hoverCursor(e);
    const container = this.#h.container();
    // Written only when it changes: a style write per pointer move would dirty style every frame.
    if (container && container.style.cursor !== cursor) container.style.cursor = cursor;
  }

  up(e: PointerEvent): void {
    this.#drag.up(e);
    if (!this.#drag.active) this.#touchHold.release();
  }

  cancel(e: PointerEvent): void {
    this.#drag.cancel(e);
    if (!this.#drag.active) this.#touchHold.release();
  }

  leave(): void {
    this.#markerHits = NO_MARKERS;
    this.#pointer = null;
    this.#tooltip?.hide();
  }

  /** Whether a price line is being dragged. */
  get dragging(): boolean {
    return this.#drag.active;
  }

  /** Markers whose shape is under the pointer. */
  #markersUnder(e: PointerEvent): readonly ChartMarker[] {
    const u = this.#h.plot();
    const t = this.#h.priceT();
    const bars = this.#h.core.store.peek('series')?.bars;
    const markers = this.#h.core.markers.current();
    if (!u || !t || !bars || markers.length === 0) return NO_MARKERS;
    return markersUnder(e, u, t, bars, markers);
  }
}
