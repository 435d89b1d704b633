import { sectionStrings } from '../i18n/locale-store.js';
import { chartStrings, type ChartStrings } from './chart-strings.js';

/**
 * Words of `<kline-chart>` that only its lazy chunks show (the context menu, the shortcut list, the
 * keyboard drawing's announcements, the snapshot's and the storage notices, bar replay's strip). They are part of
 * section `chart` of the catalogue (components/i18n/catalogue.ts), as the words of chart-strings.ts
 * are, and a locale translates both alike; only their English stays out of the eager bundle
 * (issue #12).
 */
export interface ChartMoreStrings {
  /** The plot's right-click menu (context-menu.ts). */
  readonly ctxMenu: string;
  readonly ctxReset: string;
  readonly ctxCopyPrice: (price: string) => string;
  /** On a study pane (RSI, MACD…): copies the value of its scale under the pointer. */
  readonly ctxCopyValue: (value: string) => string;
  readonly ctxAddLine: (price: string) => string;
  /** Makes a price line with a `cross` alert there. */
  readonly ctxAddAlert: (price: string) => string;
  readonly ctxRemoveDrawings: string;
  readonly ctxRemoveIndicators: string;
  readonly ctxSettings: string;
  readonly ctxEdit: string;
  readonly ctxClone: string;
  readonly ctxDelete: string;
  readonly ctxCopyFailed: string;
  /** The "layout not saved" toast. */
  readonly persistFull: string;
  readonly persistDownload: string;
  readonly persistDismiss: string;
  readonly imageCopied: string;
  readonly copyImageFailed: string;
  readonly scSaveImage: string;
  readonly scCopyImage: string;
  readonly scFullScreen: string;
  readonly scContextMenu: string;
  readonly drawHelp: string;
  readonly drawPoint: string;
  readonly drawPlaced: string;
  readonly drawCancelled: string;
  readonly drawingSelected: string;
  readonly drawingMoved: string;
  readonly noDrawings: string;
  /** The keyboard's pan and zoom (key-crosshair.ts `describeView`): the first and last bars shown, and how many. */
  readonly viewShown: (from: string, to: string, bars: number) => string;
  /** Said when a pan or zoom key cannot move the view (key-crosshair.ts `sayView`): the data's first bar, its last, the zoom's limits. */
  readonly viewStart: string;
  readonly viewEnd: string;
  readonly zoomInLimit: string;
  readonly zoomOutLimit: string;
  readonly closeDialog: string;
  readonly scTab: string;
  readonly scCrosshair: string;
  readonly scPan: string;
  readonly scZoom: string;
  readonly scHomeEnd: string;
  readonly scTable: string;
  readonly scEscape: string;
  readonly scPalette: string;
  readonly scUndo: string;
  readonly scDraw: string;
  readonly scSelect: string;
  readonly scCopy: string;
  readonly scHelp: string;
  readonly scToolbar: string;
  readonly scReplayStep: string;
  /** Bar replay's start pick and strip (bar-replay-controls.ts). */
  readonly replayPick: string;
  /** The same on a touch screen (no keyboard), and its Cancel button. */
  readonly replayPickTouch: string;
  readonly replayCancel: string;
  readonly replayExit: string;
  /** The strip's buttons (bar-replay-controls.ts). */
  readonly replayPlay: string;
  readonly replayPause: string;
  readonly replayStep: string;
  readonly replaySpeed: string;
  /** The data table's column heads (chart-data-table.ts) and the keyboard crosshair's bar (key-crosshair.ts). */
  readonly openFull: string;
  readonly highFull: string;
  readonly lowFull: string;
  readonly closeFull: string;
  readonly volumeFull: string;
  /** Pasting drawings copied on another instrument (drawing-layer-interaction.ts). */
  readonly pasteOtherInstrument: string;
  /** The period buttons' group in the "More" menu (toolbar-overflow-menu.ts). */
  readonly periodGroup: string;
}

