import type { ChartCore } from '../../src/core/commands/index.js';
import { defaultView } from '../../src/core/state/index.js';
import { isEditableTarget } from './editable-target.js';
import type { ViewEdge } from './key-crosshair.js';

/** What the keys work on (`PanZoomController` and its options). */
export interface PanZoomKeyContext {
  readonly host: HTMLElement;
  readonly o: {
    readonly core: ChartCore;
    readonly openPalette: () => void;
    readonly undo: () => void;
    readonly redo: () => void;
    readonly a11y: {
      stepKeyBar(delta: -1 | 1): void;
      clearKeyBar(): boolean;
      toggleTable(): void;
      sayView(edge?: ViewEdge): void;
    };
  };
  setView(view: { start: number; end: number }): void;
  zoom(factor: number): void;
}

/**
 * The chart's keys (pan-zoom-controller.ts; in the chunk fetched after the first paint, input-parts.ts):
 * on the focused plot Left/Right the keyboard crosshair, Shift+Left/Right pan, Up/Down and +/- zoom,
 * Home/End (each of those says the bars now shown), `t` the data table, Escape; Ctrl/Cmd+K, Z, Y anywhere but in text fields (K there too).
 * `origin` is where it was pressed (`composedPath()[0]`, read while it was dispatched: it may be answered
 * after its dispatch, when the chunk arrives).
 */
export function panZoomKey(e: KeyboardEvent, origin: EventTarget | undefined, c: PanZoomKeyContext): void {
  const o = c.o;
  const view = o.core.store.peek('view');
  const n = o.core.store.peek('series')?.bars.length ?? 0;
  const mod = e.ctrlKey || e.metaKey;
  // Navigation keys act only when the chart itself (the plot) has focus, never on a control.
  const onPlot = origin === c.host;
  if (mod && (e.key === 'k' || e.key === 'K')) {
    e.preventDefault();
    o.openPalette();
    return;
  }
  if (isEditableTarget(origin)) return;
  if (mod && (e.key === 'z' || e.key === 'Z')) {
    e.preventDefault();
    if (e.shiftKey) o.redo();
    else o.undo();
    return;
  }
  if (mod && (e.key === 'y' || e.key === 'Y')) {
    e.preventDefault();
    o.redo();
    return;
  }
  if (!onPlot || mod || e.altKey) return;
  if (e.key === 't' || e.key === 'T') {
    e.preventDefault();
    o.a11y.toggleTable();
    return;
  }
  if (!view) return;
  const span = view.end - view.start;
  const step = Math.max(1, Math.round(span * 0.5));
  // Keys that pan or zoom say where the view went (the plot itself says nothing to a screen reader), once
  // the keys rest: a burst or a held key is one message (key-crosshair.ts `sayView`).
  let viewKey = true;
  // What a key that leaves the view as it was has met (said instead of the view: key-crosshair.ts sayView).
  let edge: ViewEdge | undefined;
  switch (e.key) {
    case 'ArrowLeft':
    case 'ArrowRight': {
      const dir = e.key === 'ArrowLeft' ? -1 : 1;
      viewKey = e.shiftKey;
      edge = dir < 0 ? 'viewStart' : 'viewEnd';
      if (e.shiftKey) c.setView({ start: view.start + dir * step, end: view.end + dir * step });
      else o.a11y.stepKeyBar(dir);
      break;
    }
    case 'Escape':
      if (!o.a11y.clearKeyBar()) return;
      viewKey = false;
      break;
    case 'ArrowUp':
    case '+':
    case '=':
      c.zoom(1 / 1.25);
      edge = 'zoomInLimit';
      break;
    case 'ArrowDown':
    case '-':
    case '_':
      c.zoom(1.25);
      edge = 'zoomOutLimit';
      break;
    case 'Home':
      c.setView({ start: -0.5, end: span - 0.5 });
      break;
    case 'End':
      c.setView(defaultView(n, Math.round(span)));
      break;
    default:
      return;
  }
  if (viewKey) {
    const now = o.core.store.peek('view');
    const still = !!now && Math.abs(now.start - view.start) + Math.abs(now.end - view.end) < 1e-6;
    o.a11y.sayView(still ? edge : undefined);
  }
  e.preventDefault();
}
