import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ChartCore } from '../../src/core/commands/index.js';
import { clampView, defaultView } from '../../src/core/state/index.js';
import type { DrawingLayerController } from './drawing-layer-controller.js';
import { TouchHold } from './touch-hold.js';
import { fromTouch } from './from-touch.js';
import { clientScale, localPoint } from '../../src/render/index.js';

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
  /** The keyboard crosshair and the data table (ChartA11yController). */
  readonly a11y: { stepKeyBar(delta: -1 | 1): void; clearKeyBar(): boolean; pointerMoved(): void; toggleTable(): void };
}

/** How long a finger rests on the plot before the crosshair comes (a long press, as on TradingView's mobile chart). */
const LONG_PRESS_MS = 450;
/** How far (CSS px) a finger may wander during that time and still be resting rather than panning. */
const LONG_PRESS_SLOP = 8;

type Host = ReactiveControllerHost &
  HTMLElement & { readonly renderRoot: HTMLElement | DocumentFragment; readonly hasUpdated: boolean };

/**
 * Pan and zoom: drag and wheel on the panes, two-finger pinch, a long press that brings the crosshair
 * to the finger (then moved by it, neither panning nor scrolling the page; lifted where it began, it opens
 * the chart's menu, as a right-click does), keys on the focused plot (Left/Right
 * keyboard crosshair, Shift+Left/Right pan, Up/Down and +/- zoom, Home/End, `t` data table, Escape);
 * Ctrl/Cmd+K, Z, Y anywhere but in text fields. Keys pressed on a control (toolbar, legend) never pan.
 * Listens while connected (any number of connects), never twice.
 */
export class PanZoomController implements ReactiveController {
  readonly #host: Host;
  readonly #o: PanZoomOptions;
  #listening: AbortController | null = null;

