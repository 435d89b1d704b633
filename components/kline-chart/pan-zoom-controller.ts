import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ChartCore } from '../../src/core/commands/index.js';
import { clampView } from '../../src/core/state/index.js';
import type { DrawingLayerController } from './drawing-layer-controller.js';
import { clientScale, localPoint } from '../../src/render/index.js';
import type { TouchGestureHost, TouchGestures } from './pan-zoom-touch.js';
import { inputParts, loadInputParts } from './load-input-parts.js';
import type { PanZoomKeyContext } from './pan-zoom-keys.js';
import { isEditableTarget } from './editable-target.js';

/** The plot's keys without a modifier (pan-zoom-keys.ts), claimed before their chunk is here. */
const NAV_KEY = /^(Arrow(Left|Right|Up|Down)|Escape|Home|End|[tT+=_-])$/;

export interface PanZoomOptions {
  readonly core: ChartCore;
  readonly drawings: DrawingLayerController;
  /** Width of the price plot in CSS pixels. */
  readonly plotWidth: () => number;
  readonly openPalette: () => void;
  readonly undo: () => void;
  readonly redo: () => void;
  /** Mouse wheel over the plot: `zoom`, `ctrl` (only with Ctrl/⌘; otherwise the page scrolls) or `off`. */
  readonly wheel: () => string;
  /** A price scale the user fixed (price-scale-drag.ts): a drag on the price pane moves it up and down too. */
  readonly priceScale: () => {
    readonly fixed: { readonly min: number; readonly max: number } | null;
    panFrom(range: { readonly min: number; readonly max: number }, dy: number): void;
  } | null;
  /** A long press lifted where it began (the phone's right-click): the chart's menu at that point. */
  readonly openMenu: (at: { readonly clientX: number; readonly clientY: number }) => void;
  /** Says that the touch gestures' chunk could not be fetched (a finger only pans meanwhile). */
  readonly notice: () => void;
  /** The keyboard crosshair and the data table (ChartA11yController). */
  readonly a11y: { stepKeyBar(delta: -1 | 1): void; clearKeyBar(): boolean; pointerMoved(): void; toggleTable(): void };
}

type Host = ReactiveControllerHost &
  HTMLElement & { readonly renderRoot: HTMLElement | DocumentFragment; readonly hasUpdated: boolean };

/**
 * Pan and zoom: drag and wheel on the panes, two-finger pinch, a long press that brings the crosshair
 * to the finger (then moved by it, neither panning nor scrolling the page; lifted where it began, it opens
 * the chart's menu, as a right-click does), keys on the focused plot (Left/Right
 * keyboard crosshair, Shift+Left/Right pan, Up/Down and +/- zoom, Home/End, `t` data table, Escape);
 * Ctrl/Cmd+K, Z, Y anywhere but in text fields. Keys pressed on a control (toolbar, legend) never pan.
 * Listens while connected (any number of connects), never twice. The touch gestures (pinch, long press)
 * are a chunk (pan-zoom-touch.ts) fetched after the first paint (`whenTouchReady`); until then a finger pans.
 */
export class PanZoomController implements ReactiveController {
  readonly #host: Host;
  readonly #o: PanZoomOptions;
  #listening: AbortController | null = null;

  constructor(host: Host, options: PanZoomOptions) {
    this.#host = host;
    this.#o = options;
    this.#keys = { host, o: options, setView: (view) => this.#setView(view), zoom: (factor) => this.#zoom(factor) };
    host.addController(this);
  }

