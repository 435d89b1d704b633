import { withChartActions } from './load-chart-actions.js';

/**
 * Roving tabindex for a `role="toolbar"` (WAI-ARIA toolbar pattern): the toolbar is one tab stop;
 * Left/Right, or Up/Down in a vertical one, (and Home/End) move focus among its enabled controls. Controls inside an open popup
 * (search results) and text inputs keep their own keys. The indicator picker's button, inside its
 * own shadow root, takes part like any other button.
 */
export class RovingToolbar {
  /** `vertical`: Up/Down move (a toolbar with `aria-orientation="vertical"`); otherwise Left/Right. */
  constructor(readonly orientation: 'horizontal' | 'vertical' = 'horizontal') {}

  #toolbar: HTMLElement | null = null;
  #current: HTMLElement | null = null;
  #awaitedPicker: Element | null = null;

  /** Call after every render with the toolbar element (or `null` when there is none). */
  sync(toolbar: HTMLElement | null): void {
    if (toolbar !== this.#toolbar) {
      this.#toolbar?.removeEventListener('keydown', this.#onKey);
      this.#toolbar?.removeEventListener('focusin', this.#onFocus);
      this.#toolbar = toolbar;
      toolbar?.addEventListener('keydown', this.#onKey);
      toolbar?.addEventListener('focusin', this.#onFocus);
    }
    if (!toolbar) return;
    const picker = toolbar.querySelector<HTMLElement & { updateComplete?: Promise<unknown> }>('kline-indicator-picker');
    // The picker's chunk may define it later: until its button is here and given tabindex -1, that
    // button would be a second Tab stop in the toolbar.
    // Once per picker element: a picker that never renders (its chart left the page) is not waited for again.
    if (picker && picker !== this.#awaitedPicker && !picker.shadowRoot?.querySelector('button.toggle')) {
      this.#awaitedPicker = picker;
      void customElements
        .whenDefined('kline-indicator-picker')
        .then(() => picker.updateComplete)
        .then(() => {
          if (picker.isConnected) this.sync(this.#toolbar);
        });
    }
    const items = this.items();
    this.mark(this.#current && items.includes(this.#current) ? this.#current : (items[0] ?? null));
  }

  /** `item` is the toolbar's one Tab stop. */
  mark(item: HTMLElement | null): void {
    this.#current = item;
    for (const el of this.#all()) el.tabIndex = el === item ? 0 : -1;
  }

  /** The controls arrows move between, in visual order (disabled ones are skipped). */
  items(): HTMLElement[] {
    return this.#all().filter((el) => !(el as HTMLButtonElement).disabled);
  }

  #all(): HTMLElement[] {
    if (!this.#toolbar) return [];
    const out: HTMLElement[] = [];
    for (const el of this.#toolbar.querySelectorAll<HTMLElement>('button, input, kline-indicator-picker')) {
      if (el.closest('.results, [role="menu"]') || el.classList.contains('picker-fallback')) continue;
      if (el.localName === 'kline-indicator-picker') {
        const toggle = el.shadowRoot?.querySelector<HTMLElement>('button.toggle');
        if (toggle) out.push(toggle);
      } else out.push(el);
    }
    return out;
  }

  readonly #onFocus = (e: FocusEvent): void => {
    const origin = e.composedPath()[0] as HTMLElement;
    if (origin !== this.#current && this.#all().includes(origin)) this.mark(origin);
  };

  /**
   * Every key pressed on a toolbar control stays in the toolbar (none pans or zooms the chart); the arrows',
   * Home's and End's moves are in the chart's actions chunk (roving-toolbar-keys.ts, fetched after the first paint).
   */
  readonly #onKey = (e: KeyboardEvent): void => {
    const origin = e.composedPath()[0] as HTMLElement;
    // `?` (the shortcut list) is the chart's everywhere; a modified key is never a move.
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key !== '?') e.stopPropagation();
    withChartActions((m) => m.toolbarKey(this, e, origin));
  };
}
