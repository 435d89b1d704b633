import { expect } from '@open-wc/testing';
import { html, render } from 'lit';
import '../../../components/kline-chart/define.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import type { LayoutDocument } from '../../../src/core/persist/index.js';
import { countPixels, parseColor } from '../helpers/canvas-pixels.js';
import { paneCanvas, waitFor } from '../helpers/chart-fixture.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';

// What happens to persist-key when localStorage misbehaves, another tab writes, or a saved layout is bad.
const KEY = `layout-faults-${Date.now()}`;

interface Mounted {
  chart: KlineChart;
  errors: { code: string; message: string }[];
}

async function mountChart(host: HTMLElement, key = KEY): Promise<Mounted> {
  const errors: { code: string; message: string }[] = [];
  host.addEventListener('kline-error', (e) =>
    errors.push((e as CustomEvent<{ code: string; message: string }>).detail),
  );
  render(html`<kline-chart style="width:800px;height:500px" persist-key=${key} indicators="VOL"></kline-chart>`, host);
  const chart = host.querySelector('kline-chart')!;
  await waitFor(() => chart.context.get() !== null, 'data');
  await chart.whenPainted();
  await chart.whenPainted();
  return { chart, errors };
}

function expectCandles(chart: KlineChart): void {
  const canvas = paneCanvas(chart, 'price');
  const style = getComputedStyle(chart);
  expect(
    countPixels(canvas, parseColor(style.getPropertyValue('--kline-up-color'))),
    'rising candles painted',
  ).to.be.greaterThan(300);
  expect(
    countPixels(canvas, parseColor(style.getPropertyValue('--kline-down-color'))),
    'falling candles painted',
  ).to.be.greaterThan(300);
}

function stored(key = KEY): LayoutDocument | null {
  const text = localStorage.getItem(key);
  return text === null ? null : (JSON.parse(text) as LayoutDocument);
}

async function addLine(chart: KlineChart, label?: string): Promise<string> {
  const bars = coreOf(chart).store.peek('series')!.bars;
  const n = bars.length;
  const r = await chart.tools.execute('drawing_create', {
    kind: label ? 'text' : 'horizontal_line',
    points: [{ time: bars.time[n - 5], price: bars.close[n - 5] }],
    ...(label ? { label } : {}),
  });
  expect(r.success, JSON.stringify(r)).to.equal(true);
  return (r as { data: { id: string } }).data.id;
}

const drawingIds = (doc: LayoutDocument | null) =>
  Object.values(doc?.drawings ?? {})
    .flat()
    .map((d) => d.id)
    .sort();
const chartDrawingIds = (chart: KlineChart) =>
  Object.values(coreOf(chart).store.peek('drawings'))
    .flat()
    .map((d) => d.id)
    .sort();

