// What `<kline-chart>`'s rarely used actions do (issue #12): a chunk fetched right after the first paint
// (kline-chart.ts #announceReady) or by the first action that needs it, whichever comes first. Each action's
// own code is a chunk of its own again, fetched on its first use.
import { lazyModule } from '../../src/core/tools/lazy-module.js';
import { withChunk } from './with-chunk.js';
import { chartStrings } from './chart-strings.js';
import type { ChartElement, ChartInsides } from './chart-insides.js';
import type { BarReplay } from '../../src/core/commands/bar-replay.js';
import type { PriceAlertFired } from '../../src/core/commands/price-alerts.js';
import { formatPriceTag } from '../../src/render/format-number.js';
import { upperIndex } from '../../src/core/commands/build-chart-context.js';
import type { SearchState } from './symbol-search.js';

export { LegendRoving } from './legend-roving.js';
export { toolbarKey } from './roving-toolbar-keys.js';

/** The element: these actions use its public side, and its insides through `x`. */
type Chart = ChartElement;

const loadSettingsPopover = lazyModule(() => import('../indicator-settings/settings-popover.js'));
const loadReplay = lazyModule(() => import('./bar-replay-controls.js'));
const loadSearch = lazyModule(() => import('./symbol-search.js'));
const loadSnapshot = lazyModule(() => import('./chart-snapshot.js'));
const loadShortcuts = lazyModule(() => import('./shortcut-dialog.js'));
const loadComparisonLegend = lazyModule(() => import('./comparison-legend.js'));
const loadCapture = () => import('./compose-capture.js');

/** Runs `act` on the chart's bar replay once its chunk is here; false when it cannot be fetched (with a notice). */
export function replay(chart: Chart, x: ChartInsides, act: (r: BarReplay) => boolean): Promise<boolean> {
  return withChunk(
    x,
    loadReplay,
    'replayFailed',
    (m) => act((x.replayUi ??= m.replayControlsFor(chart, x)).replay),
    false,
  );
}

/** The replay button: choose a start bar, or leave the replay. */
export function toggleReplay(chart: Chart, x: ChartInsides): Promise<boolean> {
  return replay(chart, x, () => (x.replayUi?.toggle(), true));
}

/** `saveImage()` / `copyImage()` once the snapshot chunk is here; false, with a message, when it cannot be fetched. */
export function snapshot(chart: Chart, x: ChartInsides, action: 'saveImage' | 'copyImage'): Promise<boolean> {
  return withChunk(x, loadSnapshot, 'imageFailed', (m) => m[action](m.chartSnapshot(chart, x)), false);
}

/** Opens the shortcut list; focus returns to `active` (focused when it was asked for) when it closes. */
export function showShortcuts(chart: Chart, x: ChartInsides, active: Element | null): Promise<void> {
  return withChunk(
    x,
    loadShortcuts,
    'shortcutsFailed',
    (m) => (x.shortcuts = m).showChartShortcuts(chart, x, active),
    undefined,
  );
}

/** A study's settings popover under its legend button (`rect`). */
export function openStudySettings(chart: Chart, x: ChartInsides, instanceId: string, rect: DOMRect): Promise<void> {
  return withChunk(
    x,
    loadSettingsPopover,
    'studySettingsFailed',
    (m) => (x.popover = m).openSettingsAt(chart, instanceId, rect),
    undefined,
  );
}

/** Runs a toolbar search action once its chunk (symbol-search.ts) is here. */
export function search(x: ChartInsides, act: (m: typeof import('./symbol-search.js')) => unknown): Promise<void> {
  return withChunk(x, loadSearch, 'searchFailed', (m) => void act((x.search = m)), undefined);
}

/** Opens or closes the toolbar's search in `mode`. */
export function toggleSearch(chart: Chart, x: ChartInsides, mode: SearchState['mode']): Promise<void> {
  return search(x, (m) => m.toggleSearch(chart, x, mode));
}

