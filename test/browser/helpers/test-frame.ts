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

/** {@link openFrame} of a page of the bundle (test/pages/), resolved once `<kline-chart>` is defined there. */
export async function openChartFrame(
  src: string,
  style?: string,
): Promise<{ frame: HTMLIFrameElement; win: FrameWindow; violations: string[] }> {
  const opened = await openFrame(src, style);
  await opened.win.customElements.whenDefined('kline-chart');
  return opened;
}

/** Script files the framed page has fetched so far, as paths below /dist/ (`kline-chart.js`, `chunks/…`). */
export function loadedScripts(win: FrameWindow): string[] {
  return win.performance
    .getEntriesByType('resource')
    .map((e) => new URL(e.name).pathname)
    .filter((p) => p.startsWith('/dist/') && p.endsWith('.js'))
    .map((p) => p.slice('/dist/'.length));
}

/**
 * A `<kline-chart>` made in the framed page with `attributes` and the CSS `style`, put in its body (`alone`:
 * as its only child, else after what is there), resolved at its `kline-ready` (`painted`: and then at
 * `whenPainted()`), with the messages of the `kline-error`s it fires from the start.
 */
export async function frameChart<C extends HTMLElement & { whenPainted(): Promise<void> }>(
  win: FrameWindow,
  attributes: Record<string, string>,
  { style = 'display:block;width:800px;height:460px', alone = true, painted = true } = {},
): Promise<{ chart: C; errors: string[] }> {
  const chart = win.document.createElement('kline-chart') as HTMLElement as C;
  chart.style.cssText = style;
  for (const [name, value] of Object.entries(attributes)) chart.setAttribute(name, value);
  const errors: string[] = [];
  chart.addEventListener('kline-error', (e) => errors.push((e as CustomEvent<{ message: string }>).detail.message));
  const ready = new Promise((resolve) => chart.addEventListener('kline-ready', resolve, { once: true }));
  if (alone) win.document.body.replaceChildren(chart);
  else win.document.body.appendChild(chart);
  await ready;
  if (painted) await chart.whenPainted();
  return { chart, errors };
}

/**
 * Sends `win`'s pointer events to `el` as a mouse's primary button `pointerId`, 100 px right of its left
 * edge (measured now), at client y: `at('pointerdown', y)`.
 */
export function pointerAt(win: FrameWindow, el: Element, pointerId: number): (type: string, y: number) => boolean {
  const r = el.getBoundingClientRect();
  return (type, y) =>
    el.dispatchEvent(
      new win.PointerEvent(type, {
        bubbles: true,
        composed: true,
        pointerId,
        button: 0,
        clientX: r.left + 100,
        clientY: y,
      }),
    );
}

/**
 * The script-tag test page (the built bundle, test/pages/script-tag.html) in a frame sized by `style`, once
 * `<kline-chart>` is defined there, with the page's own chart taken out and a frame drawn without it.
 */
export async function openBundlePage(
  style = 'width:960px;height:600px;border:0',
): Promise<{ frame: HTMLIFrameElement; win: FrameWindow; violations: string[] }> {
  const opened = await openChartFrame('/test/pages/script-tag.html', style);
  opened.win.document.body.replaceChildren();
  await new Promise((r) => opened.win.requestAnimationFrame(r));
  return opened;
}

/** {@link frameChart} alone on {@link openBundlePage}: a chart of the bundle with `attributes`, at its `kline-ready`. */
export async function bundleChart<C extends HTMLElement & { whenPainted(): Promise<void> }>(
  attributes: Record<string, string>,
  options: Parameters<typeof frameChart>[2] = {},
): Promise<{ frame: HTMLIFrameElement; win: FrameWindow; chart: C; errors: string[] }> {
  const { frame, win } = await openBundlePage();
  const { chart, errors } = await frameChart<C>(win, attributes, options);
  return { frame, win, chart, errors };
}

/** The text of `chart`'s status notice (its `.toast[role="status"]`), '' when none is shown. */
export function statusToast(chart: Element): string {
  return chart.shadowRoot?.querySelector('.toast[role="status"]')?.textContent ?? '';
}
