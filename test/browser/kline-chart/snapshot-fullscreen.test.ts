import { expect } from '@open-wc/testing';
import { executeServerCommand, sendKeys, sendMouse } from '@web/test-runner-commands';
import { html } from 'lit';
import '../../../components/kline-chart/define.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { parseColor } from '../helpers/canvas-pixels.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { mount, unmountAll } from '../panel/panel-fixture.js';

async function chartOf(width: number, symbol = 'DEMO'): Promise<KlineChart> {
  const main = mount(
    html`<main><kline-chart symbol=${symbol} style=${`width:${width}px;height:420px`}></kline-chart></main>`,
  );
  const chart = main.querySelector('kline-chart')!;
  await waitFor(() => chart.context.get() !== null, 'chart data');
  await chart.whenPainted();
  await chart.updateComplete;
  return chart;
}

const q = (chart: KlineChart, selector: string) => chart.shadowRoot!.querySelector<HTMLElement>(selector);
/** Whether the chart shows its compact (folded) toolbar, as it does below 480 px. */
const compact = (chart: KlineChart) => q(chart, '.root')!.classList.contains('compact');

/** Opens the "More" menu and returns its item for `action`. */
/** Replaces the page's clipboard with one that records what is written (the items of each call). */
function fakeClipboard(): ClipboardItem[][] {
  const written: ClipboardItem[][] = [];
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { write: (items: ClipboardItem[]) => (written.push(items), Promise.resolve()) },
  });
  return written;
}

/** The download links the chart clicks, kept from downloading (no file on the test machine's disk). */
function catchDownloads(chart: KlineChart): HTMLAnchorElement[] {
  const links: HTMLAnchorElement[] = [];
  chart.shadowRoot!.addEventListener(
    'click',
    (e) => {
      const a = e.composedPath()[0];
      if (!(a instanceof HTMLAnchorElement) || !a.download) return;
      links.push(a);
      e.preventDefault();
    },
    true,
  );
  return links;
}

async function menuItem(chart: KlineChart, action: string): Promise<HTMLElement> {
  q(chart, '[part="more-button"]')!.click();
  await waitFor(() => q(chart, `[part="more-menu"] [data-action="${action}"]`) !== null, `the menu's ${action}`);
  return q(chart, `[part="more-menu"] [data-action="${action}"]`)!;
}

/** A real mouse click (a user gesture, which `requestFullscreen` needs) in the middle of `el`. */
async function realClick(chart: KlineChart, el: Element): Promise<void> {
  el.scrollIntoView({ block: 'nearest' }); // the last item of a long menu is below its scroll
  const r = el.getBoundingClientRect();
  const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
  expect(chart.shadowRoot!.elementFromPoint(x, y), 'the item is under the pointer (not clipped)').to.equal(el);
  await sendMouse({ type: 'click', position: [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)] });
}

/** Presses `key` while `modifiers` are held (real key presses through the browser). */
async function combo(modifiers: string[], key: string): Promise<void> {
  for (const m of modifiers) await sendKeys({ down: m });
  await sendKeys({ press: key });
  for (const m of [...modifiers].reverse()) await sendKeys({ up: m });
}

/** The visible message (the chart's toast) once it shows `pattern`. */
async function toastText(chart: KlineChart, pattern: RegExp): Promise<string> {
  await waitFor(() => pattern.test(q(chart, '.toast')?.textContent ?? ''), `a message matching ${pattern}`);
  return q(chart, '.toast')!.textContent;
}

/** Counts pixels of `bitmap` within `tolerance` of `rgb`. */
function pixelsOf(bitmap: ImageBitmap, rgb: [number, number, number], tolerance = 12): number {
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const ctx = canvas.getContext('2d')!;
  ctx.drawImage(bitmap, 0, 0);
  const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
  let n = 0;
  for (let i = 0; i < data.length; i += 4)
    if (
      Math.abs(data[i] - rgb[0]) <= tolerance &&
      Math.abs(data[i + 1] - rgb[1]) <= tolerance &&
      Math.abs(data[i + 2] - rgb[2]) <= tolerance
    )
      n++;
  return n;
}

