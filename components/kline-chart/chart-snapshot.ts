// "Save image" and "Copy image" (the "More" menu, Ctrl/⌘+Alt+S and Ctrl/⌘+Shift+S): a lazy chunk, loaded on first use.

import { allChartStrings } from './chart-more-strings.js';
import type { ChartCore } from '../../src/core/commands/index.js';

/** What the snapshot actions need of the chart. */
export interface SnapshotHost {
  /** The chart as a PNG (`KlineChart.capture()`). */
  capture(): Promise<Blob>;
  readonly symbol: string;
  readonly period: string;
  /** Where the download link is added for its click (the chart's shadow root). */
  readonly root: Node & ParentNode;
  /** Shows a short, non-blocking message (the chart's toast, a polite status). */
  say(message: string): void;
  /** The chart's language (its messages). */
  readonly lang: string;
}

const two = (n: number) => String(n).padStart(2, '0');

/** `<symbol>_<period>_<yyyy-mm-dd_hh-mm>.png` in local time; characters a file name cannot hold become `-`. */
export function snapshotFileName(symbol: string, period: string, now = new Date()): string {
  const safe = (s: string) => s.replace(/[^\w.-]+/g, '-') || 'chart';
  const date = `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
  return `${safe(symbol)}_${safe(period)}_${date}_${two(now.getHours())}-${two(now.getMinutes())}.png`;
}

/** What {@link chartSnapshot} reads of `<kline-chart>` (kline-chart.ts): its public side and its insides' deps. */
export interface SnapshotChart {
  capture(): Promise<Blob>;
  readonly symbol: string;
  readonly period: string;
  readonly renderRoot: Node & ParentNode;
}

/** The host of the image actions for a chart: the shown symbol and period, its toast, its language. */
export function chartSnapshot(
  chart: SnapshotChart,
  d: { readonly core: ChartCore; lang(): string; notice(text: string): void },
): SnapshotHost {
  const target = d.core.store.peek('target');
  return {
    capture: () => chart.capture(),
    symbol: target?.symbol ?? chart.symbol,
    period: target?.period ?? chart.period,
    root: chart.renderRoot,
    say: (message) => d.notice(message),
    lang: d.lang(),
  };
}

/** Downloads the chart's PNG (an `<a download>` on an object URL, revoked after the click). Never rejects. */
export async function saveImage(host: SnapshotHost): Promise<boolean> {
  let blob: Blob;
  try {
    blob = await host.capture();
  } catch {
    host.say(allChartStrings(host.lang).imageFailed);
    return false;
  }
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = snapshotFileName(host.symbol, host.period);
  a.hidden = true;
  host.root.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return true;
}

/**
 * Writes the chart's PNG to the clipboard (a `ClipboardItem` holding the capture's promise, so the
 * write starts at once, inside the user's gesture). A browser without the API, or one that refuses
 * (no permission, the page not focused), gets a message instead. Never rejects.
 */
export async function copyImage(host: SnapshotHost): Promise<boolean> {
  const write = navigator.clipboard?.write?.bind(navigator.clipboard);
  if (!write || typeof ClipboardItem === 'undefined') {
    host.say(allChartStrings(host.lang).copyImageFailed);
    return false;
  }
  const png = host.capture();
  png.catch(() => undefined); // a write refused before the capture settles must not leave it unhandled
  try {
    await write([new ClipboardItem({ 'image/png': png })]);
  } catch {
    host.say(allChartStrings(host.lang).copyImageFailed);
    return false;
  }
  host.say(allChartStrings(host.lang).imageCopied);
  return true;
}
