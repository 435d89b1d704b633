/** Media queries whose change can change the chart's colours. */
const QUERIES = ['(prefers-color-scheme: dark)', '(prefers-contrast: more)'];

/**
 * Tells an element when the page's styles may have changed (the chart's canvas re-reads its `--kline-*`
 * colours, the panel follows the site's theme switch): a `MutationObserver` on `<head>` (style sheets added,
 * removed or edited), on the element itself (`class`, `style`) and on each of its ancestors up to `<html>` —
 * `<body>`, a wrapper `<div class="dark">`, the host of a shadow root the element sits in, the slot it is
 * assigned to — (`class`, `data-theme`, and `style` when the old or new value sets a custom property), and
 * `matchMedia` listeners for the colour scheme and `prefers-contrast`. Each node is observed for its own
 * attributes only (no `subtree`): the cost is the element's depth, paid on connect, whatever the size of the
 * page. Bursts of changes are coalesced into one call; nothing runs per frame. The ancestors are walked again
 * when they may have changed with no attribute to see: a frame after connecting (a component that attaches its
 * shadow root or renders its slot just after), a `slotchange` in a shadow root on the way (the element moved
 * to another slot, a slot added) and a custom element on the way getting its definition (its shadow root comes
 * with it). A plain element that attaches a shadow root later is not seen (nothing tells). Sheets adopted
 * through `adoptedStyleSheets`, or added to a shadow root the element sits in, cannot be observed: a page that
 * changes those calls the chart's `refreshTheme()`.
 */
export class ThemeWatcher {
  #observer: MutationObserver | null = null;
  /** Ends the listeners of the current watch (media queries, `slotchange`s). */
  #listening: AbortController | null = null;
  /** Walks the ancestors again: held here only, as a custom element's definition reaches it through a `WeakRef`. */
  // eslint-disable-next-line no-unused-private-class-members -- written to keep it alive, never read
  #recheck: (() => void) | null = null;
  #timer = 0;

  readonly #changed: () => void;

  constructor(changed: () => void) {
    this.#changed = changed;
  }

  start(host: HTMLElement): void {
    this.stop();
    // An ancestor's `style` counts when it sets a custom property before or after (a wrapper's `transform`
    // animated from script re-reads nothing): the chart inherits only `--kline-*` (src/render/chart-theme.ts).
    const observer = new MutationObserver((records) => {
      if (
        records.some(
          (r) =>
            r.target === host ||
            r.attributeName !== 'style' ||
            /--/.test(`${r.oldValue} ${(r.target as Element).getAttribute('style')}`),
        )
      )
        this.#schedule();
    });
    if (document.head)
      observer.observe(document.head, {
        childList: true,
        subtree: true,
        characterData: true,
        attributes: true,
        attributeFilter: ['media', 'disabled', 'href'],
      });
    observer.observe(host, { attributes: true, attributeFilter: ['class', 'style'] });
    const chain = ancestors(host);
    // A different chain is watched from then on, and may change the styles.
    const recheck = (this.#recheck = () => {
      if (this.#observer !== observer) return;
      const now = ancestors(host);
      if (now.length === chain.length && now.every((at, i) => at === chain[i])) return;
      this.start(host);
      this.#schedule();
    });
    const weak = new WeakRef(recheck);
    const { signal } = (this.#listening = new AbortController());
    for (const at of chain) {
      observer.observe(at, {
        attributes: true,
        attributeFilter: ['class', 'style', 'data-theme'],
        attributeOldValue: true,
      });
      // `slotchange` bubbles inside its shadow root only: heard on each shadow root of the way (the parent's
      // too, whose slot the element may not be assigned to yet).
      at.shadowRoot?.addEventListener('slotchange', recheck, { signal });
      if (!at.matches(':defined')) recheckWhenDefined(at.localName, weak);
    }
    requestAnimationFrame(recheck);
    this.#observer = observer;
    for (const q of QUERIES) matchMedia(q).addEventListener('change', this.#schedule, { signal });
  }

  stop(): void {
    this.#observer?.disconnect();
    this.#observer = null;
    this.#recheck = null;
    this.#listening?.abort();
    clearTimeout(this.#timer);
    this.#timer = 0;
  }

  readonly #schedule = (): void => {
    if (this.#timer) return;
    this.#timer = window.setTimeout(() => {
      this.#timer = 0;
      this.#changed();
    }, 0);
  };
}

/**
 * Calls `recheck` a frame after `name` gets its definition, holding it weakly: an element that is never
 * defined (an Angular `<app-root>`) must not keep a removed chart alive through its promise. A function of
 * its own, so the promise's reaction closes over `weak` only, not over `start`'s scope (V8 shares one
 * context between a scope's closures, and `start`'s holds the chart).
 */
function recheckWhenDefined(name: string, weak: WeakRef<() => void>): void {
  void customElements.whenDefined(name).then(() => requestAnimationFrame(() => weak.deref()?.()));
}

/**
 * The element's ancestors in the flat tree (what it inherits from), nearest first: its slot, else its parent,
 * else the host of its shadow root; `<html>` last (a Document has no `host`).
 */
function ancestors(element: Element): Element[] {
  const chain: Element[] = [];
  for (let at: Element | null | undefined = element; at; ) {
    at = at.assignedSlot ?? at.parentElement ?? (at.parentNode as ShadowRoot | null)?.host;
    if (at) chain.push(at);
  }
  return chain;
}

/**
 * The scheme `theme="auto"` resolves to: the site's own switch nearest to `element` ({@link siteTheme}) wins
 * over `prefers-color-scheme`.
 */
export function resolveAutoTheme(element: Element): 'light' | 'dark' {
  return siteTheme(element) ?? (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');
}

/**
 * The site's own switch: `data-theme="dark"`/`"light"` or a `dark`/`light` class on the nearest ancestor of
 * `element` that has one (a dark section of a light page), up to `<html>`; null when none has.
 */
export function siteTheme(element: Element): 'light' | 'dark' | null {
  for (const at of ancestors(element)) {
    const data = at.getAttribute('data-theme')?.toLowerCase();
    if (data === 'dark' || at.classList.contains('dark')) return 'dark';
    if (data === 'light' || at.classList.contains('light')) return 'light';
  }
  return null;
}
