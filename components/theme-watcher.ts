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
 * page. Bursts of changes are coalesced into one call; nothing runs per frame. Sheets adopted through
 * `adoptedStyleSheets`, or added to a shadow root the element sits in, cannot be observed: a page that
 * changes those calls the chart's `refreshTheme()`.
 */
export class ThemeWatcher {
  #observer: MutationObserver | null = null;
  #media: MediaQueryList[] = [];
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
    // Each ancestor in the flat tree (what the element inherits from): its slot, else its parent, else the host
    // of its shadow root; `<html>` last (a Document has no `host`).
    for (let at: Element | null | undefined = host; at; ) {
      at = at.assignedSlot ?? at.parentElement ?? (at.parentNode as ShadowRoot | null)?.host;
      if (at)
        observer.observe(at, {
          attributes: true,
          attributeFilter: ['class', 'style', 'data-theme'],
          attributeOldValue: true,
        });
    }
    this.#observer = observer;
    this.#media = QUERIES.map((q) => matchMedia(q));
    for (const m of this.#media) m.addEventListener('change', this.#schedule);
  }

  stop(): void {
    this.#observer?.disconnect();
    this.#observer = null;
    for (const m of this.#media) m.removeEventListener('change', this.#schedule);
    this.#media = [];
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
 * The scheme `theme="auto"` resolves to: a `dark` / `light` class or `data-theme="dark"` /
 * `"light"` on `<html>` (a site's own switch) wins over `prefers-color-scheme`.
 */
export function resolveAutoTheme(): 'light' | 'dark' {
  return siteTheme() ?? (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');
}

/** The site's own switch: `data-theme="dark"`/`"light"` or a `dark`/`light` class on `<html>`; null when it has none. */
export function siteTheme(): 'light' | 'dark' | null {
  const root = document.documentElement;
  const data = root.dataset.theme?.toLowerCase();
  if (data === 'dark' || root.classList.contains('dark')) return 'dark';
  if (data === 'light' || root.classList.contains('light')) return 'light';
  return null;
}
