/** Media queries whose change can change the chart's colours. */
const QUERIES = ['(prefers-color-scheme: dark)', '(prefers-contrast: more)'];

/** Attributes of an ancestor whose change can restyle the chart (a site's theme switch). */
const ANCESTOR_ATTRIBUTES = ['class', 'style', 'data-theme'];

/**
 * Tells an element when the page's styles may have changed (the chart's canvas re-reads its `--kline-*`
 * colours, the panel follows the site's theme switch): a `MutationObserver` on `<html>` (`class`, `style`, `data-theme`), on `<head>` (style
 * sheets added, removed or edited), on the element itself (`class`, `style`) and on each of its ancestors
 * up to `<html>` — `<body>`, a wrapper `<div class="dark">`, the host of a shadow root the element sits in,
 * the slot it is assigned to — (`class`, `data-theme`, and `style` when the old or new value sets a custom
 * property), and `matchMedia` listeners for the colour scheme and `prefers-contrast`. Each node is observed
 * for its own attributes only (no `subtree`): the cost is the element's depth, paid on connect, whatever
 * the size of the page. Bursts of changes are coalesced into one call; nothing runs per frame. Sheets
 * adopted through `adoptedStyleSheets`, or added to a shadow root the element sits in, cannot be observed:
 * a page that changes those calls the chart's `refreshTheme()`.
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
    const observer = new MutationObserver((records) => {
      if (records.some((r) => r.target === host || r.target === document.documentElement || restyles(r)))
        this.#schedule();
    });
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
    for (let at = flatParent(host); at && at !== document.documentElement; at = flatParent(at))
      observer.observe(at, { attributes: true, attributeFilter: ANCESTOR_ATTRIBUTES, attributeOldValue: true });
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
 * Whether a change to an ancestor (below `<html>`) can restyle the element: any but a `style` that sets no
 * custom property before or after (a wrapper's `transform` or `height` animated from script: no re-read per
 * frame). The chart reads only `--kline-*` properties from what it inherits (src/render/chart-theme.ts).
 */
function restyles(record: MutationRecord): boolean {
  if (record.attributeName !== 'style') return true;
  const now = (record.target as Element).getAttribute('style');
  return !!record.oldValue?.includes('--') || !!now?.includes('--');
}

/** The element's parent in the flat tree, which it inherits styles from: its slot, its parent, or its shadow root's host. */
function flatParent(el: Element): Element | null {
  if (el.assignedSlot) return el.assignedSlot;
  if (el.parentElement) return el.parentElement;
  const root = el.parentNode;
  return root instanceof ShadowRoot ? root.host : null;
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
