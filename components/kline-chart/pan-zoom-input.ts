import { clampView } from '../../src/core/state/index.js';
import { clientScale } from '../../src/render/index.js';
import { localPoint } from '../../src/render/local-point.js';
import { TouchGestures } from './pan-zoom-touch.js';
import { panZoomKey, type PanZoomKeyContext } from './pan-zoom-keys.js';
import type { PanZoomOptions } from './pan-zoom-options.js';
import { adoptInputStyles } from './input-styles.js';

type View = { start: number; end: number };

/** What the plot's input needs of `PanZoomController` (pan-zoom-controller.ts) besides its options. */
export interface PanZoomInputHost {
  readonly host: HTMLElement;
  /** The panes' container, whose pointer and wheel events come here. */
  readonly container: HTMLElement;
  readonly o: PanZoomOptions;
  /** Ends with the controller's listening (a disconnect). */
  readonly signal: AbortSignal;
  /** Whether a wheel event zooms (the `wheel` attribute and its modifiers): the controller's own test. */
  zooms(e: WheelEvent): boolean;
}

/**
 * What the plot does with a press, a drag, the wheel and the keys: a press leaves focus on the chart, a
 * drag pans (and moves a price scale the user fixed), the wheel zooms about the pointer, the touch
 * gestures (pan-zoom-touch.ts) and the keys (pan-zoom-keys.ts). In the chunk fetched after the first
 * paint (input-parts.ts); `PanZoomController` listens from the first render and hands each event here,
 * those that came before the chunk in order when it arrives (with the path they were dispatched along).
 */
export class PanZoomInput {
  readonly #h: PanZoomInputHost;
  readonly #touch: TouchGestures;
  readonly #keys: PanZoomKeyContext;
  #drag: {
    x: number;
    y: number;
    view: View;
    id: number;
    scale: number;
    /** A fixed price scale under a press on the price pane: the drag moves it vertically too. */
    range: { readonly min: number; readonly max: number } | null;
  } | null = null;

  constructor(h: PanZoomInputHost) {
    this.#h = h;
    adoptInputStyles(h.container);
    const setView = (view: View) => this.#setView(view);
    this.#keys = { host: h.host, o: h.o, setView, zoom: (factor) => this.#zoom(factor) };
    this.#touch = new TouchGestures(
      {
        container: h.container,
        core: h.o.core,
        plotWidth: h.o.plotWidth,
        setView,
        openMenu: h.o.openMenu,
        drag: () => this.#drag,
        dropDrag: () => this.#dropDrag(),
      },
      h.signal,
    );
  }

  /**
   * One event the controller listened for. `atHost`: one of the element's own listeners' (its keydown,
   * its capture-phase pointerdown), else the panes container's. `path`: `composedPath()` read while it
   * was dispatched (an event handed over after its dispatch has none left).
   */
  handle(e: Event, atHost: boolean, path?: readonly EventTarget[]): void {
    switch (e.type) {
      case 'keydown':
        return panZoomKey(e as KeyboardEvent, (path ?? e.composedPath())[0], this.#keys);
      case 'pointerdown':
        return atHost ? this.#focus(path ?? e.composedPath()) : this.#down(e as PointerEvent, path);
      case 'pointermove':
        return this.#move(e as PointerEvent);
      case 'pointerup':
      case 'pointercancel':
        return this.#end(e as PointerEvent);
      case 'wheel': {
        const w = e as WheelEvent;
        if (!this.#h.zooms(w)) return;
        e.preventDefault();
        const frac = Math.min(1, Math.max(0, localPoint(this.#h.container, w).x / this.#h.o.plotWidth()));
        this.#zoom(Math.pow(1.0015, w.deltaMode === 1 ? w.deltaY * 30 : w.deltaY), frac);
        return;
      }
    }
  }

  /**
   * Any press on the plot (pan, drawing, price line, marker) leaves keyboard focus on the chart, as a
   * click on a TradingView chart does, so Ctrl+Z right after undoes what it did (the element's
   * capture-phase listener: before the layers, which may claim the press and so keep the focusing
   * mousedown away).
   */
  #focus(path: readonly EventTarget[]): void {
    const origin = path[0];
    if (
      !path.includes(this.#h.container) ||
      (origin instanceof Element && origin.closest('[tabindex],button,input,a[href]'))
    )
      return;
    this.#h.host.focus({ preventScroll: true });
  }

  #down(e: PointerEvent, path?: readonly EventTarget[]): void {
    const { container, o } = this.#h;
    o.a11y.pointerMoved();
    const touch = e.pointerType === 'touch';
    if (touch && this.#touch.down(e)) return;
    if (e.button !== 0 || o.drawings.handlesPointer(e)) return;
    const view = o.core.store.peek('view');
    if (!view) return;
    // Client px per CSS px: a drag on a chart scaled by its page pans as far as the pointer went.
    const scale = clientScale(container);
    const onPrice = (path ?? e.composedPath()).some((t) => t instanceof HTMLElement && t.dataset.paneId === 'price');
    const range = onPrice && !touch ? (o.priceScale()?.fixed ?? null) : null;
    this.#drag = { x: e.clientX, y: e.clientY, view, id: e.pointerId, scale: scale.x, range };
    try {
      container.setPointerCapture(e.pointerId);
    } catch {
      // Handed over after its pointer went (a press before the chunk): the moves handed with it still pan.
    }
    container.classList.add('dragging');
    if (touch) this.#touch.panStarted(e);
  }

  #move(e: PointerEvent): void {
    const drag = this.#drag;
    if (this.#touch.move(e) || !drag || e.pointerId !== drag.id) return;
    const { container, o } = this.#h;
    const span = drag.view.end - drag.view.start;
    const shift = ((e.clientX - drag.x) / drag.scale / o.plotWidth()) * span;
    this.#setView({ start: drag.view.start - shift, end: drag.view.end - shift });
    if (drag.range) o.priceScale()?.panFrom(drag.range, (e.clientY - drag.y) / clientScale(container).y);
  }

  #end(e: PointerEvent): void {
    this.#touch.end(e);
    if (this.#drag?.id === e.pointerId) this.#dropDrag();
  }

  #dropDrag(): void {
    this.#drag = null;
    this.#h.container.classList.remove('dragging');
  }

  #setView(view: View): void {
    const core = this.#h.o.core;
    core.setView(clampView(view, core.store.peek('series')?.bars.length ?? 0, 5));
  }

  #zoom(factor: number, anchorFrac = 1): void {
    const view = this.#h.o.core.store.peek('view');
    if (!view) return;
    const span = view.end - view.start;
    const next = Math.max(5, span * factor);
    const anchor = view.start + span * anchorFrac;
    this.#setView({
      start: anchor - (anchor - view.start) * (next / span),
      end: anchor + (view.end - anchor) * (next / span),
    });
  }
}
