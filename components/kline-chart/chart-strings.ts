import { sectionStrings } from '../i18n/locale-store.js';

/** Words of `<kline-chart>` (section `chart` of the catalogue, components/i18n/catalogue.ts). */
export interface ChartStrings {
  readonly open: string;
  readonly high: string;
  readonly low: string;
  readonly close: string;
  readonly volume: string;
  readonly change: string;
  readonly loading: string;
  readonly loadingHistory: string;
  readonly undo: string;
  readonly redo: string;
  readonly search: string;
  readonly compare: string;
  readonly compareButton: string;
  readonly removeComparison: string;
  readonly commands: string;
  readonly settings: string;
  readonly dataTable: string;
  readonly time: string;
  readonly chart: string;
  /** What comes before the last price in the chart's accessible name, the locale's own separator first (", last"). */
  readonly last: string;
  readonly newBar: string;
  readonly toolbar: string;
  readonly tableHint: string;
  /** Title of a legend entry's button that opens the study's settings. */
  readonly studySettings: (label: string) => string;
  readonly moveUp: string;
  readonly moveDown: string;
  readonly remove: string;
  readonly moveStudyUp: (label: string) => string;
  readonly moveStudyDown: (label: string) => string;
  readonly removeStudy: (label: string) => string;
  /** The handle between two panes. */
  readonly resizePanes: string;
  /** The notice of a price alert that fired (`kline-price-alert`). */
  readonly alertUp: (symbol: string, price: string) => string;
  readonly alertDown: (symbol: string, price: string) => string;
  /** Data that could not be loaded, by `kline-error` code (the event keeps the English message). */
  readonly loadErrors: Readonly<
    Record<'unknown_source' | 'invalid_period' | 'parse_error' | 'load_failed' | 'data_request_timeout', string>
  >;
  /** A drawing that could not be placed. */
  readonly drawingFailed: string;
  /** Snapshot and full screen (the "More" menu, the toolbar's buttons, the shortcut list). */
  readonly saveImage: string;
  readonly copyImage: string;
  readonly fullScreen: string;
  readonly imageFailed: string;
  readonly fullScreenFailed: string;
  // Keyboard drawing, shortcut list and compact toolbar (issue #13, a11y); `{name}` marks a value filled in.
  readonly price: string;
  readonly shortcuts: string;
  readonly more: string;
  /** The button that brings the newest bar back into view. */
  readonly toLatest: string;
  /** The price axis's button shown while a drag holds its scale fixed: fits the prices again. */
  readonly autoScale: string;
  /** Bar replay (bar-replay-controls.ts). */
  readonly barReplay: string;
  /** Shown when the replay's chunk cannot be fetched (offline, a copy of the chart without its chunks). */
  readonly replayFailed: string;
  /** Shown when the percent or log scale's code (or study levels', the left scale's) cannot be fetched. */
  readonly scaleFailed: string;
  /** Shown when the Heikin-Ashi, line or area style's code cannot be fetched (solid candles are drawn). */
  readonly candlesFailed: string;
  /** Shown when the cloud of a band study (Ichimoku's) cannot be drawn: its code could not be fetched. */
  readonly cloudsFailed: string;
  /** Shown when the dots of a study drawn as dots (SAR's) cannot be drawn: their code could not be fetched. */
  readonly dotsFailed: string;
  /**
   * The drawing layer's chunk could not be fetched: the drawings and a range selection (which it paints, e.g. one
   * `chart_set_selection` made) are kept, not shown (drawing-layer-controller.ts).
   */
  readonly drawingsFailed: string;
  /** The overlay layer's chunk could not be fetched: the markers are kept, not shown (overlay-layer-controller.ts). */
  readonly markersFailed: string;
  /** Shown when the keyboard crosshair's code (the drawing layer's chunk) cannot be fetched. */
  readonly keysFailed: string;
  /** The "More" menu's chunk could not be fetched. */
  readonly menuFailed: string;
  /** The "Scroll to the most recent bar" button's chunk (latest-button.ts). */
  readonly latestFailed: string;
  /** The comparisons' legend (comparison-legend.ts) could not be fetched: the lines are drawn without it. */
  readonly comparisonsFailed: string;
  /** The keyboard shortcut list's chunk could not be fetched. */
  readonly shortcutsFailed: string;
  /** A study's settings popover's chunk could not be fetched. */
  readonly studySettingsFailed: string;
  /** The toolbar's symbol and comparison search (symbol-search.ts) could not be fetched. */
  readonly searchFailed: string;
  /** Shown at a press, drag, wheel, key or touch on the plot, a pane separator or the price axis when their code (input-parts.ts) cannot be fetched. */
  readonly inputFailed: string;
}

