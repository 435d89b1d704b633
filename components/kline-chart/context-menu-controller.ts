import { nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { lazyModule } from '../../src/core/tools/lazy-module.js';
import type { ContextMenu, ContextMenuDeps, ContextMenuPoint } from './context-menu.js';
import { fromTouch } from './from-touch.js';

const loadMenu = lazyModule(() => import('./context-menu.js'));

type Host = ReactiveControllerHost & HTMLElement & { readonly renderRoot: HTMLElement | DocumentFragment };

/**
 * The chart's right-click menu, whose rendering and actions are a lazy chunk (context-menu.ts): a mouse
 * or pen `contextmenu` on the panes, or the ContextMenu key / Shift+F10 on the focused chart, opens it
 * (the browser's menu is kept away even while the chunk loads). A touch long press is the crosshair; lifted
 * where it began, or Android's own long press (a touch `contextmenu`), PanZoomController opens the menu
 * there through {@link openAt}.
 */
export class ContextMenuController implements ReactiveController {
  readonly #host: Host;
  readonly #deps: ContextMenuDeps;
  #menu: ContextMenu | null = null;

  constructor(host: Host, deps: ContextMenuDeps) {
    this.#host = host;
    this.#deps = deps;
    host.addController(this);
  }

  hostConnected(): void {
    this.#host.addEventListener('contextmenu', this.#onMenu);
    this.#host.addEventListener('keydown', this.#onKey);
  }

  hostDisconnected(): void {
    this.#host.removeEventListener('contextmenu', this.#onMenu);
    this.#host.removeEventListener('keydown', this.#onKey);
    this.#menu?.close(false);
  }

  readonly #onMenu = (e: MouseEvent): void => {
    const path = e.composedPath();
    const byKey = path[0] === this.#host; // the ContextMenu key on the focused chart
    // A finger's (Android's own long press) is PanZoomController's: it ends the press and opens the menu.
    if (fromTouch(e) || !(byKey || path.includes(this.#panes() as EventTarget))) return;
    e.preventDefault();
    if (!byKey || !this.#menu?.isOpen) this.#open(byKey ? null : e);
  };

  readonly #onKey = (e: KeyboardEvent): void => {
    if ((e.key !== 'ContextMenu' && !(e.key === 'F10' && e.shiftKey)) || e.composedPath()[0] !== this.#host) return;
    e.preventDefault();
    this.#open(null);
  };

  /** Opens the menu at a viewport point (a touch long press lifted where it began). */
  openAt(point: { readonly clientX: number; readonly clientY: number }): void {
    this.#open(point);
  }

  #panes(): Element | null {
    return this.#host.renderRoot.querySelector('.panes');
  }

  #open(at: { readonly clientX: number; readonly clientY: number } | null): void {
    const point: ContextMenuPoint = at && { clientX: at.clientX, clientY: at.clientY };
    void loadMenu().then((m) => {
      this.#deps.adopt(m.contextMenuStyles);
      (this.#menu ??= new m.ContextMenu(this.#host, this.#deps)).open(point);
    }, warn);
  }

  render(): unknown {
    return this.#menu?.render() ?? nothing;
  }
}

function warn(error: unknown): void {
  console.warn('kline-chart: the context menu could not be loaded', error);
}