describe('persist-key when storage fails', () => {
  const restores: (() => void)[] = [];
  let host: HTMLElement;
  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
  });
  afterEach(() => {
    render(html``, host);
    host.remove();
    for (const restore of restores.splice(0).reverse()) restore();
    for (const k of Object.keys(localStorage)) if (k.startsWith(KEY)) localStorage.removeItem(k);
  });

  it('a localStorage getter that throws (sandboxed frame) does not stop the chart: it loads, paints, and reports persistence off', async () => {
    const own = Object.getOwnPropertyDescriptor(window, 'localStorage');
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('The document is sandboxed.', 'SecurityError');
      },
    });
    restores.push(() => {
      if (own) Object.defineProperty(window, 'localStorage', own);
      else delete (window as { localStorage?: Storage }).localStorage;
    });
    const warnings: unknown[][] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => {
      warnings.push(args);
    };
    restores.push(() => {
      console.warn = warn;
    });
    const { chart, errors } = await mountChart(host);
    expectCandles(chart);
    expect(errors.map((e) => e.code)).to.include('persist_unavailable');
    expect(warnings.some((w) => String(w[0]).includes('persist-key'))).to.equal(true);
    // The chart keeps working: a change applies (and is simply not saved).
    await addLine(chart);
    expect(chartDrawingIds(chart).length).to.equal(1);
  });

  it('a save over quota shows a toast with a Download layout button that downloads the layout JSON; nothing is lost in the page', async () => {
    const setItem = Storage.prototype.setItem;
    restores.push(() => {
      Storage.prototype.setItem = setItem;
    });
    Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
      if (key === KEY) throw new DOMException('Setting the value exceeded the quota.', 'QuotaExceededError');
      return setItem.call(this, key, value);
    };
    const { chart, errors } = await mountChart(host);
    const id = await addLine(chart);
    const toast = () => chart.shadowRoot!.querySelector<HTMLElement>('[part="persist-toast"]');
    await waitFor(() => toast() !== null, 'quota toast');
    expect(errors.map((e) => e.code)).to.include('persist_quota_exceeded');
    expect(toast()!.textContent).to.contain('storage is full');
    // Download: capture the Blob and the click instead of letting the browser save a file.
    const blobs: Blob[] = [];
    const clicks: { download: string; href: string }[] = [];
    const createObjectURL = URL.createObjectURL;
    const click = HTMLAnchorElement.prototype.click;
    restores.push(() => {
      URL.createObjectURL = createObjectURL;
      HTMLAnchorElement.prototype.click = click;
    });
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      blobs.push(blob as Blob);
      return createObjectURL.call(URL, blob);
    };
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      clicks.push({ download: this.download, href: this.href });
    };
    const button = chart.shadowRoot!.querySelector<HTMLButtonElement>('[part="persist-download"]')!;
    expect(button.textContent).to.equal('Download layout');
    button.click();
    expect(clicks.length).to.equal(1);
    expect(clicks[0].download).to.equal(`${KEY}.json`);
    expect(clicks[0].href).to.match(/^blob:/);
    const downloaded = JSON.parse(await blobs[0].text()) as LayoutDocument;
    expect(drawingIds(downloaded)).to.deep.equal([id]);
    expect(chartDrawingIds(chart)).to.deep.equal([id], 'the drawing is still on the chart');
    // Space again: the next save succeeds and the toast goes away.
    Storage.prototype.setItem = setItem;
    await addLine(chart);
    await waitFor(() => toast() === null, 'toast gone after a successful save');
    expect(drawingIds(stored()).length).to.equal(2);
  });

  it("two tabs on one key: another tab's newer save is merged in, and this tab's save never overwrites it", async () => {
    const { chart } = await mountChart(host);
    const mine = await addLine(chart);
    await waitFor(() => drawingIds(stored()).includes(mine), 'first save');
    const first = stored()!;
    // "Another tab" adds a drawing and an RSI and saves a newer revision; this tab hears a storage event.
    const other = structuredClone(first.drawings[Object.keys(first.drawings)[0]][0]);
    const theirs: LayoutDocument = {
      ...first,
      revision: (first.revision ?? 0) + 1,
      drawings: Object.fromEntries(
        Object.entries(first.drawings).map(([k, list]) => [
          k,
          [
            ...list,
            { ...other, id: 'from-other-tab', points: [{ ...other.points[0], price: other.points[0].price * 1.05 }] },
          ],
        ]),
      ),
      indicators: [
        ...first.indicators,
        { instanceId: 'other-rsi', definitionId: 'RSI', params: { period: 14 }, paneId: 'pane-other-rsi' },
      ],
      panes: [...first.panes, { id: 'pane-other-rsi', weight: 1 }],
    };
    const text = JSON.stringify(theirs);
    localStorage.setItem(KEY, text);
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: KEY,
        oldValue: JSON.stringify(first),
        newValue: text,
        storageArea: localStorage,
      }),
    );
    await waitFor(() => chartDrawingIds(chart).includes('from-other-tab'), "the other tab's drawing shown here");
    expect(
      coreOf(chart)
        .store.peek('indicators')
        .map((i) => i.instanceId),
    ).to.include('other-rsi');
    await chart.whenPainted();
    expect(paneCanvas(chart, 'pane-other-rsi')).to.not.equal(null);

    // The other tab saves again, but its storage event has not arrived before this tab's next change:
    // the save re-reads the key and keeps both.
    const later: LayoutDocument = {
      ...stored()!,
      revision: (stored()!.revision ?? 0) + 1,
      settings: { ...stored()!.settings, grid: false },
    };
    localStorage.setItem(KEY, JSON.stringify(later));
    const next = await addLine(chart);
    await waitFor(() => drawingIds(stored()).includes(next), 'second save');
    const final = stored()!;
    expect(drawingIds(final)).to.deep.equal([mine, next, 'from-other-tab'].sort());
    expect(final.settings.grid, "the other tab's setting survived").to.equal(false);
    expect(final.revision).to.equal((later.revision ?? 0) + 1);
    expect(coreOf(chart).store.peek('settings').grid, 'and is shown here').to.equal(false);
  });

  it('a saved layout with an unknown study, bad periods, theme "neon" and zone "Mars/Olympus": those parts are kept aside, the rest restores, the chart paints', async () => {
    const uncaught: string[] = [];
    const onError = (e: ErrorEvent) => uncaught.push(e.message);
    window.addEventListener('error', onError);
    restores.push(() => window.removeEventListener('error', onError));
    const bad = {
      version: 1,
      savedAt: 1,
      revision: 3,
      indicators: [
        { instanceId: 'rsi-ok', definitionId: 'RSI', params: { period: 9 }, paneId: 'pane-rsi-ok' },
        { instanceId: 'ghost', definitionId: 'NO_SUCH_STUDY', params: {}, paneId: 'price' },
        { instanceId: 'ma-bad', definitionId: 'MA', params: { periods: [-5, 1e9, 0] }, paneId: 'price' },
      ],
      panes: [
        { id: 'price', weight: 3 },
        { id: 'pane-rsi-ok', weight: 1 },
      ],
      drawings: {},
      comparisons: [],
      settings: { theme: 'neon', timezone: 'Mars/Olympus', candleStyle: 'hollow' },
    };
    localStorage.setItem(KEY, JSON.stringify(bad));
    const { chart, errors } = await mountChart(host);
    const partial = errors.find((e) => e.code === 'persist_partial');
    expect(partial, JSON.stringify(errors)).to.not.equal(undefined);
    expect(partial!.message).to.contain('NO_SUCH_STUDY').and.contain('Mars/Olympus').and.contain('neon');
    expect(
      coreOf(chart)
        .store.peek('indicators')
        .map((i) => i.instanceId),
    ).to.deep.equal(['rsi-ok']);
    const settings = coreOf(chart).store.peek('settings');
    expect(settings.theme).to.equal('auto');
    expect(settings.timezone).to.equal('');
    expect(settings.candleStyle).to.equal('hollow');
    const quarantined = Object.keys(localStorage).filter((k) => k.startsWith(`${KEY}:quarantine:`));
    expect(quarantined.length).to.equal(1);
    expect(JSON.parse(localStorage.getItem(quarantined[0])!)).to.deep.equal(bad);
    // Paints, repeatedly, without throwing.
    await chart.tools.execute('chart_set_period', { period: '1w' });
    await chart.whenPainted();
    await chart.whenPainted();
    expect(uncaught).to.deep.equal([]);
    expect(paneCanvas(chart, 'pane-rsi-ok')).to.not.equal(null);
    expect(
      countPixels(
        paneCanvas(chart, 'price'),
        parseColor(getComputedStyle(chart).getPropertyValue('--kline-down-color')),
      ),
    ).to.be.greaterThan(100);
  });

  it('drawing labels are redacted in the saved layout, not on the chart', async () => {
    const { chart } = await mountChart(host);
    const id = await addLine(chart, 'my key ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8 here');
    await waitFor(() => drawingIds(stored()).includes(id), 'saved');
    const label = Object.values(stored()!.drawings)
      .flat()
      .find((d) => d.id === id)!.label;
    expect(label).to.equal('my key [REDACTED] here');
    expect(localStorage.getItem(KEY)).to.not.contain('ghp_');
  });
});