export const EN_CHART: ChartStrings = {
  open: 'O',
  high: 'H',
  low: 'L',
  close: 'C',
  volume: 'V',
  change: 'Chg',
  loading: 'Loading…',
  loadingHistory: 'Loading older bars…',
  undo: 'Undo',
  redo: 'Redo',
  search: 'Search symbol or name',
  compare: 'Compare with another symbol',
  compareButton: 'Compare',
  removeComparison: 'Remove comparison',
  commands: 'Commands',
  settings: 'Settings',
  dataTable: 'Data table',
  time: 'Time',
  chart: 'chart',
  last: ', last',
  newBar: 'New bar',
  toolbar: 'Chart toolbar',
  tableHint: 'Press T for a data table',
  studySettings: (label) => `${label}: settings`,
  moveUp: 'Move up',
  moveDown: 'Move down',
  remove: 'Remove',
  moveStudyUp: (label) => `Move ${label} up`,
  moveStudyDown: (label) => `Move ${label} down`,
  removeStudy: (label) => `Remove ${label}`,
  resizePanes: 'Resize panes',
  alertUp: (symbol, price) => `Alert: ${symbol} crossed ${price} upward`,
  alertDown: (symbol, price) => `Alert: ${symbol} crossed ${price} downward`,
  loadErrors: {
    unknown_source: 'This data source is not available.',
    invalid_period: 'This period is not available; showing daily bars.',
    parse_error: 'The data file could not be read.',
    load_failed: 'The data could not be loaded.',
    data_request_timeout: 'The page did not answer the request for these bars in time.',
  },
  drawingFailed: 'The drawing could not be placed here.',
  saveImage: 'Save image',
  copyImage: 'Copy image',
  fullScreen: 'Full screen',
  imageFailed: 'The image could not be made.',
  fullScreenFailed: 'Full screen is not allowed here.',
  price: 'Price',
  shortcuts: 'Keyboard shortcuts',
  more: 'More',
  toLatest: 'Scroll to the most recent bar',
  autoScale: 'Auto (fits data to screen)',
  barReplay: 'Bar replay',
  replayFailed: 'Bar replay could not be loaded. Check the connection and try again.',
  scaleFailed: 'The price scale could not be loaded: a linear scale is shown. Check the connection and try again.',
  candlesFailed: 'The candle style could not be loaded: solid candles are shown. Check the connection and try again.',
  cloudsFailed: 'The cloud could not be loaded: its edges are shown without it. Check the connection and try again.',
  dotsFailed: "The study's dots could not be loaded: they are not drawn. Check the connection and try again.",
  drawingsFailed:
    'The drawings and the range selection could not be loaded: they are kept, not shown. Check the connection and try again.',
  markersFailed:
    'The markers, price line dragging and the tooltip could not be loaded: the markers are kept, not shown. Check the connection and try again.',
  keysFailed: 'The keyboard crosshair could not be loaded. Check the connection and try again.',
  menuFailed: 'The "More" menu could not be loaded. Check the connection and try again.',
  latestFailed:
    'The "Scroll to the most recent bar" button could not be loaded: End goes there. Check the connection and try again.',
  comparisonsFailed: 'The comparisons legend could not be loaded. Check the connection and try again.',
  shortcutsFailed: 'The keyboard shortcuts could not be loaded. Check the connection and try again.',
  studySettingsFailed: 'The study settings could not be loaded. Check the connection and try again.',
  searchFailed: 'The symbol search could not be loaded. Check the connection and try again.',
  inputFailed:
    'Panning and zooming, the chart keys, pinch, long press, pane resizing and price axis scaling could not be loaded. Check the connection and try again.',
};

/** The chart's words in `locale` (any BCP-47 tag; English for what the locale lacks). */
export function chartStrings(locale: string): ChartStrings {
  return sectionStrings(locale, 'chart', EN_CHART);
}
