import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** The legends' controls: the price legend's and every pane legend's, in document order. */
const CONTROLS = '.legend button, .pane-legend button';

/**
 * Roving tabindex over the legends' controls (WAI-ARIA toolbar pattern): the legends are one Tab
 * stop, the control last used; Left/Right and Up/Down move (wrapping), Home/End go to the ends. The
 * legends re-render on their own (signals), so a mutation observer keeps exactly one control at
 * `tabindex=0` when studies come and go.
 */
export class LegendRoving implements ReactiveController {
  readonly #host: ReactiveControllerHost & HTMLElement;
  #root: ShadowRoot | null = null;
  #observer: MutationObserver | null = null;
  #current: HTMLElement | null = null;

  /** A lazy chunk (after the first paint, with the tools): attaches at once when the chart has rendered. */
  constructor(host: ReactiveControllerHost & HTMLElement) {
    this.#host = host;
    host.addController(this);
    if (host.isConnected) this.hostUpdated();
  }

  hostUpdated(): void {
    const root = this.#host.shadowRoot;
    const main = root?.querySelector('.main');
    if (!root || !main || this.#root === root) return;
    this.#root = root;
    root.addEventListener('keydown', this.#onKey as EventListener);
    root.addEventListener('focusin', this.#onFocus as EventListener);
    this.#observer = new MutationObserver(() => this.sync());
    // Tabindex too: the legends' templates set the first control's (one Tab stop before this chunk) on a re-render.
    this.#observer.observe(main, { childList: true, subtree: true, attributeFilter: ['tabindex'] });
    this.sync();
  }

  hostDisconnected(): void {
    this.#observer?.disconnect();
    this.#observer = null;
    this.#root?.removeEventListener('keydown', this.#onKey as EventListener);
    this.#root?.removeEventListener('focusin', this.#onFocus as EventListener);
    this.#root = null;
  }

  /** Exactly one control (the current one, else the first) is in the Tab order. */
  sync(): void {
    const items = this.#items();
    if (!this.#current || !items.includes(this.#current)) this.#current = items[0] ?? null;
    for (const item of items) {
      const index = item === this.#current ? 0 : -1;
      if (item.tabIndex !== index) item.tabIndex = index;
    }
  }

  #items(): HTMLElement[] {
    return this.#root ? [...this.#root.querySelectorAll<HTMLElement>(CONTROLS)] : [];
  }

  readonly #onFocus = (e: FocusEvent): void => {
    const origin = e.composedPath()[0] as HTMLElement;
    if (origin !== this.#current && origin.matches?.(CONTROLS)) {
      this.#current = origin;
      this.sync();
    }
  };

  readonly #onKey = (e: KeyboardEvent): void => {
    const origin = e.composedPath()[0] as HTMLElement;
    if (e.ctrlKey || e.metaKey || e.altKey || !origin.matches?.(CONTROLS)) return;
    const items = this.#items();
    const at = items.indexOf(origin);
    if (at < 0) return;
    let next: number;
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') next = (at + 1) % items.length;
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') next = (at - 1 + items.length) % items.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = items.length - 1;
    else return;
    e.preventDefault();
    this.#current = items[next];
    this.sync();
    this.#current.focus();
  };
}
