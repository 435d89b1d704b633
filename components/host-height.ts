/**
 * The `height` attribute of `<kline-chart>` and `<chart-agent-panel>`: a CSS length (`420px`, `30rem`,
 * `60vh`, `calc(…)`), or a bare number meaning px, so a CMS widget sizes the element by attributes alone.
 * It is set through the CSSOM as the private custom property `--_height`, which the element's `:host`
 * rule reads as its height (`var(--_height, 480px)`): a `style-src 'self'` policy allows that (it refuses
 * a `style="…"` attribute), and like `<img height>` a page's own stylesheet rule on the element still wins.
 * Anything else (`auto`, `12foo`, `-5px`) is ignored with a console warning naming the attribute: the
 * default height applies. Returns whether the value was a length (or absent).
 */
export function applyHeightAttribute(host: HTMLElement, value: string | null | undefined): boolean {
  const text = (value ?? '').trim();
  const length = /^[\d.]+$/.test(text) ? `${text}px` : text;
  // A number with a unit, or a function (`calc(…)`), that CSS takes as a height: not a keyword, not negative.
  const ok = !text || (/^[\d.]|\(/.test(length) && CSS.supports('height', length));
  if (ok && text) host.style.setProperty('--_height', length);
  else host.style.removeProperty('--_height');
  if (!ok) console.warn(`<${host.localName}>: height="${text}" is not a CSS length; the default applies.`);
  return ok;
}
