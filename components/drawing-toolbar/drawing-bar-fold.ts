import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { DrawingKind } from '../../src/core/drawings/index.js';
import type { DrawingGroup, DrawingGroupId } from './drawing-groups.js';

type Host = ReactiveControllerHost & HTMLElement & { readonly renderRoot: HTMLElement | DocumentFragment };
type MenuModule = typeof import('./drawing-group-menu.js');

/** How long a press on a group button is held before its flyout opens (a long press, as on a phone). */
const LONG_PRESS_MS = 450;

/**
 * Folds the drawing bar into groups when all its buttons do not fit the chart's height, as TradingView's
 * left bar does: each group is one button showing its last-used (or first) kind, and a flyout menu
 * (`role="menu"`, a lazy chunk: drawing-group-menu.ts) lists the group's kinds. Measured after each
 * render: a flat bar that overflows folds; a folded bar whose height has grown to what the flat bar
 * needed unfolds (a `ResizeObserver` on the element re-renders it when its height changes). The flyout
 * opens from the group's chevron, a long press, or ArrowRight on its button; Up/Down/Home/End move in
 * it, Enter or Space choose, Escape or ArrowLeft close it and focus goes back to the group's button; a
 * press outside or Tab closes it.
 */
export class DrawingBarFold implements ReactiveController {
  readonly #host: Host;
  #observer: ResizeObserver | null = null;
  #height = 0;
  #timer = 0;
  #folded = false;
  /** The flat bar's height when it was folded: the bar unfolds once it is this tall. */
  #flatHeight = 0;
  #open: DrawingGroupId | null = null;
  #focusOnOpen = false;
  #press = 0;
  #longPressed = false;
  readonly #last = new Map<DrawingGroupId, DrawingKind>();
  /** The flyout's chunk, once loaded (the first open loads it). */
  menu: MenuModule | null = null;

  constructor(host: Host) {
    this.#host = host;
    host.addController(this);
  }

  /** The bar shows groups (the flat bar did not fit). */
  get folded(): boolean {
    return this.#folded;
  }

  /** The group whose flyout is open. */
  get openGroup(): DrawingGroupId | null {
    return this.#open;
  }

  hostConnected(): void {
    this.#observer = new ResizeObserver((entries) => {
      const height = entries[0].borderBoxSize?.[0]?.blockSize ?? entries[0].contentRect.height;
      if (height === this.#height) return;
      this.#height = height;
      // After this frame's observations (a render inside the callback could loop, toolbar-overflow.ts).
      clearTimeout(this.#timer);
      this.#timer = window.setTimeout(() => this.#host.requestUpdate(), 0);
    });
    this.#observer.observe(this.#host);
    document.addEventListener('pointerdown', this.#onOutside, true);
  }

  hostDisconnected(): void {
    this.#observer?.disconnect();
    this.#observer = null;
    clearTimeout(this.#timer);
    clearTimeout(this.#press);
    document.removeEventListener('pointerdown', this.#onOutside, true);
  }

  hostUpdated(): void {
    this.#measure();
    const menu = this.#menu();
    if (!menu || !this.#open) return;
    this.menu?.placeGroupMenu(menu, this.#button(this.#open));
    if (!this.#focusOnOpen) return;
    this.#focusOnOpen = false;
    const items = this.items();
    (items.find((i) => i.getAttribute('aria-checked') === 'true') ?? items[0])?.focus();
  }

  #measure(): void {
    const bar = this.#host.renderRoot.querySelector<HTMLElement>('[part="drawing-toolbar"]');
    if (!bar || bar.clientHeight === 0) return;
    if (!this.#folded && bar.scrollHeight > bar.clientHeight + 1) {
      this.#flatHeight = bar.scrollHeight;
      this.#folded = true;
    } else if (this.#folded && bar.clientHeight >= this.#flatHeight) {
      this.#folded = false;
      this.#open = null;
    } else return;
    this.#host.requestUpdate();
  }

  /** The kind group `g`'s button shows: the active tool if it is one of the group's, else the last used, else the first. */
  shown(g: DrawingGroup, tool: string | null): DrawingKind {
    if (tool && g.kinds.includes(tool)) this.#last.set(g.id, tool);
    const last = this.#last.get(g.id);
    return last && g.kinds.includes(last) ? last : g.kinds[0];
  }

  /** Opens group `g`'s flyout (focus goes to its checked or first item), or closes it (`null`). */
  toggle(g: DrawingGroupId | null, returnFocus = true): void {
    const was = this.#open;
    if (g === was) return;
    this.#open = g;
    this.#focusOnOpen = g !== null;
    if (g) void this.#load();
    this.#host.requestUpdate();
    if (was && !g && returnFocus) this.#button(was)?.focus();
  }

  /** A flyout item: the flyout closes (focus back on the group's button), the group shows `kind`, `run` runs. */
  choose(g: DrawingGroupId, kind: DrawingKind, run: () => void): void {
    this.#last.set(g, kind);
    this.toggle(null);
    run();
  }

  /** The open flyout's items, top to bottom. */
  items(): HTMLElement[] {
    return [...(this.#menu()?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])];
  }

  /** A group button's click: false when it ends a long press (which opened the flyout instead); else the flyout closes. */
  clicked(): boolean {
    const long = this.#longPressed;
    this.#longPressed = false;
    if (!long) this.toggle(null, false);
    return !long;
  }

  /** A group button's pointerdown: held long enough, it opens the flyout. */
  pressStart(e: PointerEvent, g: DrawingGroupId): void {
    if (e.button !== 0) return;
    this.#longPressed = false;
    clearTimeout(this.#press);
    const target = e.currentTarget as HTMLElement;
    const cancel = () => clearTimeout(this.#press);
    target.addEventListener('pointerup', cancel, { once: true });
    target.addEventListener('pointerleave', cancel, { once: true });
    target.addEventListener('pointercancel', cancel, { once: true });
    this.#press = window.setTimeout(() => {
      this.#longPressed = true;
      this.toggle(g);
    }, LONG_PRESS_MS);
  }

  /** A group button's keys: ArrowRight opens its flyout. */
  onGroupKey(e: KeyboardEvent, g: DrawingGroupId): void {
    if (e.key !== 'ArrowRight' || e.ctrlKey || e.metaKey || e.altKey) return;
    e.preventDefault();
    e.stopPropagation();
    this.toggle(g);
  }

  #menu(): HTMLElement | null {
    return this.#host.renderRoot.querySelector<HTMLElement>('[part="drawing-group-menu"]');
  }

  #button(g: DrawingGroupId): HTMLElement | null {
    return this.#host.renderRoot.querySelector<HTMLElement>(`button[data-group="${g}"]`);
  }

  async #load(): Promise<void> {
    if (this.menu) return;
    const module = await import('./drawing-group-menu.js');
    const sheet = module.groupMenuStyles.styleSheet;
    const root = this.#host.shadowRoot;
    if (sheet && root && !root.adoptedStyleSheets.includes(sheet))
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    this.menu = module;
    this.#host.requestUpdate();
  }

  readonly #onOutside = (e: PointerEvent): void => {
    if (!this.#open) return;
    const path = e.composedPath();
    const group = this.#button(this.#open)?.parentElement;
    const menu = this.#menu();
    if ((menu && path.includes(menu)) || (group && path.includes(group))) return;
    this.toggle(null, false);
  };
}
