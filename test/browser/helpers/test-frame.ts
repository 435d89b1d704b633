/** The window of a page loaded in a test iframe: its own globals (`customElements`, `performance`…). */
export type FrameWindow = Window & typeof globalThis;

/**
 * Loads `src` (a test page, e.g. `/test/pages/script-tag.html`) into an iframe of this test page,
 * sized by `style`, and resolves once it has loaded. The page's Content-Security-Policy violations
 * are collected in `violations` from then on.
 */
export async function openFrame(
  src: string,
  style = 'width:960px;height:420px;border:0',
): Promise<{ frame: HTMLIFrameElement; win: FrameWindow; violations: string[] }> {
  const frame = document.createElement('iframe');
  frame.style.cssText = style;
  frame.src = src;
  document.body.appendChild(frame);
  await new Promise((r) => frame.addEventListener('load', r, { once: true }));
  const win = frame.contentWindow! as FrameWindow;
  const violations: string[] = [];
  win.document.addEventListener('securitypolicyviolation', (e) =>
    violations.push(`${e.violatedDirective} ${e.blockedURI}`),
  );
  return { frame, win, violations };
}

/** Script files the framed page has fetched so far, as paths below /dist/ (`kline-chart.js`, `chunks/…`). */
export function loadedScripts(win: FrameWindow): string[] {
  return win.performance
    .getEntriesByType('resource')
    .map((e) => new URL(e.name).pathname)
    .filter((p) => p.startsWith('/dist/') && p.endsWith('.js'))
    .map((p) => p.slice('/dist/'.length));
}
