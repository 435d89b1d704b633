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
    this.#host.addEventListener('contextmenu', this.#on);
    this.#host.addEventListener('keydown', this.#on);
  }

  hostDisconnected(): void {
    this.#host.removeEventListener('contextmenu', this.#on);
    this.#host.removeEventListener('keydown', this.#on);
    this.#menu?.close(false);
  }

  /** A `contextmenu` on the panes or the focused chart (the ContextMenu key), or Shift+F10 on the chart. */
  readonly #on = (e: Event): void => {
    const path = e.composedPath();
    const byKey = path[0] === this.#host;
    if (e.type === 'keydown') {
      const { key, shiftKey } = e as KeyboardEvent;
      if (!byKey || (key !== 'ContextMenu' && !(key === 'F10' && shiftKey))) return;
    } else if (
      // A finger's (Android's own long press) is PanZoomController's: it ends the press and opens the menu.
      fromTouch(e as MouseEvent) ||
      !(byKey || path.includes(this.#host.renderRoot.querySelector('.panes') as EventTarget))
    )
      return;
    e.preventDefault();
    if (e.type === 'keydown' || !byKey || !this.#menu?.isOpen) this.openAt(byKey ? null : (e as MouseEvent));
  };

  /** Opens the menu at a viewport point (a touch long press lifted where it began), or for the keyboard (`null`). */
  openAt(at: { readonly clientX: number; readonly clientY: number } | null): void {
    const point: ContextMenuPoint = at && { clientX: at.clientX, clientY: at.clientY };
    loadMenu().then(
      (m) => (this.#menu ??= new m.ContextMenu(this.#host, this.#deps)).open(point),
      (error: unknown) => console.warn('kline-chart: the context menu could not be loaded', error),
    );
  }

  render(): unknown {
    return this.#menu?.render() ?? nothing;
  }
}
