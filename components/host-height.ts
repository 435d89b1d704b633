/**
 * The `height` attribute of `<kline-chart>` and `<chart-agent-panel>`: a CSS length (`420px`, `30rem`,
 * `60vh`, `calc(…)`), or a bare number (a CSS number: `420`, `1e3`) meaning px, so a CMS widget sizes the
 * element by attributes alone. It is set through the CSSOM as the private custom property `--_height` of
 * a `:host` rule in a style sheet of the element's own shadow root, which the element's `:host` default reads
 * as its height (`var(--_height, 480px)`): a `style-src 'self'` policy allows that (it refuses a
 * `style="…"` attribute), and like `<img height>` a page's own rule on the element still wins. Not in the
 * element's `style` attribute: a framework that writes that attribute (`style="width:100%"` in Vue, Lit,
 * Preact) would wipe it. Without the attribute the rule sets `initial`, so a `--_height` of the page's on an
 * ancestor does not reach the element. Anything else (`auto`, `12foo`, `-5px`) is ignored with a console
 * warning naming the attribute: the default height applies. Returns whether the value was a length (or absent).
 */
export function applyHeightAttribute(host: HTMLElement, value: string | null | undefined): boolean {
  const text = (value ?? '').trim();
  const length = /^\+?(\d*\.)?\d+(e[+-]?\d+)?$/i.test(text) ? `${text}px` : text;
  // A number with a unit, or a function (`calc(…)`), that CSS takes as a height: not a keyword, not negative.
  const ok = !text || (/^[+\d.]|\(/.test(length) && CSS.supports('height', length));
  hostRule(host).style.setProperty('--_height', ok && text ? length : 'initial');
  if (!ok) console.warn(`<${host.localName}>: height="${text}" is not a CSS length; the default applies.`);
  return ok;
}

const rules = new WeakMap<HTMLElement, CSSStyleRule>();

/**
 * The element's own `:host {}` rule, in a sheet adopted after its styles (its inline style without a shadow
 * root): set through the CSSOM, so allowed under `style-src 'self'`, and outranked by a page's rule on the
 * element. One per element, shared by what sets its properties (`--_height` here, `--kline-font` in
 * kline-chart/chart-view-controller.ts).
 */
export function hostRule(host: HTMLElement): { style: CSSStyleDeclaration } {
  const root = host.shadowRoot;
  if (!root) return host;
  let rule = rules.get(host);
  if (!rule) {
    const sheet = new CSSStyleSheet();
    sheet.insertRule(':host{}');
    rule = sheet.cssRules[0] as CSSStyleRule;
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    rules.set(host, rule);
  }
  return rule;
}