/** Loads the comparisons' legend (its styles adopted before the legend renders with it). */
export function loadComparisons(x: ChartInsides): Promise<void> {
  return withChunk(
    x,
    loadComparisonLegend,
    'comparisonsFailed',
    (m) => (x.adopt(m.comparisonLegendStyles), x.comparisonLegend.set(m)),
    undefined,
  );
}

/** `capture()`: the chart as a PNG. */
export async function capture(
  chart: Chart,
  x: ChartInsides,
  options: { width?: number; height?: number; lastBars?: number },
): Promise<Blob> {
  return (await loadCapture()).captureBlob(chart, x, options);
}

/** `chart_capture`'s renderer (compose-capture.ts captureChartForModel). */
export async function captureForModel(
  chart: Chart,
  x: ChartInsides,
  request: { width?: number; height?: number; lastBars?: number },
) {
  return (await loadCapture()).captureChartForModel(chart, x, request);
}

/** The command palette (open-command-palette.ts, a chunk with the palette element). */
export async function openCommandPalette(chart: Chart): Promise<void> {
  return (await import('./open-command-palette.js')).openCommandPalette(chart);
}

/** The settings dialog (open-settings-dialog.ts, a chunk with the dialog element). */
export async function openSettingsDialog(chart: Chart): Promise<void> {
  return (await import('./open-settings-dialog.js')).openSettingsDialog(chart);
}

/** Loads the selected drawing's editor; the chart renders it once here (a failure is retried at the next render). */
export function loadEditor(chart: Chart, x: ChartInsides): void {
  x.editorLoad ??= import('../drawing-editor/drawing-editor.js').then(
    (module) => {
      x.adopt(module.drawingEditorStyles);
      x.editor = module;
      chart.requestUpdate();
    },
    (error: unknown) => {
      x.editorLoad = null;
      console.warn('kline-chart: the drawing editor could not be loaded', error);
    },
  );
}

/** Answers panels in other windows the `agent-origins` attribute allows (src/frames/serve-frame-connections.ts). */
export async function serveFrames(): Promise<void> {
  (await import('../../src/frames/serve-frame-connections.js')).serveFrameConnections();
}

/** After a popup closes, focus goes back to the control that opened it (never to <body>). */
export function focusPart(chart: Chart, part: string): void {
  void chart.updateComplete.then(() => {
    const q = (p: string) => chart.renderRoot.querySelector<HTMLElement>(`[part="${p}"]`);
    // A narrow chart has no compare button: its "More" button opened the search.
    (q(part) ?? q('more-button') ?? chart).focus();
  });
}

/** A price alert's polite notice in the chart's language: the toast, and at once in the live region (before a new bar's words). */
export function sayPriceAlert(x: ChartInsides, alert: PriceAlertFired): void {
  const s = chartStrings(x.lang());
  const price = formatPriceTag(alert.price, x.core.store.peek('series')?.instrument.pricePrecision, x.lang());
  const text = (alert.direction === 'up' ? s.alertUp : s.alertDown)(alert.symbol, price);
  x.notice(text);
  x.a11y.announcer.say(text, 0);
}

/** `toggleFullscreen(on)`: false, with a message, when the browser refuses (no user gesture, a frame without `allow="fullscreen"`). */
export async function toggleFullscreen(chart: Chart, x: ChartInsides, on: boolean): Promise<boolean> {
  try {
    if (on && !chart.fullscreen) await chart.requestFullscreen();
    else if (!on && chart.fullscreen) await document.exitFullscreen();
    return true;
  } catch {
    x.notice(chartStrings(x.lang()).fullScreenFailed);
    return false;
  }
}

/** `showSyncedTime(time)`: another chart of the `sync` group moved its crosshair; this one shows its bar of `time`. */
export function showSyncedTime(x: ChartInsides, time: number | null): void {
  const bars = x.core.store.peek('series')?.bars;
  // The last bar that opened at or before `time` (a daily chart under an hourly one shows that day).
  const index = bars && time !== null ? upperIndex(bars.time, time, bars.length) : -1;
  x.renderer()?.showCursorAt(index >= 0 ? index : null);
}