export const EN_CHART_MORE: ChartMoreStrings = {
  ctxMenu: 'Chart menu',
  ctxReset: 'Reset chart view',
  ctxCopyPrice: (price) => `Copy price ${price}`,
  ctxCopyValue: (value) => `Copy value ${value}`,
  ctxAddLine: (price) => `Add horizontal line at ${price}`,
  ctxAddAlert: (price) => `Add alert at ${price}`,
  ctxRemoveDrawings: 'Remove all drawings',
  ctxRemoveIndicators: 'Remove all indicators',
  ctxSettings: 'Settings…',
  ctxEdit: 'Edit…',
  ctxClone: 'Clone',
  ctxDelete: 'Delete',
  ctxCopyFailed: 'The text could not be copied to the clipboard.',
  persistFull: "The layout could not be saved: this site's browser storage is full. Nothing is lost in this page.",
  persistDownload: 'Download layout',
  persistDismiss: 'Dismiss',
  imageCopied: 'Image copied',
  copyImageFailed: 'This browser did not allow copying the image.',
  scSaveImage: 'Save the image (PNG)',
  scCopyImage: 'Copy the image',
  scFullScreen: 'Full screen on / off',
  scContextMenu: 'Open the chart menu (also the menu key or a right click)',
  drawHelp: '{kind}: arrows move the crosshair, Enter sets each point, Escape cancels',
  drawPoint: 'Point {set} of {needed} set',
  drawPlaced: '{kind} placed',
  drawCancelled: 'Drawing cancelled',
  drawingSelected: '{kind} selected. Arrows move it, Delete removes it, Escape deselects',
  drawingMoved: '{kind} moved',
  noDrawings: 'No drawings',
  viewShown: (from, to, bars) => `Showing ${from} to ${to}, ${bars} bar${bars === 1 ? '' : 's'}`,
  viewStart: 'Start of data',
  viewEnd: 'End of data',
  zoomInLimit: 'Zoomed in fully',
  zoomOutLimit: 'Zoomed out fully',
  closeDialog: 'Close',
  scTab: 'Move between the plot, the toolbar, the drawing bar and the legend',
  scCrosshair: 'Move the crosshair bar by bar and read the bar',
  scPan: 'Pan',
  scZoom: 'Zoom in / out',
  scHomeEnd: 'First / latest bars',
  scTable: 'Show or hide the data table',
  scEscape: 'Hide the crosshair, cancel, deselect',
  scPalette: 'Command palette',
  scUndo: 'Undo / redo',
  scDraw: 'With a drawing tool: move the crosshair, Enter sets each point, Escape cancels',
  scSelect: 'Select the previous / next drawing; arrows move it, Delete removes it',
  scCopy: 'Copy / paste the selected drawings',
  scHelp: 'Show this list',
  scToolbar: 'Move inside the toolbar or the drawing bar',
  scReplayStep: 'Bar replay: next bar',
  replayPick: 'Click the bar to start the replay from, or Enter at the crosshair (Escape cancels)',
  replayPickTouch: 'Tap a bar to start the replay',
  replayCancel: 'Cancel',
  replayExit: 'Exit replay',
  replayPlay: 'Play',
  replayPause: 'Pause',
  replayStep: 'Next bar',
  replaySpeed: 'Speed (bars per second)',
  openFull: 'Open',
  highFull: 'High',
  lowFull: 'Low',
  closeFull: 'Close',
  volumeFull: 'Volume',
  pasteOtherInstrument: 'The copied drawings belong to another instrument.',
  periodGroup: 'Period',
};

/** The lazy chunks' chart words in `locale` (any BCP-47 tag; English for what the locale lacks). */
export function chartMoreStrings(locale: string): ChartMoreStrings {
  return sectionStrings(locale, 'chart', EN_CHART_MORE);
}

let last: { eager: ChartStrings; more: ChartMoreStrings; all: ChartStrings & ChartMoreStrings } | null = null;

/** Every word of section `chart` in `locale`: chart-strings.ts's and these (for the lazy chunks). */
export function allChartStrings(locale: string): ChartStrings & ChartMoreStrings {
  const eager = chartStrings(locale);
  const more = chartMoreStrings(locale);
  if (last?.eager !== eager || last.more !== more) last = { eager, more, all: { ...eager, ...more } };
  return last.all;
}
