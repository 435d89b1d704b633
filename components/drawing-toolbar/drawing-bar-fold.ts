import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { DrawingKind } from '../../src/core/drawings/index.js';
import type { DrawingGroup, DrawingGroupId } from './drawing-groups.js';
import { lazyModule } from '../../src/core/tools/lazy-module.js';

type Host = ReactiveControllerHost & HTMLElement & { readonly renderRoot: HTMLElement | DocumentFragment };
type MenuModule = typeof import('./drawing-group-menu.js');
const loadMenu = lazyModule(() => import('./drawing-group-menu.js'));

/**
 * Folds the drawing bar into groups when all its buttons do not fit the chart's height, as TradingView's
 * left bar does: each group is one button showing its last-used (or first) kind, and a flyout menu
 * (`role="menu"`) lists the group's kinds. Measured after each render: a flat bar that overflows folds;
 * a folded bar whose height has grown to what the flat bar needed unfolds (a `ResizeObserver` on the
 * element re-renders it when its height changes). The flyout opens from the group's chevron, a long
 * press, or ArrowRight on its button; its code (keys, closing, placing) is a lazy chunk,
 * drawing-group-menu.ts, loaded when a flyout first opens.
 */
export class DrawingBarFold implements ReactiveController {
  readonly host: Host;
  #observer: ResizeObserver | null = null;
  #height = 0;
  /** The flat bar's height when it was folded: the bar unfolds once it is this tall. */
  #flat = 0;
  /** The bar shows groups (the flat bar did not fit). */
  folded = false;
  /** The group whose flyout is open. */
  open: DrawingGroupId | null = null;
  /** The flyout's first render focuses its checked item. */
  focus = false;
  /** A long press opened the flyout: the click that ends it chooses nothing. */
  long = false;
  /** Each group's last-used kind. */
  readonly last = new Map<DrawingGroupId, DrawingKind>();
  /** The flyout's chunk, once loaded. */
  menu: MenuModule | null = null;

  constructor(host: Host) {
    (this.host = host).addController(this);
  }

  hostConnected(): void {
    this.#observer = new ResizeObserver((e) => {
      const h = e[0].contentRect.height;
      if (h === this.#height) return;
      this.#height = h;
      // After this frame's observations (a render inside the callback could loop, toolbar-overflow.ts).
      setTimeout(() => this.host.requestUpdate(), 0);
    });
    this.#observer.observe(this.host);
  }

  hostDisconnected(): void {
    this.#observer?.disconnect();
    this.menu?.closeGroupMenu(this, false);
  }

  hostUpdated(): void {
    const bar = this.host.renderRoot.querySelector<HTMLElement>('[part="drawing-toolbar"]');
    const h = bar?.clientHeight;
    if (h && !this.folded && bar.scrollHeight > h + 1) {
      this.#flat = bar.scrollHeight;
      this.folded = true;
      this.host.requestUpdate();
    } else if (h && this.folded && h >= this.#flat) {
      this.folded = false;
      this.menu?.closeGroupMenu(this, false);
      this.host.requestUpdate();
    } else this.menu?.groupMenuUpdated(this);
  }

  /** The kind group `g`'s button shows: the active tool if it is one of the group's, else the last used, else the first. */
  shown(g: DrawingGroup, tool: string | null): DrawingKind {
    if (tool && g.kinds.includes(tool)) this.last.set(g.id, tool);
    const last = this.last.get(g.id);
    return last && g.kinds.includes(last) ? last : g.kinds[0];
  }

  /** Opens group `g`'s flyout (its chunk loads first), focusing its checked item; a second call closes it. */
  toggle(g: DrawingGroupId): void {
    if (this.open === g) return void this.menu?.closeGroupMenu(this, true);
    // A chunk that cannot be fetched (offline) leaves the button's shown kind one click away; the next press tries again.
    loadMenu().then(
      (m) => {
        if (!this.menu) {
          const sheet = m.groupMenuStyles.styleSheet;
          const root = this.host.shadowRoot;
          if (sheet && root) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
        }
        (this.menu = m).openGroupMenu(this, g);
      },
      (error: unknown) => console.warn('kline-chart: the drawing tool menu could not be loaded', error),
    );
  }

  /** A group button's pointerdown: held, it opens the flyout. */
  press(e: PointerEvent, g: DrawingGroupId): void {
    const t = e.currentTarget as HTMLElement;
    this.long = false;
    const timer = setTimeout(() => ((this.long = true), this.toggle(g)), 450);
    for (const type of ['pointerup', 'pointerleave', 'pointercancel'])
      t.addEventListener(type, () => clearTimeout(timer), { once: true });
  }
}