  hostConnected(): void {
    if (this.#host.hasUpdated) this.#attach();
  }

  hostUpdated(): void {
    if (!this.#listening && this.#host.isConnected) this.#attach();
  }

  hostDisconnected(): void {
    this.#listening?.abort();
    this.#listening = null;
    this.#touch = null;
    this.#touchHost = null;
  }

  #attach(): void {
    if (this.#listening) return;
    const container = this.#host.renderRoot.querySelector<HTMLElement>('.panes');
    if (!container) return;
    const listening = new AbortController();
    this.#listening = listening;
    const signal = listening.signal;
    this.#host.addEventListener('keydown', this.#onKeyDown, { signal });
    // Any press on the plot (pan, drawing, price line, marker) leaves keyboard focus on the chart, as a
    // click on a TradingView chart does, so Ctrl+Z right after undoes what it did. Capture phase on the
    // host: before the layers, which may claim the press (preventDefault: no focusing mousedown follows).
    this.#host.addEventListener(
      'pointerdown',
      (e) => {
        const path = e.composedPath();
        const origin = path[0];
        if (
          !path.includes(container) ||
          (origin instanceof Element && origin.closest('[tabindex],button,input,a[href]'))
        )
          return;
        this.#host.focus({ preventScroll: true });
      },
      { capture: true, signal },
    );
    const core = this.#o.core;
    let drag: {
      x: number;
      y: number;
      view: { start: number; end: number };
      id: number;
      scale: number;
      /** A fixed price scale under a press on the price pane: the drag moves it vertically too. */
      range: { readonly min: number; readonly max: number } | null;
    } | null = null;
    // The touch gestures (pan-zoom-touch.ts, a chunk: `whenTouchReady`) get each pointer event first.
    this.#touchHost = {
      container,
      core,
      plotWidth: this.#o.plotWidth,
      setView: (view) => this.#setView(view),
      openMenu: this.#o.openMenu,
      drag: () => drag,
      dropDrag: () => {
        drag = null;
        container.classList.remove('dragging');
      },
    };
    const parts = inputParts();
    this.#touch = parts ? new parts.TouchGestures(this.#touchHost, signal) : null;
    container.addEventListener(
      'pointerdown',
      (e) => {
        this.#o.a11y.pointerMoved();
        const touch = e.pointerType === 'touch';
        if (touch && !this.#touch && this.#touchFailed) this.#touchMissing();
        if (touch && this.#touch?.down(e)) return;
        if (e.button !== 0 || this.#o.drawings.handlesPointer(e)) return;
        const view = core.store.peek('view');
        if (!view) return;
        // Client px per CSS px: a drag on a chart scaled by its page pans as far as the pointer went.
        const scale = clientScale(container);
        const onPrice = e.composedPath().some((t) => t instanceof HTMLElement && t.dataset.paneId === 'price');
        const range = onPrice && !touch ? (this.#o.priceScale()?.fixed ?? null) : null;
        drag = { x: e.clientX, y: e.clientY, view, id: e.pointerId, scale: scale.x, range };
        container.setPointerCapture(e.pointerId);
        container.classList.add('dragging');
        if (touch) this.#touch?.panStarted(e);
      },
      { signal },
    );
    container.addEventListener(
      'pointermove',
      (e) => {
        if (this.#touch?.move(e) || !drag || e.pointerId !== drag.id) return;
        const span = drag.view.end - drag.view.start;
        const shift = ((e.clientX - drag.x) / drag.scale / this.#o.plotWidth()) * span;
        this.#setView({ start: drag.view.start - shift, end: drag.view.end - shift });
        if (drag.range) this.#o.priceScale()?.panFrom(drag.range, (e.clientY - drag.y) / clientScale(container).y);
      },
      { signal },
    );
    const end = (e: PointerEvent) => {
      this.#touch?.end(e);
      if (!drag || e.pointerId !== drag.id) return;
      drag = null;
      container.classList.remove('dragging');
    };
    container.addEventListener('pointerup', end, { signal });
    container.addEventListener('pointercancel', end, { signal });
    container.addEventListener(
      'wheel',
      (e) => {
        const mode = this.#o.wheel();
        // `off` never zooms; `ctrl` zooms only with Ctrl/⌘ (trackpad pinches send ctrlKey): otherwise the page scrolls.
        if (!core.store.peek('view') || mode === 'off' || (mode === 'ctrl' && !e.ctrlKey && !e.metaKey)) return;
        e.preventDefault();
        const frac = Math.min(1, Math.max(0, localPoint(container, e).x / this.#o.plotWidth()));
        const factor = Math.pow(1.0015, e.deltaMode === 1 ? e.deltaY * 30 : e.deltaY);
        this.#zoom(factor, frac);
      },
      { passive: false, signal },
    );
  }

  #touch: TouchGestures | null = null;
  #touchHost: TouchGestureHost | null = null;
  #touchLoad: Promise<void> | null = null;
  #touchFailed = false;

  /**
   * Resolves once the touch gestures are here (loading their chunk, once the plot listens: the element's
   * `whenPainted` asks after the first paint); never rejects. A chunk that cannot be fetched leaves a
   * finger panning only, and the next touch says so and tries again.
   */
  whenTouchReady(): Promise<void> {
    if (this.#touch || !this.#listening) return Promise.resolve();
    return (this.#touchLoad ??= loadInputParts().then(
      (module) => {
        this.#touchLoad = null;
        this.#touchFailed = false;
        const host = this.#touchHost;
        if (!this.#touch && host && this.#listening)
          this.#touch = new module.TouchGestures(host, this.#listening.signal);
      },
      (error: unknown) => {
        this.#touchLoad = null;
        this.#touchFailed = true;
        console.warn('kline-chart: the touch gestures could not be loaded', error);
      },
    ));
  }

  /** A finger touched the plot whose gestures could not be fetched: says so, and tries again. */
  #touchMissing(): void {
    this.#touchFailed = false;
    this.#o.notice();
    void this.whenTouchReady();
  }

  #setView(view: { start: number; end: number }): void {
    const n = this.#o.core.store.peek('series')?.bars.length ?? 0;
    this.#o.core.setView(clampView(view, n, 5));
  }

  #zoom(factor: number, anchorFrac = 1): void {
    const view = this.#o.core.store.peek('view');
    if (!view) return;
    const span = view.end - view.start;
    const next = Math.max(5, span * factor);
    const anchor = view.start + span * anchorFrac;
    this.#setView({
      start: anchor - (anchor - view.start) * (next / span),
      end: anchor + (view.end - anchor) * (next / span),
    });
  }

  /** What the keys (pan-zoom-keys.ts) work on. */
  readonly #keys: PanZoomKeyContext;

  readonly #onKeyDown = (e: KeyboardEvent): void => {
    const origin = e.composedPath()[0];
    const parts = inputParts();
    if (parts) return parts.panZoomKey(e, origin, this.#keys);
    // A moment after the first paint, before the keys' chunk: a key they may take is claimed now (not
    // Escape, which is theirs only with a keyboard crosshair) and answered, in order, when it arrives.
    if (
      e.ctrlKey || e.metaKey
        ? !/^[kzy]$/i.test(e.key) || (!/k/i.test(e.key) && isEditableTarget(origin))
        : origin !== this.#host || e.altKey || !NAV_KEY.test(e.key)
    )
      return;
    if (e.key !== 'Escape') e.preventDefault();
    void loadInputParts().then(
      // Its preventDefault does nothing now: the key was claimed above.
      (p) => p.panZoomKey(e, origin, this.#keys),
      () => this.#o.notice(), // a finger and the mouse still pan
    );
  };
}
