/** Media queries whose change can change the chart's colours. */
const QUERIES = ['(prefers-color-scheme: dark)', '(prefers-contrast: more)'];

/**
 * Tells an element when the page's styles may have changed (the chart's canvas re-reads its `--kline-*`
 * colours, the panel follows the site's theme switch): a `MutationObserver` on `<html>` (`class`, `style`, `data-theme`), on `<head>` (style
 * sheets added, removed or edited) and on the element itself (`class`, `style`), and `matchMedia`
 * listeners for the colour scheme and `prefers-contrast`. Bursts of changes are coalesced into one
 * call; nothing runs per frame. Sheets adopted through `adoptedStyleSheets` cannot be observed: a
 * page that changes those calls the chart's `refreshTheme()`.
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
    const observer = new MutationObserver(this.#schedule);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'style', 'data-theme'] });
    if (document.head)
      observer.observe(document.head, {
        childList: true,
        subtree: true,
        characterData: true,
        attributes: true,
        attributeFilter: ['media', 'disabled', 'href'],
      });
    observer.observe(host, { attributes: true, attributeFilter: ['class', 'style'] });
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