describe('snapshot and full screen', function () {
  this.timeout(30000);
  const realCreate = URL.createObjectURL;
  const realRevoke = URL.revokeObjectURL;
  const clipboard = Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard')!;
  let unhandled: unknown[] = [];
  const onUnhandled = (e: PromiseRejectionEvent) => unhandled.push(e.reason);
  beforeEach(() => {
    unhandled = [];
    window.addEventListener('unhandledrejection', onUnhandled);
  });
  afterEach(async () => {
    URL.createObjectURL = realCreate;
    URL.revokeObjectURL = realRevoke;
    Object.defineProperty(Navigator.prototype, 'clipboard', clipboard);
    delete (navigator as { clipboard?: unknown }).clipboard;
    window.removeEventListener('unhandledrejection', onUnhandled);
    if (document.fullscreenElement) await document.exitFullscreen();
    unmountAll();
  });

  // First: the chunk must not have been loaded by an earlier test of this page.
  it('when the snapshot chunk cannot be fetched, Save image says so and resolves false; the next try loads it', async () => {
    const chart = await chartOf(460);
    await executeServerCommand('block-requests', { pattern: 'chart-snapshot' });
    try {
      // Before: the failed import rejected saveImage(), which the menu and the keys leave unhandled.
      expect(await chart.saveImage()).to.equal(false);
      expect(await toastText(chart, /image/i)).to.match(/could not be made/i);
    } finally {
      await executeServerCommand('block-requests', { pattern: null });
    }
    URL.createObjectURL = () => 'blob:stub';
    URL.revokeObjectURL = () => undefined;
    expect(await chart.saveImage()).to.equal(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(unhandled).to.deep.equal([]);
  });

  it('"Save image" in the "More" menu downloads a PNG of the chart named after the symbol and period', async () => {
    const chart = await chartOf(460, 'BTCUSDT');
    // Test-only hooks: the blob the download's URL is made of, the URL revoked, the click on the link.
    const made: { blob: Blob; url: string }[] = [];
    const revoked: string[] = [];
    URL.createObjectURL = (obj: Blob | MediaSource) => {
      const url = realCreate(obj);
      if (obj instanceof Blob) made.push({ blob: obj, url });
      return url;
    };
    URL.revokeObjectURL = (url: string) => {
      revoked.push(url);
      realRevoke(url);
    };
    const links = catchDownloads(chart);
    (await menuItem(chart, 'save-image')).click();
    await waitFor(() => links.length === 1, 'the download link clicked');
    const link = links[0];
    expect(link.download).to.match(/^BTCUSDT_1d_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}\.png$/);
    const file = made.find((m) => m.url === link.href)!;
    expect(file, 'the link points to a blob URL made for it').to.not.equal(undefined);
    expect(file.blob.type).to.equal('image/png');
    const bitmap = await createImageBitmap(file.blob); // rejects unless it is a real image
    const panes = q(chart, '[part="panes"]')!.getBoundingClientRect();
    expect(Math.abs(bitmap.width - panes.width), 'as wide as the plot').to.be.at.most(2);
    expect(bitmap.height, 'the panes and a title line').to.be.greaterThan(panes.height);
    const style = getComputedStyle(chart);
    const total = bitmap.width * bitmap.height;
    const background = pixelsOf(bitmap, parseColor(style.getPropertyValue('--kline-background')), 2);
    expect(total - background, 'more than the background').to.be.greaterThan(total * 0.03);
    expect(
      pixelsOf(bitmap, parseColor(style.getPropertyValue('--kline-up-color'))),
      'rising candles',
    ).to.be.greaterThan(50);
    await waitFor(() => revoked.includes(link.href), 'the object URL revoked');
  });

  it('"Copy image" writes an image/png to the clipboard and says so', async () => {
    const chart = await chartOf(460);
    const written = fakeClipboard();
    (await menuItem(chart, 'copy-image')).click();
    await waitFor(() => written.length === 1, 'clipboard.write called');
    const [item] = written[0];
    expect(item.types).to.deep.equal(['image/png']);
    const blob = await item.getType('image/png');
    expect(blob.type).to.equal('image/png');
    const bitmap = await createImageBitmap(blob);
    expect(bitmap.width).to.be.greaterThan(300);
    expect(await toastText(chart, /cop/i)).to.match(/copied/i);
  });

  it('on a wide toolbar (1600 px) the camera saves and the clipboard button beside it copies, by keyboard too', async () => {
    const chart = await chartOf(1600);
    expect(q(chart, '[part="more-button"]'), 'no "More" menu at 1600 px').to.equal(null);
    const toolbar = q(chart, '[part="toolbar"]')!.getBoundingClientRect();
    const camera = q(chart, '[part="save-image-button"]')!;
    const copy = q(chart, '[part="copy-image-button"]')!;
    expect(copy, 'a copy image button in the row').to.not.equal(null);
    const r = copy.getBoundingClientRect();
    expect(r.width, 'shown').to.be.greaterThan(20);
    expect(r.left >= toolbar.left && r.right <= toolbar.right, 'inside the toolbar').to.equal(true);
    expect(copy.getAttribute('aria-label')).to.equal('Copy image');
    expect(copy.title).to.include('Ctrl/Cmd+Shift+S');
    expect(Math.abs(r.left - camera.getBoundingClientRect().right), 'beside the camera').to.be.below(12);
    const written = fakeClipboard();
    const links = catchDownloads(chart);
    // Keyboard: focus on the button, Enter.
    copy.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => written.length === 1, 'the clipboard button copied');
    const blob = await written[0][0].getType('image/png');
    const bitmap = await createImageBitmap(blob); // rejects unless it is a real image
    const panes = q(chart, '[part="panes"]')!.getBoundingClientRect();
    expect(Math.abs(bitmap.width - panes.width), 'the whole plot').to.be.at.most(2);
    expect(await toastText(chart, /cop/i)).to.match(/copied/i);
    camera.focus();
    await sendKeys({ press: 'Space' });
    await waitFor(() => links.length === 1, 'the camera saved');
    expect(links[0].download).to.match(/^DEMO_1d_.*\.png$/);
  });

  it('the clipboard button is named in the chart language', async () => {
    const main = mount(html`<main><kline-chart locale="ja" style="width:1600px;height:420px"></kline-chart></main>`);
    const chart = main.querySelector('kline-chart')!;
    await waitFor(() => chart.context.get() !== null, 'chart data');
    await waitFor(
      () => q(chart, '[part="copy-image-button"]')?.getAttribute('aria-label') !== 'Copy image',
      'the Japanese strings',
    );
    const copy = q(chart, '[part="copy-image-button"]')!;
    expect(copy.getAttribute('aria-label')).to.equal('画像をコピー');
    expect(copy.title).to.equal('画像をコピー (Ctrl/Cmd+Shift+S)');
  });

  it('a refused clipboard shows a message and leaves no unhandled rejection', async () => {
    const chart = await chartOf(460);
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { write: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')) },
    });
    (await menuItem(chart, 'copy-image')).click();
    const text = await toastText(chart, /did not allow/i);
    expect(text).to.match(/image/i);
    expect(q(chart, '.toast')!.getAttribute('role')).to.equal('status');
    // A bounded wait, the last resort: unhandledrejection fires a task after the rejection, if it would.
    await new Promise((r) => setTimeout(r, 100));
    expect(unhandled).to.deep.equal([]);
  });

  it('Ctrl+Shift+S copies, Ctrl+Alt+S saves (on the plot)', async () => {
    const chart = await chartOf(800);
    const written = fakeClipboard();
    const links = catchDownloads(chart);
    chart.focus();
    await combo(['Control', 'Shift'], 'KeyS');
    await waitFor(() => written.length === 1, 'Ctrl+Shift+S copied');
    await combo(['Control', 'Alt'], 'KeyS');
    await waitFor(() => links.length === 1, 'Ctrl+Alt+S saved');
    expect(links[0].download).to.match(/^DEMO_1d_.*\.png$/);
  });

  it('"Full screen" fills the screen, grows the plot, is checked, and leaving restores the size', async () => {
    const chart = await chartOf(460);
    const canvas = () => q(chart, '.pane[data-pane-id="price"] canvas')!;
    const before = canvas().getBoundingClientRect();
    const item = await menuItem(chart, 'fullscreen');
    expect(item.getAttribute('role')).to.equal('menuitemcheckbox');
    expect(item.getAttribute('aria-checked')).to.equal('false');
    await realClick(chart, item);
    await waitFor(() => document.fullscreenElement === chart, 'the chart in full screen');
    await waitFor(() => canvas().getBoundingClientRect().width > before.width + 100, 'the plot grew wider');
    await waitFor(() => canvas().getBoundingClientRect().height > before.height + 50, 'the plot grew taller');
    expect(getComputedStyle(chart).backgroundColor).to.equal(
      `rgb(${parseColor(getComputedStyle(chart).getPropertyValue('--kline-background')).join(', ')})`,
    );
    const box = chart.getBoundingClientRect();
    expect(box.width).to.equal(window.innerWidth);
    // The toolbar unfolds a task after the resize (closing a menu opened before): wait for it, or the
    // menu opened below could close under the test and the click meant to close it would reopen it.
    await waitFor(() => !compact(chart), 'the full toolbar');
    expect((await menuItem(chart, 'fullscreen')).getAttribute('aria-checked')).to.equal('true');
    q(chart, '[part="more-button"]')!.click(); // close the menu
    await waitFor(() => !q(chart, '[part="more-menu"]'), 'the menu closed');
    await document.exitFullscreen();
    await waitFor(() => Math.abs(canvas().getBoundingClientRect().width - before.width) < 1, 'the plot back');
    await waitFor(() => compact(chart), 'the compact toolbar again');
    expect(Math.abs(canvas().getBoundingClientRect().height - before.height)).to.be.below(1);
    expect((await menuItem(chart, 'fullscreen')).getAttribute('aria-checked')).to.equal('false');
  });

  it('Shift+F on the chart toggles full screen', async () => {
    const chart = await chartOf(800);
    chart.focus();
    await combo(['Shift'], 'KeyF');
    await waitFor(() => document.fullscreenElement === chart, 'Shift+F entered full screen');
    await combo(['Shift'], 'KeyF');
    await waitFor(() => document.fullscreenElement === null, 'Shift+F left full screen');
  });

  it('in an iframe not allowed full screen, "Full screen" is disabled', async () => {
    // The built chart (dist/, `npx rollup` first) on a plain page, framed with full screen forbidden.
    const frame = document.createElement('iframe');
    frame.allow = "fullscreen 'none'";
    frame.style.cssText = 'width:700px;height:440px;border:0';
    frame.src = '/test/pages/script-tag.html';
    document.body.appendChild(frame);
    try {
      await new Promise((r) => frame.addEventListener('load', r, { once: true }));
      const doc = frame.contentDocument!;
      expect(doc.fullscreenEnabled).to.equal(false);
      const chart = doc.querySelector('kline-chart') as KlineChart;
      await waitFor(() => chart.context?.get() != null, 'the framed chart has data');
      await chart.updateComplete;
      const item = await menuItem(chart, 'fullscreen');
      expect(item.getAttribute('aria-disabled')).to.equal('true');
      item.click();
      await chart.updateComplete;
      expect(doc.fullscreenElement).to.equal(null);
    } finally {
      frame.remove();
    }
  });

  it('the shortcut list names the image and full screen keys', async () => {
    const chart = await chartOf(800);
    await chart.showShortcuts();
    const text = q(chart, 'dialog.shortcuts')!.textContent;
    expect(text).to.include('Ctrl/⌘+Alt+S');
    expect(text).to.include('Ctrl/⌘+Shift+S');
    expect(text).to.include('Shift+F');
    q(chart, '[part="shortcuts-close"]')!.click();
  });
});
