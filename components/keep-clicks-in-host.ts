/**
 * Clicks inside `host` do not follow a link around it (in the same tree): a CMS that wraps widgets in
 * `<a href>` would otherwise navigate away on a toolbar button, a drag on the plot or the Send button
 * (a click in a shadow tree still reaches the link and runs its default). Clicks whose own default
 * matters are left alone (a box's tick, a label's, `<summary>`, a link of the host's own), and so they
 * still follow an outer link. README, "CMSs and site generators"; test/browser/a11y/ancestor-link-and-underline.test.ts.
 */
export const keepClicksInHost = (host: HTMLElement): void =>
  host.addEventListener('click', (e) => {
    if (
      host.closest('a[href]') &&
      !(e.composedPath()[0] as Element).closest?.('a[href],label,summary,[type=checkbox],[type=radio]')
    )
      e.preventDefault();
  });
