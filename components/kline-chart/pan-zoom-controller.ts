import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ChartCore } from '../../src/core/commands/chart-core.js';
import { clampView, defaultView } from '../../src/core/commands/view-range.js';
import type { DrawingLayerController } from './drawing-layer-controller.js';

export interface PanZoomOptions {
  readonly core: ChartCore;
  readonly drawings: DrawingLayerController;
  /** Width of the price plot in CSS pixels. */
  readonly plotWidth: () => number;
  readonly openPalette: () => void;
  readonly undo: () => void;
  readonly redo: () => void;
}

type Host = ReactiveControllerHost & HTMLElement & { readonly renderRoot: HTMLElement | DocumentFragment; readonly hasUpdated: boolean };

/**
 * Pan and zoom: drag and wheel on the panes, arrow keys, Home/End, +/-; Ctrl/Cmd+K, Z, Y. Listens
 * while connected (any number of connects), never twice.
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
    const core = this.#o.core;
    let drag: { x: number; view: { start: number; end: number }; id: number } | null = null;
    container.addEventListener('pointerdown', (e) => {
      if (e.button !== 0 || this.#o.drawings.handlesPointer(e)) return;
      const view = core.store.peek('view');
      if (!view) return;
      drag = { x: e.clientX, view, id: e.pointerId };
      container.setPointerCapture(e.pointerId);
      container.classList.add('dragging');
    }, { signal });
    container.addEventListener('pointermove', (e) => {
      if (!drag || e.pointerId !== drag.id) return;
      const span = drag.view.end - drag.view.start;
      const shift = ((e.clientX - drag.x) / this.#o.plotWidth()) * span;
      this.#setView({ start: drag.view.start - shift, end: drag.view.end - shift });
    }, { signal });
    const end = (e: PointerEvent) => {
      if (!drag || e.pointerId !== drag.id) return;
      drag = null;
      container.classList.remove('dragging');
    };
    container.addEventListener('pointerup', end, { signal });
    container.addEventListener('pointercancel', end, { signal });
    container.addEventListener('wheel', (e) => {
      if (!core.store.peek('view')) return;
      e.preventDefault();
      const rect = container.getBoundingClientRect();
      const frac = Math.min(1, Math.max(0, (e.clientX - rect.left) / this.#o.plotWidth()));
      const factor = Math.pow(1.0015, e.deltaMode === 1 ? e.deltaY * 30 : e.deltaY);
      this.#zoom(factor, frac);
    }, { passive: false, signal });
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
    this.#setView({ start: anchor - (anchor - view.start) * (next / span), end: anchor + (view.end - anchor) * (next / span) });
  }

  readonly #onKeyDown = (e: KeyboardEvent) => {
    const core = this.#o.core;
    const view = core.store.peek('view');
    const n = core.store.peek('series')?.bars.length ?? 0;
    const mod = e.ctrlKey || e.metaKey;
    if (mod && (e.key === 'k' || e.key === 'K')) {
      e.preventDefault();
      this.#o.openPalette();
      return;
    }
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
    if (!view || mod) return;
    const span = view.end - view.start;
    const step = Math.max(1, Math.round(span * (e.shiftKey ? 0.5 : 0.1)));
    switch (e.key) {
      case 'ArrowLeft': this.#setView({ start: view.start - step, end: view.end - step }); break;
      case 'ArrowRight': this.#setView({ start: view.start + step, end: view.end + step }); break;
      case 'ArrowUp': case '+': case '=': this.#zoom(1 / 1.25); break;
      case 'ArrowDown': case '-': case '_': this.#zoom(1.25); break;
      case 'Home': this.#setView({ start: -0.5, end: span - 0.5 }); break;
      case 'End': this.#setView(defaultView(n, Math.round(span))); break;
      default: return;
    }
    e.preventDefault();
  };
}
