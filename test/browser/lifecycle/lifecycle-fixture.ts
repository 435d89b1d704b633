import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import type { Bar, BarListener, DataSource, Period, Series } from '../../../src/core/data/index.js';
import { barsFromObjects } from '../../../src/core/data/index.js';
import { canvasHash } from '../helpers/canvas-pixels.js';
import { waitFor } from '../helpers/chart-fixture.js';
import '../../../components/kline-chart/define.js';

export const START = Date.UTC(2024, 0, 2, 0, 0);

/** `count` one-minute bars from START (a 5-minute boundary), deterministic. */
export function minuteBars(count: number, start = START, stepMs = 60_000): Bar[] {
  return Array.from({ length: count }, (_, i) => {
    const open = 100 + Math.sin(i / 9) * 6 + i * 0.02;
    const close = open + Math.cos(i / 4) * 1.5;
    return {
      time: start + i * stepMs,
      open,
      high: Math.max(open, close) + 0.4 + (i % 3) * 0.1,
      low: Math.min(open, close) - 0.3 - (i % 4) * 0.1,
      close,
      volume: 100 + (i % 7) * 13,
    };
  });
}

/** A mounted chart with fixed size in a fresh parent of the body. */
export function mountChart(attributes: Record<string, string> = {}): { chart: KlineChart; parent: HTMLElement } {
  const parent = newParent();
  const chart = document.createElement('kline-chart');
  chart.setAttribute('style', 'width:700px;height:420px');
  chart.setAttribute('indicators', 'VOL');
  for (const [name, value] of Object.entries(attributes)) chart.setAttribute(name, value);
  parent.append(chart);
  return { chart, parent };
}

/** An empty parent in the body (removed by {@link removeFixtures}). */
export function newParent(): HTMLElement {
  const parent = document.createElement('div');
  parent.className = 'lifecycle-fixture';
  document.body.append(parent);
  return parent;
}

export function removeFixtures(): void {
  for (const el of document.querySelectorAll('.lifecycle-fixture')) el.remove();
}

/** Resolves on the next animation frame. */
export function nextFrame(): Promise<void> {
  return new Promise((r) => requestAnimationFrame(() => r()));
}

/** The chart's pane canvases (uPlot draws one per pane). */
export function canvases(chart: KlineChart): HTMLCanvasElement[] {
  return [...chart.shadowRoot!.querySelectorAll<HTMLCanvasElement>('.pane canvas')];
}

/** Pixel fingerprints of every pane canvas, top to bottom. */
export function paneHashes(chart: KlineChart): number[] {
  return canvases(chart).map((c) => canvasHash(c));
}

/** A test source with one live stream per subscription; `push` sends a bar to every listener. */
export function streamingSource(bars: readonly Bar[]): DataSource & { push(bar: Bar): void; listeners: number } {
  const listeners = new Set<BarListener>();
  const instrument = {
    symbol: 'LIVE',
    name: 'Live Inc',
    exchange: 'TEST',
    market: 'stock',
    timezone: 'UTC',
    sourceId: 'stream',
  };
  return {
    id: 'stream',
    label: 'Streaming test source',
    periods: ['1m'] as Period[],
    async searchInstruments() {
      return [instrument];
    },
    async getBars(): Promise<Series> {
      return { instrument, period: '1m', bars: barsFromObjects(bars), complete: true };
    },
    subscribe(_symbol: string, _period: Period, listener: BarListener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    push(bar: Bar) {
      for (const l of listeners) l(bar);
    },
    get listeners() {
      return listeners.size;
    },
  };
}

/** Waits until the chart has data and painted it twice (layout settled). */
export async function painted(chart: KlineChart): Promise<void> {
  await waitFor(() => chart.context.get() !== null, 'chart data');
  await chart.whenPainted();
  await chart.whenPainted();
}

/** `minuteBars` at another price level (bitcoin in rupiah widens the price axis; a meme coin's has many decimals). */
export function barsAt(scale: number, count = 160): Bar[] {
  return minuteBars(count).map((b) => ({
    ...b,
    open: b.open * scale,
    high: b.high * scale,
    low: b.low * scale,
    close: b.close * scale,
  }));
}