  constructor(host: Host, options: PanZoomOptions) {
    this.#host = host;
    this.#o = options;
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
    // Touch: the panes have `touch-action: pan-y`, so the browser keeps vertical swipes (the page
    // scrolls and our pointer is cancelled) and hands horizontal drags and two-finger pinches to us.
    const touches = new Map<number, { x: number; y: number }>();
    let pinch: { dist: number; anchor: number; view: { start: number; end: number } } | null = null;
    const fingers = () => {
      const [a, b] = [...touches.values()];
      const { x } = localPoint(container, { clientX: (a.x + b.x) / 2, clientY: 0 });
      return {
        dist: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)),
        frac: Math.min(1, Math.max(0, x / this.#o.plotWidth())),
      };
    };
    // A finger resting on the plot: after LONG_PRESS_MS it drives the crosshair (`crosshair` is its
    // pointer id) until it lifts. uPlot's crosshair follows mouse events only, which a touch sends
    // after a tap at most: the finger's moves are handed to the pane under it as mousemoves.
    let press: { id: number; x: number; y: number; timer: ReturnType<typeof setTimeout> } | null = null;
    let crosshair: number | null = null;
    /** Where the long press began, until its finger moves away (then lifting it opens no menu). */
    let rest: { x: number; y: number } | null = null;
    const cancelPress = () => {
      if (press) clearTimeout(press.timer);
      press = null;
    };
    signal.addEventListener('abort', cancelPress);
    const moveCrosshair = (x: number, y: number) => {
      for (const over of container.querySelectorAll<HTMLElement>('.u-over')) {
        const r = over.getBoundingClientRect();
        if (y < r.top || y > r.bottom) continue;
        const clientX = Math.min(r.right - 1, Math.max(r.left, x));
        over.dispatchEvent(new MouseEvent('mousemove', { clientX, clientY: y, bubbles: true }));
        return;
      }
    };
    // While the finger drives the crosshair, its moves are not the page's to scroll.
    const touchHold = new TouchHold();
    signal.addEventListener('abort', () => touchHold.release());
    const startCrosshair = () => {
      const p = press;
      press = null;
      if (!p || !drag || drag.id !== p.id) return;
      // Undo whatever the resting finger's jitter panned.
      this.#setView(drag.view);
      drag = null;
      container.classList.remove('dragging');
      crosshair = p.id;
      rest = { x: p.x, y: p.y };
      touchHold.hold(container);
      moveCrosshair(p.x, p.y);
    };
    const endCrosshair = () => {
      crosshair = null;
      touchHold.release();
    };
    container.addEventListener(
      'pointerdown',
      (e) => {
        this.#o.a11y.pointerMoved();
        if (e.pointerType === 'touch') {
          touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
          cancelPress();
          const view = core.store.peek('view');
          if (touches.size === 2 && view) {
            endCrosshair();
            // The second finger turns the pan into a pinch anchored at the bar under the fingers' centre.
            drag = null;
            container.classList.remove('dragging');
            const f = fingers();
            pinch = { dist: f.dist, anchor: view.start + (view.end - view.start) * f.frac, view };
            container.setPointerCapture(e.pointerId);
            return;
          }
          if (touches.size > 2) return;
        }
        if (e.button !== 0 || this.#o.drawings.handlesPointer(e)) return;
        const view = core.store.peek('view');
        if (!view) return;
        // Client px per CSS px: a drag on a chart scaled by its page pans as far as the pointer went.
        const scale = clientScale(container);
        const onPrice = e.composedPath().some((t) => t instanceof HTMLElement && t.dataset.paneId === 'price');
        const range = onPrice && e.pointerType !== 'touch' ? (this.#o.priceScale()?.fixed ?? null) : null;
        drag = { x: e.clientX, y: e.clientY, view, id: e.pointerId, scale: scale.x, range };
        container.setPointerCapture(e.pointerId);
        container.classList.add('dragging');
        if (e.pointerType === 'touch' && touches.size === 1)
          press = { id: e.pointerId, x: e.clientX, y: e.clientY, timer: setTimeout(startCrosshair, LONG_PRESS_MS) };
      },
      { signal },
    );
    container.addEventListener(
      'pointermove',
      (e) => {
        if (touches.has(e.pointerId)) touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
        if (e.pointerId === crosshair) {
          if (rest && Math.hypot(e.clientX - rest.x, e.clientY - rest.y) > LONG_PRESS_SLOP) rest = null;
          moveCrosshair(e.clientX, e.clientY);
          return;
        }
        if (press?.id === e.pointerId && Math.hypot(e.clientX - press.x, e.clientY - press.y) > LONG_PRESS_SLOP)
          cancelPress();
        if (pinch && touches.size === 2) {
          const f = fingers();
          const span = Math.max(5, (pinch.view.end - pinch.view.start) * (pinch.dist / f.dist));
          const start = pinch.anchor - span * f.frac;
          this.#setView({ start, end: start + span });
          return;
        }
        if (!drag || e.pointerId !== drag.id) return;
        const span = drag.view.end - drag.view.start;
        const shift = ((e.clientX - drag.x) / drag.scale / this.#o.plotWidth()) * span;
        this.#setView({ start: drag.view.start - shift, end: drag.view.end - shift });
        if (drag.range) this.#o.priceScale()?.panFrom(drag.range, (e.clientY - drag.y) / clientScale(container).y);
      },
      { signal },
    );
    const end = (e: PointerEvent) => {
      touches.delete(e.pointerId);
      if (press?.id === e.pointerId) cancelPress();
      // The crosshair stays where the finger left it (as after a tap); lifted where it rested, the menu opens.
      if (e.pointerId === crosshair) {
        if (rest && e.type === 'pointerup') this.#o.openMenu({ clientX: rest.x, clientY: rest.y });
        rest = null;
        endCrosshair();
      }
      if (touches.size < 2) pinch = null;
      if (!drag || e.pointerId !== drag.id) return;
      drag = null;
      container.classList.remove('dragging');
    };
    container.addEventListener('pointerup', end, { signal });
    container.addEventListener('pointercancel', end, { signal });
    // Android's own long press: Chrome fires `contextmenu` while the finger is down, then may cancel the
    // touch. The chart's menu opens at the finger instead of the browser's, once: the press ends here, so
    // neither the cancel nor the lift starts a crosshair, pans, or opens the menu again.
    container.addEventListener(
      'contextmenu',
      (e) => {
        if (!fromTouch(e) || touches.size === 0) return; // no finger of ours down: the browser's
        e.preventDefault();
        cancelPress();
        rest = null;
        if (crosshair !== null) endCrosshair();
        if (drag && touches.has(drag.id)) {
          this.#setView(drag.view);
          drag = null;
          container.classList.remove('dragging');
        }
        this.#o.openMenu({ clientX: e.clientX, clientY: e.clientY });
      },
      { signal },
    );
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

  readonly #onKeyDown = (e: KeyboardEvent) => {
    const core = this.#o.core;
    const view = core.store.peek('view');
    const n = core.store.peek('series')?.bars.length ?? 0;
    const mod = e.ctrlKey || e.metaKey;
    const origin = e.composedPath()[0];
    // Navigation keys act only when the chart itself (the plot) has focus, never on a control.
    const onPlot = origin === this.#host;
    const editable =
      origin instanceof HTMLElement &&
      (origin.isContentEditable || ['input', 'textarea', 'select'].includes(origin.localName));
    if (mod && (e.key === 'k' || e.key === 'K')) {
      e.preventDefault();
      this.#o.openPalette();
      return;
    }
    if (editable) return;
    if (mod && (e.key === 'z' || e.key === 'Z')) {
      e.preventDefault();
      if (e.shiftKey) this.#o.redo();
      else this.#o.undo();
      return;
    }
    if (mod && (e.key === 'y' || e.key === 'Y')) {
      e.preventDefault();
      this.#o.redo();
      return;
    }
    if (!onPlot || mod || e.altKey) return;
    if (e.key === 't' || e.key === 'T') {
      e.preventDefault();
      this.#o.a11y.toggleTable();
      return;
    }
    if (!view) return;
    const span = view.end - view.start;
    const step = Math.max(1, Math.round(span * 0.5));
    switch (e.key) {
      case 'ArrowLeft':
        if (e.shiftKey) this.#setView({ start: view.start - step, end: view.end - step });
        else this.#o.a11y.stepKeyBar(-1);
        break;
      case 'ArrowRight':
        if (e.shiftKey) this.#setView({ start: view.start + step, end: view.end + step });
        else this.#o.a11y.stepKeyBar(1);
        break;
      case 'Escape':
        if (!this.#o.a11y.clearKeyBar()) return;
        break;
      case 'ArrowUp':
      case '+':
      case '=':
        this.#zoom(1 / 1.25);
        break;
      case 'ArrowDown':
      case '-':
      case '_':
        this.#zoom(1.25);
        break;
      case 'Home':
        this.#setView({ start: -0.5, end: span - 0.5 });
        break;
      case 'End':
        this.#setView(defaultView(n, Math.round(span)));
        break;
      default:
        return;
    }
    e.preventDefault();
  };
}
