import { LitElement, html, nothing, svg, type CSSResult, type PropertyValues } from 'lit';
import { styleProps } from '../style-props.js';
import { SignalWatcher } from '../signals/signal-watcher.js';
import { watchSignal } from '../signals/watch-signal.js';
import { latestButton } from './latest-button.js';
import { autoScaleMark } from './auto-scale-mark.js';
import { Signal } from 'signal-polyfill';
import type { ChartContext, ToolDescriptor, ToolResult } from '../../src/protocol/index.js';
import { ChartCore, HOST_SOURCE_ID } from '../../src/core/commands/index.js';
import {
  lazyBinanceSource,
  isPeriod,
  stripBidiControls,
  type Bar,
  type Bars,
  type DataSource,
} from '../../src/core/data/index.js';
import {
  INDICATOR_CONVENTIONS,
  createLazyIndicatorRegistry,
  isIndicatorConvention,
  loadStudies,
  studiesForSettings,
  studiesOfList,
  type IndicatorDefinition,
} from '../../src/core/indicators/index.js';
import type { ReadOnlySignal } from '../../src/core/store/index.js';
import type { ReplayState } from '../../src/core/state/index.js';
import type { HostToolDefinition, ToolEntry, ToolExecuteOptions } from '../../src/core/tools/index.js';
import { klineChartStyles } from './kline-chart.styles.js';
import { OverlayLayerController } from './overlay-layer-controller.js';
import type { ChartPrimitive } from './chart-primitive.js';
import {
  onDrawingKindsChange,
  registerDrawingKind,
  type DrawingKindDefinition,
} from '../../src/core/drawings/index.js';
import { renderPriceLegend, renderSeriesValues } from './chart-legend.js';
import { renderToolbar } from './chart-toolbar.js';
import {
  describeAttributeValues,
  isAttributeValue,
  type AttributeValue,
  type Exact,
  type Holds,
  type EnumAttribute,
} from './attribute-values.js';
import { chartStrings } from './chart-strings.js';
import { pickerStrings } from '../indicator-picker/picker-strings.js';
import { DrawingLayerController, drawingLayerParts, loadDrawingLayerParts } from './drawing-layer-controller.js';
// The popover element itself is a lazy chunk: import its model and legend parts, not its index.
import { indicatorLegendStyles, type IndicatorLegendActions } from '../indicator-settings/indicator-legend-entry.js';
import { lineIcon } from '../drawing-toolbar/line-icon.js';
import type { DrawingToolbarActions } from '../drawing-toolbar/drawing-toolbar.js';
import type { DrawingBarFold } from '../drawing-toolbar/drawing-bar-fold.js';
// The drawing bar is a lazy chunk: the first render that shows it loads it (issue #12).
type DrawingBarParts = typeof import('../drawing-toolbar/drawing-bar-parts.js');
import { ChartViewController } from './chart-view-controller.js';
import { PanZoomController } from './pan-zoom-controller.js';
import { LiveFeedController } from './live-feed-controller.js';
import { AgentPortController } from './agent-port-controller.js';
import { LayoutAutosaveController } from './layout-autosave-controller.js';
import { subscribeChartEvents } from './subscribe-chart-events.js';
import { bindCore } from './core-of.js';
import { ChartDataController, DEFAULT_DATA_REQUEST_TIMEOUT, type SetBarsOptions } from './chart-data-controller.js';
import { ChartA11yController } from './chart-a11y-controller.js';
import { KeyboardDrawingController } from './keyboard-drawing-controller.js';
import { isDrawingKind } from '../../src/core/drawings/index.js';
import { comparisonColor } from '../../src/render/chart-theme.js';
import { renderOverflowMenu, ToolbarOverflowController, toolbarOverflowStyles } from './toolbar-overflow.js';
import { ContextMenuController } from './context-menu-controller.js';
import type { SearchState } from './symbol-search.js';
import type { ChartInsides } from './chart-insides.js';
import { withChunk, type ChunkFailure } from './with-chunk.js';
import { loadChartActions, withChartActions, type ChartActions } from './load-chart-actions.js';
type ComparisonLegendModule = typeof import('./comparison-legend.js');
import { withInputParts } from './load-input-parts.js';
import { isEditableTarget } from './editable-target.js';
import { LocaleController } from '../i18n/locale-controller.js';
import { localeDirection } from '../i18n/locale-direction.js';
import { toolErrorForPeople } from '../i18n/tool-error-strings.js';
import { joinCrosshairSync, publishCrosshair } from './crosshair-sync.js';
import type { PriceRange } from '../../src/render/pane-plot.js';
import { keepClicksInHost } from '../keep-clicks-in-host.js';
import { applyHeightAttribute } from '../host-height.js';

let chartCounter = 0;

/** The keys chart-keys.ts may take (`KeyS` too: ⌥S types `ß`), so the input chunk is asked only for them. */
const MAYBE_CHART_KEY = /^[?FsS]$/;

/** An `exportparts` value that names each of a child's parts `<prefix>-<part>` (`dialog: palette-dialog, …`). */
const exportParts = (prefix: string, parts: string): string =>
  parts
    .split(' ')
    .map((p) => `${p}: ${prefix}-${p}`)
    .join(', ');
const PICKER_PARTS = exportParts('indicator', 'button popup search option');
const PALETTE_PARTS = exportParts(
  'palette',
  'dialog search list option description form form-field form-help form-error run back close result error',
);
const SETTINGS_PARTS = exportParts('settings', 'dialog form form-field form-help form-error apply reset close status');

/** The registry view a host page uses: list, execute, register. */
export interface ChartToolsApi {
  list(): ToolEntry[];
  /** The tools as a model sees them: JSON-schema parameters and descriptions with live values. */
  describe(): ToolDescriptor[];
  execute(name: string, input: unknown, options?: ToolExecuteOptions): Promise<ToolResult>;
  register(definition: HostToolDefinition): () => void;
  /**
   * Resolves when `list()` and `describe()` show every built-in tool: their code is a chunk fetched
   * after the first paint (issue #12), in by `kline-ready`. `execute` waits for it by itself.
   */
  ready(): Promise<void>;
}

/**
 * A K-line (candlestick) chart rendered with uPlot, whose commands are also tools an agent can call.
 *
 * @summary Candlestick chart with volume, indicators, crosshair legend and an agent port.
 *
 * @attr symbol - Instrument code, e.g. `DEMO`, `BTCUSDT` (default: first instrument of the source).
 * @attr period - `1m` `5m` `15m` `30m` `1h` `4h` `1d` `1w` `1M` (default `1d`).
 * @attr source - `sample`, `csv`, `json`, `binance`, a registered source id, or `custom` (the host's own bars: waits for `setBars`) (default `sample`).
 * @attr src - URL of the file for `csv` / `json`.
 * @attr indicators - Initial indicators, e.g. `MA(5,20),VOL,MACD(12,26,9)` (default `VOL`).
 * @attr theme - `light` `dark` `auto` (default `auto`: a `dark` / `light` class or `data-theme` on `<html>`, else `prefers-color-scheme`).
 * @attr locale - BCP-47 tag: `en` `zh-CN` `zh-TW` `ja` or one given to `registerLocale` (default from `navigator.language`; docs/contracts.md "Locales").
 * @attr timezone - IANA zone to display in, overriding the data's own.
 * @attr color-convention - `green-up` or `red-up` (default `green-up`).
 * @attr indicator-convention - whose formulas studies follow: `ta-lib`, `tdx` (通达信) or `tradingview`; default `auto` (tdx for zh locales, ta-lib otherwise). A study can name its own: `MACD(12,26,9;tdx)`.
 * @attr toolbar - `full` `minimal` `none` (default `full`).
 * @attr persist-key - Key under which the layout is saved and restored.
 * @attr agent - `off`, `read-only` or `full` (default `full`).
 * @attr agent-tools - Allow-list of tool names or prefixes ending in `*`.
 * @attr agent-origins - Space-separated origins whose windows may connect an agent panel to this chart over postMessage (`<chart-agent-panel for="frame:ID">`); others are ignored and logged.
 * @attr live - Stream live bars: `auto` (every source but the sample and files), `on`, `off`.
 * @attr data-request-timeout - Milliseconds a `kline-data-request` may stay unanswered (default 30000; a value that is not a positive number fires `kline-error` `invalid_attribute` and the default applies); then `kline-error` `data_request_timeout`, the chart keeps what it shows and ignores a later answer.
 * @attr wheel - Mouse wheel over the plot: `zoom` (default), `ctrl` (zoom only with Ctrl/⌘, otherwise the page scrolls), `off`.
 * @attr height - The chart's height as a CSS length (`420px`, `30rem`, `60vh`; a bare number means px), applied through the CSSOM so a page under `style-src 'self'` (no `style` attribute) sizes it by attributes alone; a page's own stylesheet rule on the element wins over it, as over `<img height>`. Anything else is ignored with a console warning and `kline-error` `invalid_attribute`: the default 480px applies.
 * @attr sync - Crosshair sync group: the page's charts with the same value show the crosshair at the same time (each at its own bar of that time), as TradingView's layouts do.
 *
 * @fires {CustomEvent<KlineReadyDetail>} kline-ready - The first data has loaded and painted.
 * @fires {CustomEvent<KlineDataLoadDetail>} kline-data-load - Bars were loaded (detail: `{ symbol, period, source, bars }`).
 * @fires {CustomEvent<KlineContextChangeDetail>} kline-context-change - The context snapshot changed (detail: `{ context }`).
 * @fires {CustomEvent<KlineSelectionChangeDetail>} kline-selection-change - The range selection changed (detail: `{ selection }`).
 * @fires {CustomEvent<KlineChangeDetail>} kline-change - One per committed action (detail: `{ action, undoable, replay, symbol, period, source, reason }`; reason `user` `agent` `host` `attribute` `undo` `redo` `live` `history` `load` `replay`; bar replay's actions are `replayStart` `replayStep` `replayPlay` `replayPause` `replaySpeed` `replayStop`).
 * @fires {CustomEvent<DataRequestDetail>} kline-data-request - A period or symbol the host's bars cannot provide (cancelable; detail: `{ symbol, period, from?, to?, respondWith(promise of bars) }`).
 * @fires {CustomEvent<KlineErrorDetail>} kline-error - A failure the host should know about (detail: `{ code, message }`; bad bars add `index` and `reason`).
 * @fires {CustomEvent<PersistEventDetail>} kline-persist - Before a layout change is saved (detail: `{ document, waitUntil(promise) }`; a rejection rolls the change back).
 * @fires {CustomEvent<PriceAlertDetail>} kline-price-alert - A live bar's close crossed a price line with an alert (`price_lines_create` `alert`; detail: `{ id, price, label, direction, time, close, symbol, period }`); a short notice says it too.
 * @fires {CustomEvent<PriceLineMovedDetail>} kline-price-line-moved - A draggable price line was moved with the pointer (detail: `{ id, price, previousPrice }`; one undo step).
 * @fires {CustomEvent<KlinePrimitiveClickDetail>} kline-primitive-click - A press claimed by an `addPrimitive` primitive's `hitTest` (detail: `{ id, x, y }`, CSS px from the plot's top-left).
 *
 * @csspart toolbar - The toolbar.
 * @csspart period-button - One period button.
 * @csspart symbol-button - The symbol search button.
 * @csspart compare-button - Opens the search to overlay another instrument (comparison_create).
 * @csspart palette-button - Opens the command palette.
 * @csspart settings-button - Opens the settings dialog.
 * @csspart undo-button - Undo.
 * @csspart redo-button - Redo.
 * @csspart legend - The OHLCV legend.
 * @csspart tooltip - The floating box by the pointer with the bar's time and OHLCV and the markers under it (setting `legendMode`: `tooltip` or `both`).
 * @csspart latest-button - "Scroll to the most recent bar": shown while the newest bar is out of view.
 * @csspart auto-scale-button - "Auto (fits data to screen)": an "A" at the bottom of the main pane's price axis, shown while a drag on the axis holds the price scale fixed; pressing it fits the prices again.
 * @csspart panes - The pane container (canvases).
 * @csspart data-table - The data table of the visible bars (toolbar button "Data table" or the `t` key).
 * @csspart data-table-button - Shows or hides the data table.
 * @csspart live - The visually hidden live region announcing new bars, the keyboard crosshair and the view after a keyboard pan or zoom.
 * @csspart symbol-input - The symbol / comparison search box (while the search is open).
 * @csspart shortcuts-button - Opens the keyboard shortcut list (also the `?` key).
 * @csspart shortcuts - The keyboard shortcut dialog.
 * @csspart shortcuts-close - Its Close button.
 * @csspart more-button - The "More" menu button, when the toolbar is too long for one row (always below 480 px).
 * @csspart more-menu - The "More" menu (with "Save image", "Copy image" and "Full screen").
 * @csspart save-image-button - Downloads the chart as a PNG (Ctrl/⌘+Alt+S; in the "More" menu when the row is short).
 * @csspart copy-image-button - Copies the chart's PNG to the clipboard (Ctrl/⌘+Shift+S; in the "More" menu when the row is short).
 * @csspart fullscreen-button - Full screen on / off (Shift+F; `aria-pressed`; in the "More" menu when the row is short).
 * @csspart replay-button - Bar replay (`aria-pressed`; in the "More" menu when the row is short): click a bar to start from, Escape cancels; pressed again, the replay ends.
 * @csspart replay-cancel - On a touch screen, the Cancel button beside "Tap a bar to start the replay" while choosing the start bar.
 * @csspart replay-strip - The bar replay's controls over the chart's bottom (a toolbar), while replaying.
 * @csspart replay-play - Play / pause.
 * @csspart replay-step - Next bar (also Shift+→ while replaying).
 * @csspart replay-speed - One speed button (`data-speed`: 1, 3 or 10 bars per second; `aria-pressed`).
 * @csspart replay-exit - Ends the replay.
 * @csspart context-menu - The plot's right-click menu (also the ContextMenu key or Shift+F10 on the chart).
 * @csspart drawing-toolbar - The vertical drawing bar left of the plot (full toolbar, 480 px wide or more; narrower, its tools are in the "More" menu).
 * @csspart drawing-tool - One drawing tool button (`data-tool` names it).
 * @csspart drawing-group-menu - On a chart too short for the flat drawing bar (its kinds folded into groups): the open group's flyout menu.
 * @csspart active-tool - Below 480 px, while a drawing tool is active: a pressed button in the toolbar showing it; pressing it returns to the select tool.
 * @csspart drawing-editor - The floating style editor of the selected drawing.
 * @csspart legend-entry - An indicator's name in a legend (opens its settings).
 * @csspart legend-remove - Removes an indicator from the legend.
 * @csspart legend-move-up - Moves an indicator pane up.
 * @csspart legend-move-down - Moves an indicator pane down.
 * @csspart comparison-remove - Removes a comparison from the legend.
 * @csspart persist-toast - The notice shown when a layout could not be saved.
 * @csspart persist-download - Its download button.
 * @csspart indicator-button - The indicator picker's toolbar button (exported from `kline-indicator-picker`).
 * @csspart indicator-popup - The indicator picker's list popup.
 * @csspart indicator-search - The indicator picker's search box.
 * @csspart indicator-option - One study in the indicator picker.
 * @csspart indicator-settings - An indicator's settings popover (exported from `kline-indicator-settings`).
 * @csspart indicator-settings-apply - Its Apply button.
 * @csspart indicator-settings-cancel - Its Cancel button.
 * @csspart indicator-settings-remove - Its Remove button.
 * @csspart indicator-settings-close - Its ✕ button.
 * @csspart indicator-settings-error - Its error message.
 * @csspart indicator-settings-field - One parameter field in it.
 * @csspart indicator-settings-help - A parameter's description.
 * @csspart indicator-settings-field-error - A parameter's validation message.
 * @csspart palette-dialog - The command palette's dialog (exported from `kline-command-palette`).
 * @csspart palette-search - The palette's search box.
 * @csspart palette-list - The palette's list of tools.
 * @csspart palette-option - One tool in the palette.
 * @csspart palette-description - The chosen tool's description.
 * @csspart palette-form - The chosen tool's form.
 * @csspart palette-form-field - One field of that form.
 * @csspart palette-form-help - A field's description.
 * @csspart palette-form-error - A field's validation message.
 * @csspart palette-run - The palette's Run button.
 * @csspart palette-back - The palette's Back button.
 * @csspart palette-close - The palette's ✕ button.
 * @csspart palette-result - The result of a run.
 * @csspart palette-error - The error of a failed run.
 * @csspart settings-dialog - The settings dialog (exported from `kline-settings-dialog`).
 * @csspart settings-form - Its form.
 * @csspart settings-form-field - One setting.
 * @csspart settings-form-help - A setting's description.
 * @csspart settings-form-error - A setting's validation message.
 * @csspart settings-apply - Its Apply button.
 * @csspart settings-reset - Its Reset button.
 * @csspart settings-close - Its ✕ button.
 * @csspart settings-status - The outcome of the last Apply or Reset.
 *
 * @cssprop [--kline-up-color=#26a69a] - Rising candles (falling under `red-up`).
 * @cssprop [--kline-down-color=#ef5350] - Falling candles (rising under `red-up`).
 * @cssprop [--kline-background=#ffffff] - Chart background.
 * @cssprop [--kline-text-color=#131722] - Text colour.
 * @cssprop [--kline-grid-color] - Grid lines.
 * @cssprop [--kline-axis-color=#6a6d78] - Axis labels.
 * @cssprop [--kline-crosshair-color=#9598a1] - Crosshair.
 * @cssprop [--kline-crosshair-label-background=#131722] - The crosshair's price tag (price axis) and time tag (time axis): background (`#434651` in the dark theme).
 * @cssprop [--kline-crosshair-label-color=#ffffff] - Their text.
 * @cssprop [--kline-border-color=#e0e3eb] - Borders and separators.
 * @cssprop [--kline-accent-color=#2962ff] - Focus and active controls.
 * @cssprop [--kline-font-family] - The family of all the chart's text: toolbar, legend, axes, menus and dialogs (a `font-family` set on the element does the same and wins over it).
 * @cssprop [--kline-font] - Axis and legend font (default: 11px in the element's family).
 * @cssprop [--kline-muted-color=#6a6d78] - Secondary text (legend labels, times, descriptions).
 * @cssprop [--kline-accent-text-color=#2962ff] - Text in the accent colour (the active period); reaches 4.5:1 in both themes.
 * @cssprop [--kline-up-text-color=#00796b] - Legend values of a rising bar (a darker shade of the up colour that reaches 4.5:1).
 * @cssprop [--kline-down-text-color=#d32f2f] - Legend values of a falling bar.
 * @cssprop [--kline-toolbar-background=#f8f9fd] - Toolbar and table header background.
 * @cssprop [--kline-tooltip-background] - Crosshair tooltip background (setting `legendMode`: `tooltip` or `both`).
 * @cssprop [--kline-line-color=#2962ff] - The price line of line and area chart types.
 * @cssprop [--kline-area-fill] - The fill under the price line of the area chart type.
 * @cssprop [--kline-level-color] - The dashed reference levels of a study's pane (RSI's 70 / 50 / 30, Stochastic's 80 / 20, CCI's ±100).
 * @cssprop [--kline-level-band] - The shaded band between a study's highest and lowest reference level.
 * @cssprop [--kline-focus-width=2px] - Width of focus rings (3px under `prefers-contrast: more`).
 */
export class KlineChart extends SignalWatcher(LitElement) {
  static override styles = [...klineChartStyles, indicatorLegendStyles, toolbarOverflowStyles];

  static override properties = {
    symbol: { type: String, reflect: true },
    period: { type: String, reflect: true },
    // Never reflected: only a source the host set counts (see setBars).
    source: { type: String },
    src: { type: String },
    indicators: { type: String },
    theme: { type: String, reflect: true },
    locale: { type: String },
    timezone: { type: String },
    colorConvention: { type: String, attribute: 'color-convention' },
    indicatorConvention: { type: String, attribute: 'indicator-convention' },
    toolbar: { type: String },
    persistKey: { type: String, attribute: 'persist-key' },
    agent: { type: String },
    agentTools: { type: String, attribute: 'agent-tools' },
    agentOrigins: { type: String, attribute: 'agent-origins' },
    live: { type: String },
    wheel: { type: String },
    sync: { type: String },
    height: { type: String },
    dataRequestTimeout: { type: Number, attribute: 'data-request-timeout' },
    _search: { state: true },
    _toast: { state: true },
    _settings: { state: true },
  };

  /** Instrument code. */
  symbol = '';
  /** Bar period. */
  period: string = '1d';
  /** Data source id the host named (empty: `sample`, or the host's own bars after `setBars`; `custom`: wait for `setBars`). */
  source = '';
  /** File URL for `csv` / `json` sources. */
  src = '';
  /** Initial indicators. */
  indicators = 'VOL';
  /** `light`, `dark` or `auto`. */
  theme: 'light' | 'dark' | 'auto' = 'auto';
  /** BCP-47 tag of the UI language; empty: from `navigator.language`. */
  locale = '';
  /** Display timezone override. */
  timezone = '';
  /** `green-up` or `red-up`. */
  colorConvention: 'green-up' | 'red-up' = 'green-up';
  /** Whose formulas studies follow (`indicator-convention`): `auto`, `ta-lib`, `tdx`, `tradingview`. */
  indicatorConvention = 'auto';
  /** `full`, `minimal` or `none`. */
  toolbar: 'full' | 'minimal' | 'none' = 'full';
  /** Layout persistence key. */
  persistKey = '';
  /** Agent access: `off`, `read-only`, `full`. */
  agent: 'off' | 'read-only' | 'full' = 'full';
  /** Agent tool allow-list. */
  agentTools = '';
  /** Origins of other windows allowed to connect an agent panel (space-separated). */
  agentOrigins = '';
  /** Stream live bars from the source: `auto` (default: every source but sample and files), `on`, `off`. */
  live: 'auto' | 'on' | 'off' = 'auto';
  /** Mouse wheel over the plot: `zoom`, `ctrl` (zoom only with Ctrl/⌘) or `off`. */
  wheel: 'zoom' | 'ctrl' | 'off' = 'zoom';
  /** Crosshair sync group: charts of the page with the same value show the crosshair at the same time. */
  sync = '';
  /** Height as a CSS length (`420px`, `30rem`; a bare number is px), set through the CSSOM, so allowed under `style-src 'self'`; a page's rule on the element wins; not a length: a console warning and `kline-error` `invalid_attribute`, and 480px. */
  height = '';
  /** Milliseconds a `kline-data-request` may stay unanswered before `kline-error` `data_request_timeout`. */
  dataRequestTimeout = DEFAULT_DATA_REQUEST_TIMEOUT;

  declare _search: SearchState;
  /** The notice shown; words made at render, so one shown before the chart's locale arrives is re-said in it. */
  declare _toast: string | (() => string);
  declare _settings: { instanceId: string; x: number; y: number; error: string } | null;

  readonly #core: ChartCore;
  /** The bar under the crosshair (null: none; the legend then shows the last bar). */
  readonly #hover = new Signal.State<number | null>(null);
  #hoverNext: number | null = null;
  #hoverFrame?: number;
  /** Each pane's top in CSS px after the last layout (pane legends sit there). */
  readonly #paneTops = new Signal.State<ReadonlyMap<string, number>>(new Map());
  /**
   * The legends, as computed templates bound with `watchSignal()`: a crosshair move or a new bar updates
   * only them, never the element's template; a pan changes neither (docs/architecture.md).
   */
  readonly #legend = new Signal.Computed(() => this.#renderLegend());
  readonly #paneLegends = new Signal.Computed(() => this.#renderPaneLegends());
  /** "Scroll to the most recent bar", while the newest bar is out of view (latest-button.ts). */
  readonly #latest: ReturnType<typeof latestButton>;
  /** The price scale as a drag on its axis fixed it, or null while it fits the bars (the renderer's). */
  readonly #priceRange = new Signal.State<PriceRange | null>(null);
  /** "Auto (fits data to screen)", while the price scale is fixed (auto-scale-mark.ts). */
  readonly #autoScale: ReturnType<typeof autoScaleMark>;
  readonly #drawings: DrawingLayerController;
  readonly #overlays: OverlayLayerController;
  // Controllers, in the order they attach listeners (the pan/zoom keys before the drawing layer's); the
  // pan/zoom and live-feed controllers are only held by the element's controller list.
  readonly #data: ChartDataController;
  readonly #view: ChartViewController;
  readonly #agentPorts: AgentPortController;
  readonly #autosave: LayoutAutosaveController;
  readonly #a11y: ChartA11yController;
  readonly #panZoom: PanZoomController;
  readonly #keyDrawing: KeyboardDrawingController;
  readonly #overflow = new ToolbarOverflowController(this, () =>
    this.#showToast(() => chartStrings(this.#lang()).menuFailed),
  );
  /** The drawing bar's groups on a chart too short for the flat bar (made with the bar's chunk). */
  #barFold?: DrawingBarFold;
  #bar?: DrawingBarParts;
  #barLoad?: Promise<void> | null;
  readonly #contextMenu: ContextMenuController;
  readonly #deps: ChartInsides;
  #ready?: boolean;
  #pickerLoad?: Promise<unknown> | null;
  #initialIndicators?: boolean;
  readonly #i18n = new LocaleController(this, () => this.#core.store.state.settings.get().locale);

  constructor() {
    super();
    this._search = { open: false, mode: 'symbol', results: [] };
    this._toast = '';
    this._settings = null;
    // Built-in studies load their code on first use (a chunk each in the bundle: issue #12).
    const core = new ChartCore({ chartId: '', indicatorRegistry: createLazyIndicatorRegistry() });
    this.#core = core;
    keepClicksInHost(this);
    this.#latest = latestButton(
      core,
      () => chartStrings(this.#lang()).toLatest,
      (styles) => this.#adoptStyles(styles),
      () => this.#showToast(() => chartStrings(this.#lang()).latestFailed),
    );
    bindCore(this, core); // the test hook (core-of.ts); the core itself stays private
    // The public Binance market data is always available by name; nothing is fetched until used.
    core.sources.register(lazyBinanceSource());
    this.#drawings = new DrawingLayerController({
      core,
      theme: () => this.#view.theme,
      requestUpdate: () => this.requestUpdate(),
      onError: (message) => this.#showToast(message),
      strings: () => chartStrings(this.#lang()),
      lang: () => this.#lang(),
      errorText: (error) =>
        error.code === 'drawing_failed' && this.#lang() !== 'en'
          ? chartStrings(this.#lang()).drawingFailed
          : toolErrorForPeople(this.#lang(), error),
    });
    const emit = (type: string, detail: unknown) => this.#emit(type, detail);
    this.#overlays = new OverlayLayerController({
      core,
      theme: () => this.#view.theme,
      emit,
      tooltipLabels: () => ({ ...chartStrings(this.#lang()), locale: this.#lang() }),
      failed: () => this.#showToast(() => chartStrings(this.#lang()).markersFailed),
    });
    subscribeChartEvents({ core, emit });
    core.onPriceAlert((alert) => {
      emit('kline-price-alert', alert);
      // Its notice (chart-actions.ts): at once, with the actions here by the first paint's end.
      withChartActions((m) => m.sayPriceAlert(this.#deps, alert));
    });
    this.#data = new ChartDataController(this, {
      core,
      emit,
      fail: (code, message, line, detail) => this.#fail(code, message, line, detail),
      loaded: () => {
        this.#lastError = '';
        if (!this.#ready) void this.whenPainted().then(() => this.#announceReady());
      },
    });
    this.#panZoom = new PanZoomController(this, {
      core,
      drawings: this.#drawings,
      plotWidth: () => this.#view.plotWidth(),
      priceScale: () => this.#view.priceScale,
      openPalette: () => void this.openCommandPalette(),
      undo: () => this.undo(),
      redo: () => this.redo(),
      wheel: () => this.wheel,
      openMenu: (at) => this.#contextMenu.openAt(at),
      notice: () => this.#showToast(() => chartStrings(this.#lang()).inputFailed),
      a11y: {
        stepKeyBar: (delta) => this.#a11y.stepKeyBar(delta),
        clearKeyBar: () => this.#a11y.clearKeyBar(),
        pointerMoved: () => this.#a11y.pointerMoved(),
        toggleTable: () => this.toggleDataTable(),
        sayView: (edge) => this.#a11y.sayView(edge),
      },
    });
    this.#view = new ChartViewController(this, {
      core,
      drawings: this.#drawings,
      overlays: this.#overlays,
      onLayout: (offsets) => this.#paneTops.set(offsets),
      separatorLabel: (above, below) =>
        `${chartStrings(this.#lang()).resizePanes} (${this.#paneName(above)} / ${this.#paneName(below)})`,
      lang: () => this.#lang(),
      onCursor: (index) => {
        this.#hoverSoon(index);
        this.#overlays.cursor(index);
        if (this.sync)
          publishCrosshair(this, index === null ? null : (this.#core.store.peek('series')?.bars.time[index] ?? null));
      },
      onTheme: () => this.requestUpdate(),
      onPriceRange: (range) => this.#priceRange.set(range),
      inputFailed: () => this.#showToast(() => chartStrings(this.#lang()).inputFailed),
      onExtrasFailed: (error, needed) => {
        console.warn('kline-chart: the price scale, candle style, cloud or dots could not be loaded', error);
        const failed = needed.scale
          ? 'scaleFailed'
          : needed.candles
            ? 'candlesFailed'
            : needed.clouds
              ? 'cloudsFailed'
              : 'dotsFailed';
        this.#showToast(() => chartStrings(this.#lang())[failed]);
      },
    });
    this.#autoScale = autoScaleMark(this.#priceRange, {
      core,
      renderer: () => this.#view.renderer,
      main: () => this.renderRoot.querySelector('.main'),
      layout: () => this.#paneTops.get(),
      tagPrices: () => this.#overlays.axisTagPrices(),
      label: () => chartStrings(this.#lang()).autoScale,
      focusChart: () => this.focus({ preventScroll: true }),
      adopt: (styles) => this.#adoptStyles(styles),
    });
    new LiveFeedController(this, {
      core,
      wantsLive: (id) => this.#wantsLive(id),
      requestUpdate: () => this.requestUpdate(),
      updateBar: (bar, refused) => this.#data.updateBar(bar, refused),
      error: (detail) => emit('kline-error', detail),
    });
    this.#agentPorts = new AgentPortController(this, core);
    this.#a11y = new ChartA11yController(this, {
      core,
      renderer: () => this.#view.renderer,
      lang: () => this.#lang(),
      setHover: (index) => {
        // The keyboard crosshair: at once, and the element's update carries the legend with it.
        this.#hover.set(index);
        this.requestUpdate();
      },
      whenPainted: () => this.whenPainted(),
      adoptStyles: (styles) => this.#adoptStyles(styles),
      // The keyboard crosshair is in the drawing layer's chunk (loaded with a full toolbar's first render).
      keyCrosshair: { loaded: () => drawingLayerParts()?.KeyCrosshair ?? null, load: loadDrawingLayerParts },
      notice: (text) => this.#showToast(text),
    });
    // Before the pan/zoom keys: it listens in the capture phase and keeps the keys it handles.
    this.#keyDrawing = new KeyboardDrawingController(this, {
      core,
      drawings: this.#drawings,
      a11y: this.#a11y,
      lang: () => this.#lang(),
    });
    // What the context menu and the settings popover (chunks) need of the chart's insides.
    this.#deps = {
      core,
      drawings: this.#drawings,
      renderer: () => this.#view.renderer,
      lang: () => this.#lang(),
      openSettings: () => void this.openSettings(),
      run: (name, input) => this.#runUserTool(name, input),
      notice: (text) => this.#showToast(text),
      adopt: (styles) => this.#adoptStyles(styles),
      colors: () => new Map(this.#view.specs.flatMap((p) => p.series.map((l) => [l.key, l.color] as const))),
      theme: () => this.#view.theme,
      focusPart: (part) => withChartActions((m) => m.focusPart(this, part)),
      a11y: this.#a11y,
      replaying: () => this.#replaying(),
      drawingActions: () => this.#drawingActions(),
      comparisonLegend: new Signal.State<ComparisonLegendModule | null>(null),
    };
    this.#contextMenu = new ContextMenuController(this, this.#deps);
    this.#autosave = new LayoutAutosaveController(this, {
      core,
      key: () => this.persistKey,
      emit,
      requestUpdate: () => this.requestUpdate(),
      adoptStyles: (styles) => this.#adoptStyles(styles),
      pageLocale: () => this.locale,
    });
    core.capture.setCapturer(this.#captureForTool);
  }

  /**
   * Adds a study (the `defineIndicator` shape of the built-ins) to this chart: it appears in the
   * indicator picker, `indicators_list` and the tools, and layouts save it by id. Register it before
   * the element connects (or before `persist-key` restores) so a saved layout using it restores.
   * Throws for a malformed or taken id. Returns the function that unregisters it.
   */
  registerIndicator(definition: IndicatorDefinition): () => void {
    const off = this.#core.indicatorRegistry.register(definition);
    this.requestUpdate();
    return () => {
      off();
      this.requestUpdate();
    };
  }

  /**
   * Adds a drawing kind (docs/adding-a-drawing-kind.md) for every chart on the page, as the module
   * function `registerDrawingKind` does: it appears in the drawing toolbar, the palette and
   * `drawing_create`, and layouts save it by id. Register it before a layout using it restores.
   * Throws for a malformed definition or a taken id. Returns the function that unregisters it.
   */
  registerDrawingKind(kind: DrawingKindDefinition): () => void {
    return registerDrawingKind(kind);
  }

  /**
   * Adds custom painting to a pane (`price` by default): `paint(ctx, scales)` runs every frame,
   * clipped to the plot; an optional `hitTest(x, y)` claims pointer presses (`kline-primitive-click`).
   * Returns the function that removes it.
   */
  addPrimitive(primitive: ChartPrimitive, paneId = 'price'): () => void {
    return this.#overlays.addPrimitive(primitive, paneId);
  }

  // ---- Overlays (README "Overlays"): each method runs the tool of the same name, so it validates,
  // is one undo step and resolves to the tool's result (docs/contracts.md "Tool results"); never rejects.

  /** `markers_create`: markers `[{ time, position, shape, color?, text? }]` → `data.ids`. */
  createMarkers(markers: readonly Record<string, unknown>[]): Promise<ToolResult> {
    return this.tools.execute('markers_create', { markers });
  }

  /** `markers_list` → `data: { total, markers }`. */
  listMarkers(limit?: number): Promise<ToolResult> {
    return this.tools.execute('markers_list', limit === undefined ? {} : { limit });
  }

  /** `markers_remove`: the given ids, or every marker of the instrument when omitted. */
  removeMarkers(ids?: readonly string[]): Promise<ToolResult> {
    return this.tools.execute('markers_remove', ids === undefined ? {} : { ids });
  }

  /** `markers_from_condition`, e.g. `{ definitionId: 'MACD', left: 'macd', op: 'crosses_above', right: 'signal' }`. */
  markersFromCondition(condition: Record<string, unknown>): Promise<ToolResult> {
    return this.tools.execute('markers_from_condition', condition);
  }

  /** `price_lines_create`: `{ price, label?, color?, style?, axisLabel?, draggable? }` → `data.id`. */
  createPriceLine(line: Record<string, unknown>): Promise<ToolResult> {
    return this.tools.execute('price_lines_create', line);
  }

  /** `price_lines_update`: changes the given fields of line `id`. */
  updatePriceLine(id: string, fields: Record<string, unknown>): Promise<ToolResult> {
    return this.tools.execute('price_lines_update', { ...fields, id });
  }

  /** `price_lines_remove`: the given ids, or every line of the instrument when omitted. */
  removePriceLines(ids?: readonly string[]): Promise<ToolResult> {
    return this.tools.execute('price_lines_remove', ids === undefined ? {} : { ids });
  }

  /** `price_lines_list` → `data: { lines }`. */
  listPriceLines(): Promise<ToolResult> {
    return this.tools.execute('price_lines_list', {});
  }

  /** The chart's tools: `list()`, `execute(name, input, options)`, `register(defineTool(...))`. */
  get tools(): ChartToolsApi {
    const registry = this.#core.tools;
    return {
      list: () => registry.list(),
      describe: () => registry.describe(),
      execute: (name, input, options) => registry.execute(name, input, { origin: 'host', ...options }),
      register: (definition) => registry.register(definition),
      ready: () => registry.ready(),
    };
  }

  /** Read-only signal of the chart context (`null` while no data is loaded). */
  get context(): ReadOnlySignal<ChartContext | null> {
    return this.#core.context;
  }

  /** Reverts the last action. Returns its label. */
  undo(): string | undefined {
    return this.#core.undo();
  }

  /** Re-applies the last undone action. */
  redo(): string | undefined {
    return this.#core.redo();
  }

  /**
   * Shows the host's bars (columnar or objects, times in UTC epoch ms, ascending). The host then owns
   * the data: a period change folds these bars when it can (1m → 5m … 1d, 1d → 1w, 1M) and otherwise
   * asks through `kline-data-request`. The bars are labelled with `options`, else the `symbol` and
   * `period` attributes the host set, else a period guessed from their spacing. Bad input (times in
   * seconds, unsorted or duplicate times, NaN, high < low, open/close outside the range, negative
   * volume) fires `kline-error` `{ code: 'invalid_bars', index, reason }`, returns false and keeps
   * what the chart shows.
   */
  setBars(bars: Bars | readonly Bar[], options?: SetBarsOptions): boolean {
    const accepted = this.#data.setBars(bars, options);
    if (accepted && !this.#ready) void this.whenPainted().then(() => this.#announceReady());
    return accepted;
  }

  /** Live update: replaces the last bar (same time) or appends a newer one. A bad bar fires `kline-error` and returns false. */
  updateBar(bar: Bar): boolean {
    return this.#data.updateBar(bar);
  }

  /** Adds a data source a `source` attribute can name. Returns an unregister function. */
  registerDataSource(source: DataSource): () => void {
    const unregister = this.#core.sources.register(source);
    // A page that names the source in markup before registering it gets its data now.
    this.#data.sourceRegistered(source);
    return unregister;
  }

  /**
   * Resolves after the canvases have painted the current state (with the studies of the
   * `indicators` attribute and the restored layout, and the drawings, markers, price lines and
   * primitives, whose code may load first). The touch gestures and the plot's keys (input-parts.ts)
   * are fetched then, not waited for: until they are here a press, drag, wheel or key on the plot is
   * answered when they arrive (pan-zoom-controller.ts).
   */
  async whenPainted(): Promise<void> {
    await this.#studiesReady;
    await this.#core.indicatorRegistry.settled(); // a study or form a frame asked for (issue #12)
    await this.#drawings.whenLoaded();
    await this.#overlays.whenLoaded();
    if (this.#barLoad) await this.#barLoad.then(() => this.updateComplete);
    await this.#view.whenPainted();
    void this.#panZoom.whenTouchReady();
  }

  /** Opens the command palette (also Ctrl/Cmd+K): every tool, with a form generated from its schema. */
  openCommandPalette(): Promise<void> {
    // A chunk of its own with the palette element, loaded on first use (open-command-palette.ts).
    return loadChartActions().then((m) => m.openCommandPalette(this));
  }

  /** Opens the settings dialog (it writes through settings_update / settings_reset). */
  openSettings(): Promise<void> {
    // A chunk of its own with the dialog element, loaded on first use (open-settings-dialog.ts).
    return loadChartActions().then((m) => m.openSettingsDialog(this));
  }

  /** Number of frames the canvases have painted (diagnostics: live bursts paint once per frame). */
  get paintCount(): number {
    return this.#view.paintCount;
  }

  /**
   * The chart as a PNG image, as the user sees it: a title line (symbol, name, period, exchange),
   * the legend text, then every pane with its drawings. `width`/`height` (CSS px) scale the image;
   * `lastBars` shows only the newest N bars for the shot and restores the view afterwards.
   */
  capture(options: { width?: number; height?: number; lastBars?: number } = {}): Promise<Blob> {
    // A lazy chunk: only captures load the compositor.
    return loadChartActions().then((m) => m.capture(this, this.#deps, options));
  }

  /** Runs an image action once the snapshot chunk is here; false, with a message, when it cannot be fetched. */
  #snapshot(action: 'saveImage' | 'copyImage'): Promise<boolean> {
    return this.#act('imageFailed', false, (m, x) => m.snapshot(this, x, action));
  }

  /**
   * Downloads the chart as `<symbol>_<period>_<yyyy-mm-dd_hh-mm>.png` (what `capture()` draws; also
   * Ctrl/⌘+Alt+S and the "More" menu). Resolves false, with a message on the chart, when the image
   * could not be made; never rejects.
   */
  saveImage(): Promise<boolean> {
    return this.#snapshot('saveImage');
  }

  /**
   * Copies the chart's PNG to the clipboard (also Ctrl/⌘+Shift+S and the "More" menu) and says so on
   * the chart. A browser that lacks the clipboard API or refuses gets a message instead: resolves
   * false; never rejects.
   */
  copyImage(): Promise<boolean> {
    return this.#snapshot('copyImage');
  }

  /** Bar replay in progress: `{ time, index, playing, speed }` of the last bar shown, or null. */
  get replay(): ReplayState | null {
    return this.#core.store.state.replay.get();
  }

  /**
   * Bar replay (also the toolbar's "Bar replay"): the chart, its studies, legend and tools show the bars
   * up to the one open at `time` (UTC ms) only. Resolves false when no bars are loaded, or when the replay's
   * chunk cannot be fetched (a notice says so; the next call tries again). Not an undo step;
   * a symbol or period change ends it; live bars wait until it stops.
   */
  startReplay(time: number): Promise<boolean> {
    return this.#withReplay((r) => r.start(time));
  }

  /** Shows the next `n` real bars (also Shift+→). False when not replaying or at the last bar. */
  stepReplay(n = 1): Promise<boolean> {
    return this.#withReplay((r) => r.step(n));
  }

  /** Steps on a timer, `speed` bars per second (default: the last speed, first 1). */
  playReplay(speed?: number): Promise<boolean> {
    return this.#withReplay((r) => r.play(speed));
  }

  /** Stops the replay's timer (the replay stays). */
  pauseReplay(): Promise<boolean> {
    return this.#withReplay((r) => r.pause());
  }

  /** Ends the replay: all bars and the view from before it come back (drawings and studies added stay). */
  stopReplay(): Promise<boolean> {
    return this.#withReplay((r) => r.stop());
  }

  /**
   * Runs `act` once the replay's chunk is here; false (never a rejection) when it cannot be fetched, and
   * a notice says so (the next call tries again).
   */
  #withReplay(act: (r: import('./bar-replay-controls.js').ReplayControls['replay']) => boolean): Promise<boolean> {
    return this.#act('replayFailed', false, (m, x) => m.replay(this, x, act));
  }

  /** Whether the chart fills the screen (`toggleFullscreen()`). */
  get fullscreen(): boolean {
    return document.fullscreenElement === this;
  }

  /**
   * Full screen on or off (`on` omitted: the other state; also Shift+F and the "More" menu; the
   * browser's Escape leaves). Entering needs a user gesture: call it from a click or key handler. A
   * refusal (no gesture, an iframe without `allow="fullscreen"`) shows a message and resolves false.
   */
  toggleFullscreen(on = !this.fullscreen): Promise<boolean> {
    // In the actions chunk, here by the first paint's end: the click's or key's activation still holds then.
    return this.#act('fullScreenFailed', false, (m, x) => m.toggleFullscreen(this, x, on));
  }

  /**
   * `?`, Ctrl/⌘+Alt+S, Ctrl/⌘+Shift+S and Shift+F anywhere on the chart but in a text field: which key is
   * which (chart-keys.ts) is in the input chunk fetched after the first paint (input-parts.ts), so a key
   * that may be one of them before it is here waits for it; when it cannot be fetched a notice says so.
   */
  readonly #onKey = (e: KeyboardEvent): void => {
    const origin = e.composedPath()[0]; // empty once the event is dispatched
    // Text typed in a text field is never a chart key: it neither waits for the chunk nor says it is missing.
    if ((MAYBE_CHART_KEY.test(e.key) || e.code === 'KeyS') && !isEditableTarget(origin))
      withInputParts(
        (parts) => {
          const key = parts.chartKey(e, origin);
          if (!key) return;
          e.preventDefault();
          void this[key]();
        },
        () => this.#showToast(() => chartStrings(this.#lang()).inputFailed),
      );
  };

  /** `chart_capture`'s renderer: a PNG data URL (JPEG when a PNG would be too large to send) and a thumbnail. */
  readonly #captureForTool = (request: { width?: number; height?: number; lastBars?: number }) =>
    loadChartActions().then((m) => m.captureForModel(this, this.#deps, request));

  override connectedCallback(): void {
    super.connectedCallback();
    if (!this.id) this.id = `kline-chart-${++chartCounter}`;
    this.#core.chartId = this.id;
    if (!this.hasAttribute('tabindex')) this.tabIndex = 0;
    // Everything below ends with the connection (disconnectedCallback aborts it).
    const signal = (this.#connection = new AbortController()).signal;
    this.addEventListener('keydown', this.#onKey, { signal });
    document.addEventListener('fullscreenchange', () => this.requestUpdate(), { signal });
    signal.addEventListener('abort', joinCrosshairSync(this));
    if (this._toast) this.#showToast(this._toast);
    // Kinds are page-wide: a registration anywhere shows in this chart's toolbar.
    signal.addEventListener(
      'abort',
      onDrawingKindsChange(() => {
        this.requestUpdate();
        this.#view.renderer?.invalidateOverlay(); // drawings of a kind registered just now get painted
      }),
    );
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#connection?.abort();
    // The notice's timer would hold a removed chart for its 5 s; a chart put back shows it 5 s more.
    clearTimeout(this.#toastTimer);
  }

  #connection?: AbortController;

  /** Another chart of this one's `sync` group moved its crosshair: this one shows its bar of `time`. */
  showSyncedTime(time: number | null): void {
    // In the actions chunk (chart-actions.ts): at once once it is here (after the first paint), else when it arrives.
    withChartActions((m) => m.showSyncedTime(this.#deps, time));
  }

  /**
   * The agent access the `agent` attribute grants (case and spaces aside). An unknown value grants
   * none and is reported: `agent="readonly"` must not leave a model free to change the chart.
   */
  #agentMode(): 'off' | 'read-only' | 'full' {
    const value = String(this.agent ?? '')
      .trim()
      .toLowerCase();
    if (value === '' || value === 'full') return 'full';
    if (value === 'read-only' || value === 'off') return value;
    this.#badAttribute('agent', 'full, read-only or off (the agent is off until then)', this.agent);
    return 'off';
  }

  /** Whether `value` is one of `attribute`'s values (attribute-values.ts); if not, reports it. */
  #knownValue(attribute: EnumAttribute, value: unknown): boolean {
    if (isAttributeValue(attribute, value)) return true;
    this.#badAttribute(attribute, describeAttributeValues(attribute), value);
    return false;
  }

  #badAttribute(name: string, expected: string, value: unknown): void {
    const text = String(value);
    this.#emit('kline-error', {
      code: 'invalid_attribute',
      message: `${name}: expected ${expected}, got '${text.length > 40 ? `${text.slice(0, 40)}…` : text}'.`,
    });
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // Panels in other windows are checked against the attribute per message. A lazy chunk (chart-actions.ts
    // loads it): only pages that let other windows connect load it, also when they name the origins after the chart connected;
    // it serves once the chart replies to a handshake at once (agent-port-controller.ts).
    if (changed.has('agentOrigins') && this.agentOrigins.trim())
      void Promise.all([loadChartActions(), this.#agentPorts.ready()]).then(([m]) => m.serveFrames());
    if (changed.has('agent') || changed.has('agentTools')) {
      const allow = this.agentTools.trim()
        ? this.agentTools
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : null;
      const before = this.#core.policy.agent;
      const agent = this.#agentMode();
      this.#core.setPolicy({ agent, allow });
      if (agent === 'off') this.#agentPorts.closeAll();
      else if (before === 'off') this.#agentPorts.reannounce();
    }
    this.#data.willUpdate(changed);
    // Attributes seed the settings; the settings dialog and settings_update change them afterwards.
    const patch: Record<string, string> = {};
    if (changed.has('theme') && this.#knownValue('theme', this.theme)) patch.theme = this.theme;
    if (changed.has('colorConvention') && this.#knownValue('color-convention', this.colorConvention))
      patch.colorConvention = this.colorConvention;
    if (changed.has('indicatorConvention')) {
      const convention = this.indicatorConvention || 'auto';
      if (convention === 'auto' || isIndicatorConvention(convention)) patch.indicatorConvention = convention;
      else
        this.#emit('kline-error', {
          code: 'invalid_attribute',
          message: `indicator-convention: expected auto, ${INDICATOR_CONVENTIONS.join(', ')}`,
        });
    }
    // A value the chart does not know falls back to the default, reported (not a silent other mode).
    if (changed.has('toolbar') && !this.#knownValue('toolbar', this.toolbar)) this.toolbar = 'full';
    if (changed.has('wheel') && !this.#knownValue('wheel', this.wheel)) this.wheel = 'zoom';
    if (changed.has('live') && !this.#knownValue('live', this.live)) this.live = 'auto';
    if (changed.has('height') && !applyHeightAttribute(this, this.height))
      this.#badAttribute('height', 'a CSS length (480px is used)', this.height);
    // Not a positive number of milliseconds: the default wait applies (host-answer.ts), reported.
    const wait: unknown = this.dataRequestTimeout;
    if (
      changed.has('dataRequestTimeout') &&
      wait !== null &&
      wait !== undefined &&
      !(typeof wait === 'number' && Number.isFinite(wait) && wait > 0)
    )
      this.#badAttribute(
        'data-request-timeout',
        'a positive number of milliseconds (30000 is used)',
        this.getAttribute('data-request-timeout') ?? wait,
      );
    if (changed.has('timezone') && this.timezone !== undefined) patch.timezone = this.timezone;
    if (changed.has('locale')) {
      const fallback = (typeof navigator !== 'undefined' ? navigator.language : '') || 'en';
      // `zh_CN`, as a CMS or a POSIX locale writes it, is `zh-CN` (as components/i18n reads it).
      let locale = (this.locale || fallback).trim().replace(/_/g, '-');
      try {
        Intl.getCanonicalLocales(locale);
      } catch {
        this.#badAttribute('locale', 'a BCP-47 tag such as en, zh-CN or ja', this.locale);
        locale = fallback;
      }
      patch.locale = locale;
    }
    if (Object.keys(patch).length) this.#applySettingsAttributes(patch);
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (!this.#initialIndicators) {
      this.#initialIndicators = true;
      // The saved layout (if any) replaces what the attribute set up, so it is restored after it; until it is
      // on the chart no bars are painted, so its scale, studies and view show from the first frame whichever of
      // its chunk and the data arrives first (test/browser/kline-chart/scale-chunk.test.ts).
      const held = this.#view.held;
      held.set(!!this.persistKey);
      this.#studiesReady = this.#applyIndicatorsAttribute().then(() => this.#autosave.start());
      void this.#studiesReady.finally(() => held.set(false)).catch(() => undefined);
    } else if (changed.has('indicators')) {
      // A CMS or framework that changes the attribute later gets the new list (an invalid one changes nothing).
      this.#studiesReady = this.#applyIndicatorsAttribute(true);
    }
    this.#data.updated(changed);
  }

  override render() {
    if (this.toolbar === 'full') this.#loadPicker();
    const s = this.#core.store.state;
    const series = s.series.get();
    const target = s.target.get();
    // `source="custom"` waits for the host's `setBars` (chart-data-controller.ts): loading, not empty,
    // until bars it gave were refused (the status line then says why).
    const loading = s.loading.get() || (!series && this.source === HOST_SOURCE_ID && !this.#lastError);
    const strings = chartStrings(this.#lang());
    const clock = this.#view.clock;
    const specs = this.#view.specs;
    const titles = this.#titles();
    // Toolbar, menus and dialogs in their words' direction, not the page's (the plot stays ltr).
    return html`<div class=${this.#overflow.compact ? 'root compact' : 'root'} dir=${localeDirection(this.#lang())}>
      ${renderToolbar(
        {
          mode: this.toolbar,
          symbol: target?.symbol ?? this.symbol,
          period: target?.period ?? (isPeriod(this.period) ? this.period : null),
          canUndo: this.#core.store.history.canUndo,
          canRedo: this.#core.store.history.canRedo,
          searchOpen: this._search.open,
          searchMode: this._search.mode,
          searchBox:
            this._search.open && this.#deps.search
              ? this.#deps.search.renderSearchBox(this, this.#deps, strings)
              : nothing,
          strings,
          compact: this.#overflow.fold === 3,
          compareInMenu: this.#overflow.fold >= 2,
        },
        {
          setPeriod: (period) => void this.#runUserTool('chart_set_period', { period }),
          toggleSearch: (mode) => void this.#act('searchFailed', undefined, (m, x) => m.toggleSearch(this, x, mode)),
          undo: () => this.undo(),
          redo: () => this.redo(),
        },
        html`<kline-indicator-picker exportparts=${PICKER_PARTS} .definitions=${this.toolbar === 'full' ? this.#core.indicatorRegistry.entries() : []} locale=${this.#lang()}
            @indicator-pick=${(e: CustomEvent<{ definitionId: string }>) => void this.#runUserTool('indicators_add', { definitionId: e.detail.definitionId })}
            ><button class="picker-fallback" disabled aria-hidden="true"><span translate="no">ƒx</span> ${pickerStrings(this.#lang()).button}</button></kline-indicator-picker>
          ${this.#overflow.fold === 0 ? this.#renderExtraButtons(strings) : nothing}
          ${this.#overflow.compact ? this.#renderActiveTool() : nothing}
          ${this.#overflow.fold > 0 ? this.#renderOverflowMenu(strings) : nothing}`,
      )}
      <div class="body">
      ${this.toolbar === 'full' && !this.#overflow.compact ? this.#renderDrawingToolbar() : nothing}
      <div class="main">
        <div class="panes" part="panes" role="img" aria-label=${`${this.#a11y.regionLabel()}. ${strings.tableHint}`}></div>
        ${this.#renderDrawingEditor()}
        <div class="legend" part="legend" ?hidden=${!s.settings.get().legend}>${watchSignal(this.#legend)}</div>
        ${watchSignal(this.#paneLegends)}
        ${watchSignal(this.#latest)}
        ${watchSignal(this.#autoScale)}
        ${this.#deps.popover?.renderChartSettings(this, this.#deps) ?? nothing}
        ${this.#a11y.tableShown && this.#a11y.dataTable ? this.#a11y.dataTable.renderDataTable({ series, view: s.view.get(), specs, titles, clock, strings, locale: this.#lang() }) : nothing}
        <div class="sr-only" part="live" role="status" aria-live="polite">${this.#a11y.announcer.text}</div>
        ${this.#core.loadingOlder ? html`<div class="history-loading" role="status">${strings.loadingHistory}</div>` : nothing}
        ${!series && loading ? html`<div class="status">${strings.loading}</div>` : nothing}
        ${!series && !loading && this.#lastError ? html`<div class="status error" role="alert">${this.#lastError}</div>` : nothing}
        ${this._toast ? html`<div class="toast" role="status">${typeof this._toast === 'string' ? this._toast : this._toast()}</div>` : nothing}
        ${this.#renderPersistToast()}
        ${this.#contextMenu.render()}
        ${this.#deps.replayUi?.render() ?? nothing}
      </div>
      </div>
      ${this.#deps.shortcuts?.renderChartShortcuts(this, this.#deps) ?? nothing}
      <kline-command-palette exportparts=${PALETTE_PARTS} .chart=${this} locale=${this.#lang()}></kline-command-palette>
      <kline-settings-dialog exportparts=${SETTINGS_PARTS} .chart=${this} locale=${this.#lang()}></kline-settings-dialog>
    </div>`;
  }

  #lastError = '';

  /** The notice that a layout could not be saved (its code comes with the storage chunk). */
  #renderPersistToast() {
    const { toast, storage } = this.#autosave;
    if (!toast || !storage?.unsaved) return nothing;
    return toast.renderPersistToast(this.#lang(), storage, `${this.persistKey || 'layout'}.json`, this.renderRoot);
  }

  /** Comparison lines in the theme's shade of their colour (4.5:1 on the background), as the canvas paints them. */
  #themedComparisons() {
    const theme = this.#view.theme;
    const lines = this.#core.comparisons.lines.get();
    return theme ? lines.map((l) => ({ ...l, color: comparisonColor(theme, l.color) })) : lines;
  }

  /**
   * Re-reads the `--kline-*` colours into the canvas. Changes to `<head>`'s style sheets, to this
   * element's class and style, to the class or `data-theme` of any ancestor (`<html>`, `<body>`, a
   * wrapper, a shadow host), to an ancestor's style that sets a custom property, and to the
   * colour-scheme and contrast preferences are seen on their own (components/theme-watcher.ts); call
   * this after changing `adoptedStyleSheets` or a `<style>` inside a shadow root.
   */
  refreshTheme(): void {
    this.#view.applyTheme();
  }

  /** The bar under the pointer, read by tests and the tooltip; the legend follows it once per frame. */
  get _hover(): number | null {
    return this.#hoverFrame ? this.#hoverNext : Signal.subtle.untrack(() => this.#hover.get());
  }

  /** Pointer moves can outnumber frames: the legend takes the last index, once per frame. */
  #hoverSoon(index: number | null): void {
    this.#hoverNext = index;
    if (this.#hoverFrame) return;
    this.#hoverFrame = requestAnimationFrame(() => {
      this.#hoverFrame = 0;
      this.#hover.set(this.#hoverNext);
    });
  }

  /** A pane as the legend names it: the symbol for the price pane, else its studies' titles. */
  #paneName(paneId: string): string {
    const s = this.#core.store.state;
    if (paneId === 'price') return s.series.get()?.instrument.symbol ?? paneId;
    const titles = this.#titles();
    const inPane = s.indicators.get().filter((i) => i.paneId === paneId);
    return inPane.map((i) => titles.get(i.instanceId)).join(', ') || paneId;
  }

  #titles(): Map<string, string> {
    this.#core.store.state.settings.get(); // labels follow the indicator convention setting
    return new Map(
      this.#core.store.state.indicators
        .get()
        .map((i) => [i.instanceId, this.#core.indicators.label(i.instanceId) ?? i.definitionId] as const),
    );
  }

  /** The locale's number formats for the legends (i18n: prices in the instrument's precision). */
  #legendFormat() {
    const s = this.#core.store.state;
    return {
      locale: this.#lang(),
      pricePrecision: s.series.get()?.instrument.pricePrecision,
      redUp: s.settings.get().colorConvention === 'red-up',
    };
  }

  #renderLegend() {
    const s = this.#core.store.state;
    const series = s.series.get();
    const hover = this.#hover.get();
    const strings = chartStrings(this.#lang());
    const format = this.#legendFormat();
    // Read before the comparisons: the specs follow the theme, so a theme change re-renders the legend.
    const specs = this.#view.specs;
    const lines = this.#themedComparisons();
    return html`${s.settings.get().legendMode !== 'tooltip' ? renderPriceLegend(series, hover, this.#view.clock, strings, format) : nothing}
      ${specs[0]?.series.length ? html`<div class="row">${renderSeriesValues(specs[0], hover, this.#titles(), this.#legendActions(false), format, strings, true)}</div>` : nothing}
      ${
        // Comparisons show percent from the first visible bar: only they make the legend follow the view.
        s.comparisons.get().length
          ? this.#renderComparisons(lines, hover, s.view.get(), {
              label: strings.removeComparison,
              remove: (symbol) => void this.#runUserTool('comparison_remove', { symbol }),
              lead: !specs[0]?.series.length,
            })
          : nothing
      }`;
  }

  /**
   * The comparisons' legend once its chunk is here (comparison-legend.ts): it starts loading when the
   * first comparison is added, beside the comparison's data. A chunk that cannot be fetched leaves the lines
   * drawn without it and says so once; the next comparison added tries again.
   */
  #renderComparisons(...args: Parameters<ComparisonLegendModule['renderComparisonValues']>) {
    const legend = this.#deps.comparisonLegend.get();
    if (legend) return legend.renderComparisonValues(...args);
    const entries = this.#core.store.state.comparisons.get();
    if (this.#comparisonLegendTried !== entries) {
      this.#comparisonLegendTried = entries;
      // After this render: with both chunks here the legend's signal is set at once, which a render must not do.
      queueMicrotask(() => void this.#act('comparisonsFailed', undefined, (m, x) => m.loadComparisons(x)));
    }
    return nothing;
  }
  /** The comparisons for which the legend's chunk was last asked for (one try, and one notice, per change). */
  #comparisonLegendTried: unknown;

  #renderPaneLegends() {
    const specs = this.#view.specs;
    const tops = this.#paneTops.get();
    if (specs.length < 2) return nothing;
    const hover = this.#hover.get();
    const titles = this.#titles();
    const format = this.#legendFormat();
    const strings = chartStrings(this.#lang());
    // The legends are one Tab stop from the first paint: the first control (as the roving-focus chunk would have it).
    // A comparisons legend whose chunk is not here yet (or could not be fetched) has no control to lead with.
    let lead =
      !specs[0].series.length && !(this.#core.comparisons.lines.get().length && this.#deps.comparisonLegend.get());
    return specs.slice(1).map((spec) => {
      if (!tops.has(spec.id)) return nothing;
      const legend = html`<div class="pane-legend" data-pane-id=${spec.id} ${styleProps({ top: `${(tops.get(spec.id) ?? 0) + 2}px` })}>${renderSeriesValues(spec, hover, titles, this.#legendActions(true), format, strings, lead)}</div>`;
      lead &&= !spec.series.length;
      return legend;
    });
  }

  /** `updateComplete` also waits for the data table's code when a shown table is still loading it (`?.`: Lit may ask before the constructor has made the controller). */
  protected override async getUpdateComplete(): Promise<boolean> {
    let done = await super.getUpdateComplete();
    for (let load = this.#a11y?.tableLoad; load; load = this.#a11y.tableLoad) {
      await load;
      done = await super.getUpdateComplete();
    }
    return done;
  }

  /** Shows or hides the data table, the canvases' text alternative (the `t` key on the chart does the same). */
  toggleDataTable(show?: boolean): void {
    this.#a11y.toggleTable(show);
  }

  /**
   * Opens the keyboard shortcut list (the `?` key on the chart); focus returns where it was when it closes.
   * Its code is a chunk: when it cannot be fetched a notice says so and this resolves (the next call tries again).
   */
  showShortcuts(): Promise<void> {
    // Where focus returns: the control focused now (inside shadow roots), not when the chunk arrives.
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return this.#act('shortcutsFailed', undefined, (m, x) => m.showShortcuts(this, x, active));
  }

  /** Styles of a lazy chunk join the chart's own adopted sheets (CSP-safe: no <style> element). */
  #adoptStyles(styles: CSSResult): void {
    const root = this.shadowRoot;
    const sheet = styles.styleSheet;
    if (sheet && root && !root.adoptedStyleSheets.includes(sheet))
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  }

  /** The catalogue tag the chart speaks (its `locale` setting resolved, components/i18n/). */
  #lang(): string {
    return this.#i18n.tag;
  }

  #emit(type: string, detail: unknown): void {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  /** Settles when the studies the attribute or the saved layout name are on the chart. */
  #studiesReady: Promise<void> = Promise.resolve();
  /** Bumped per `indicators` value, so a list whose studies arrive after a newer one's is dropped. */
  #indicatorsApplied = 0;

  /**
   * Applies the `indicators` value. The first one sets the chart up (bad pieces are reported, the rest
   * added); a later one (`keepOnError`) replaces the studies only when all of it is valid, else
   * `kline-error` `invalid_attribute` and the studies stay.
   */
  #applyIndicatorsAttribute(keepOnError = false): Promise<void> {
    const raw: unknown = this.indicators;
    const turn = ++this.#indicatorsApplied;
    if (raw !== null && raw !== undefined && typeof raw !== 'string') {
      this.#badAttribute('indicators', 'a list such as MA(5,20),VOL,MACD (the studies stay)', raw);
      return Promise.resolve();
    }
    const text = raw ?? '';
    const registry = this.#core.indicatorRegistry;
    // Parse errors are reported through the core (`kline-error`).
    const apply = () => {
      if (turn === this.#indicatorsApplied) this.#core.indicators.applyIndicatorList(text, { keepOnError });
    };
    // Studies not in the bundle itself, and the convention forms they follow here (MACD's tdx form on
    // a zh page), load first (a chunk each); unknown ids are reported by the parse. The settings
    // attributes' own wait (a locale or convention change) comes first: the list is read under them.
    const step = (): Promise<void> | void => {
      if (turn !== this.#indicatorsApplied) return;
      // Then, for a list it refuses, the words of a refused parameter (a chunk).
      const loading =
        loadStudies(registry, studiesOfList(text, this.#core.indicators.chartConvention())) ??
        this.#core.indicators.loadRefusalWords(text);
      if (!loading) return apply();
      return loading.then(step, (error: unknown) => {
        this.#emit('kline-error', { code: 'invalid_indicator', message: `indicators attribute: ${String(error)}` });
        apply();
      });
    };
    if (this.#settingsQueue) return this.#settingsQueue.then(step);
    return Promise.resolve(step());
  }

  /** Settings patches of attributes waiting for study code, in order; null when none waits. */
  #settingsQueue?: Promise<void> | null;

  /**
   * Writes what the attributes set into the settings. When that changes the convention the active
   * studies follow (`indicator-convention`, or `locale` under `auto`), their forms under it load
   * first (chunks, issue #12), so no frame shows another convention's values; a later patch waits its
   * turn. A form that cannot be fetched is reported (`kline-error`) and the patch applied: the study
   * then shows no values rather than the wrong convention's.
   */
  #applySettingsAttributes(patch: Record<string, string>): void {
    const apply = () => {
      try {
        this.#core.settings.apply(patch, 'attributes', false);
      } catch (error) {
        this.#emit('kline-error', { code: 'invalid_attribute', message: (error as Error).message });
      }
    };
    const store = this.#core.store;
    const load = () =>
      loadStudies(
        this.#core.indicatorRegistry,
        studiesForSettings(store.peek('indicators'), store.peek('settings'), patch),
      );
    const loading = this.#settingsQueue ? this.#settingsQueue.then(load) : load();
    if (!loading) return apply();
    const queued = loading.then(apply, (error: unknown) => {
      this.#emit('kline-error', {
        code: 'invalid_indicator',
        message: `${Object.keys(patch).join(', ')}: ${String(error)}`,
      });
      apply();
    });
    this.#settingsQueue = queued;
    void queued.then(() => {
      if (this.#settingsQueue === queued) this.#settingsQueue = null;
    });
    this.#studiesReady = Promise.all([this.#studiesReady, queued]).then(() => undefined);
  }

  /** `live="on"` always streams, `off` never; `auto` (default) streams every source but the static sample and files. */
  #wantsLive(sourceId: string): boolean {
    if (this.live === 'on') return true;
    if (this.live === 'off') return false;
    return !['sample', 'csv', 'json', 'custom'].includes(sourceId);
  }

  #legendActions(pane: boolean): IndicatorLegendActions {
    const paneOf = (id: string) => this.#core.store.peek('indicators').find((i) => i.instanceId === id)?.paneId ?? '';
    return {
      open: (id, rect) => this.#openSettings(id, rect),
      remove: (id) => void this.#runUserTool('indicators_remove', { instanceId: id }),
      ...(pane
        ? {
            moveUp: (id: string) => void this.#runUserTool('pane_move', { paneId: paneOf(id), direction: 'up' }),
            moveDown: (id: string) => void this.#runUserTool('pane_move', { paneId: paneOf(id), direction: 'down' }),
          }
        : {}),
    };
  }

  /** The study's settings popover: it and its element are a chunk (issue #12), shown once it is here (a notice when it cannot be fetched; the next press tries again). */
  #openSettings(instanceId: string, rect: DOMRect): void {
    void this.#act('studySettingsFailed', undefined, (m, x) => m.openStudySettings(this, x, instanceId, rect));
  }

  /** The palette, settings, shortcuts and data table buttons (in the "More" menu when the row is short). */
  #renderExtraButtons(strings: ReturnType<typeof chartStrings>) {
    return html`<span class="sep"></span>
          <button part="palette-button" title=${`${strings.commands} (Ctrl/Cmd+K)`} aria-keyshortcuts="Control+K Meta+K" aria-haspopup="dialog" @click=${() => void this.openCommandPalette()}>⌘K<span class="sr-only"> ${strings.commands}</span></button>
          <button part="settings-button" aria-label=${strings.settings} title=${strings.settings} aria-haspopup="dialog" @click=${() => void this.openSettings()}>⚙</button>
          <button part="shortcuts-button" aria-label=${strings.shortcuts} title=${`${strings.shortcuts} (?)`} aria-keyshortcuts="?" aria-haspopup="dialog" @click=${() => void this.showShortcuts()}>?</button>
          <button part="data-table-button" aria-pressed=${this.#a11y.tableShown ? 'true' : 'false'} title=${`${strings.dataTable} (t)`} aria-keyshortcuts="T" @click=${() => this.toggleDataTable()}>${strings.dataTable}</button>
          <button part="replay-button" aria-label=${strings.barReplay} title=${strings.barReplay} aria-pressed=${this.#replaying() ? 'true' : 'false'} @click=${() => this.#toggleReplay()}>${lineIcon(svg`<path d="M3 3v10M13 3L6 8l7 5z"/>`)}</button>
          <button part="save-image-button" aria-label=${strings.saveImage} title=${`${strings.saveImage} (Ctrl/Cmd+Alt+S)`} aria-keyshortcuts="Control+Alt+S Meta+Alt+S" @click=${() => void this.saveImage()}>${lineIcon(svg`<path d="M2 5h3l1.5-2h3L11 5h3v8H2zM8 7a2.2 2.2 0 100 4.4A2.2 2.2 0 008 7z"/>`)}</button>
          <button part="copy-image-button" aria-label=${strings.copyImage} title=${`${strings.copyImage} (Ctrl/Cmd+Shift+S)`} aria-keyshortcuts="Control+Shift+S Meta+Shift+S" @click=${() => void this.copyImage()}>${lineIcon(svg`<path d="M5.5 3H3v11h10V3h-2.5M5.5 2h5v2.5h-5z"/>`)}</button>
          <button part="fullscreen-button" aria-label=${strings.fullScreen} title=${`${strings.fullScreen} (Shift+F)`} aria-keyshortcuts="Shift+F" aria-pressed=${this.fullscreen ? 'true' : 'false'} ?disabled=${!document.fullscreenEnabled} @click=${() => void this.toggleFullscreen()}>${lineIcon(svg`<path d="M2 6V2h4M14 6V2h-4M2 10v4h4M14 10v4h-4"/>`)}</button>`;
  }

  /** The "More" button; its open menu is made in the menu's chunk from what this hands over. */
  #renderOverflowMenu(strings: ReturnType<typeof chartStrings>) {
    return renderOverflowMenu(this.#overflow, strings.more, { chart: this, deps: this.#deps });
  }

  /** The replay button: choose a start bar, or leave the replay. */
  #toggleReplay(): void {
    void this.#withReplay(() => (this.#deps.replayUi?.toggle(), true));
  }

  /** Bar replay is on, or its start bar is being chosen. */
  #replaying(): boolean {
    return !!this.#core.store.state.replay.get() || !!this.#deps.replayUi?.picking;
  }

  /** What the drawing bar's and the "More" menu's drawing items do (the drawing layer's methods). */
  #drawingActions(): DrawingToolbarActions {
    const d = this.#drawings;
    return {
      setTool: (t, byKeyboard) => {
        d.setTool(t);
        if (byKeyboard && isDrawingKind(t)) this.#keyDrawing.begin(t);
      },
      setMagnet: (on) => d.setMagnet(on),
      copy: () => void d.copySelection(),
      delete: () => void d.deleteSelection(),
    };
  }

  #renderDrawingToolbar() {
    const d = this.#drawings;
    const bar = this.#bar;
    // Until its chunk is here, an empty bar keeps its width (kline-chart.styles.ts), so nothing moves.
    if (!bar) return (this.#loadBar(), html`<div class="drawing-toolbar" part="drawing-toolbar"></div>`);
    return bar.renderDrawingToolbar(
      {
        tool: d.tool,
        magnet: d.magnet,
        hasSelection: this.#core.store.state.drawingSelection.get().length > 0,
        strings: bar.drawingStrings(this.#lang()),
        fold: this.#barFold,
      },
      {
        ...this.#drawingActions(),
      },
    );
  }

  /** A compact chart's active tool (its drawing tools are in the "More" menu), once the bar's chunk is here. */
  #renderActiveTool() {
    const tool = this.#drawings.tool;
    if (tool === 'select' || !tool) return nothing;
    if (!this.#bar) return (this.#loadBar(), nothing);
    return this.#bar.renderActiveTool(tool, this.#bar.drawingStrings(this.#lang()), () => {
      this.#drawings.setTool('select');
      this.#deps.focusPart('more-button');
    });
  }

  #loadBar(): Promise<void> {
    return (this.#barLoad ??= import('../drawing-toolbar/drawing-bar-parts.js').then(
      (module) => {
        this.#adoptStyles(module.drawingToolbarStyles);
        this.#barFold = new module.DrawingBarFold(this);
        this.#bar = module;
        this.requestUpdate();
      },
      (error: unknown) => {
        this.#barLoad = null;
        console.warn('kline-chart: the drawing bar could not be loaded', error);
      },
    ));
  }

  /** The selected drawing's editor, once its chunk is here (the first selection loads it). */
  #renderDrawingEditor() {
    const target = this.#drawings.editorTarget();
    if (!target) return nothing;
    const editor = this.#deps.editor;
    if (!editor) {
      withChartActions((m) => m.loadEditor(this, this.#deps));
      return nothing;
    }
    return editor.renderDrawingEditor(
      { target, strings: editor.drawingStrings(this.#lang()) },
      { edit: (id, change) => void this.#drawings.edit(id, change) },
    );
  }

  #announceReady(): void {
    if (this.#ready) return;
    this.#ready = true;
    // A toolbar's indicator picker and drawing tools are in the page by then, so a host (or a test) can script them on
    // ready; so is every built-in tool, whose chunk is fetched after the first paint (issue #12).
    // In a task of its own, so fetching and compiling them never shares the first paint's task.
    const tools = new Promise<void>((resolve) => setTimeout(resolve, 0))
      .then(() =>
        Promise.all([
          this.#core.tools.ready(),
          this.#agentPorts.ready(), // from then on a panel's handshake is answered at once
          // The legends become one Tab stop (arrows move between their controls): a chunk of its own.
          // With the chart's actions (chart-actions.ts), so a user's first action finds them here.
          loadChartActions().then((m) => void new m.LegendRoving(this)),
        ]),
      )
      .catch((error: unknown) => {
        console.warn('kline-chart: the chart tools could not be loaded', error);
      });
    void Promise.all([this.#pickerLoad, tools]).then(() => this.#emit('kline-ready', { chartId: this.id }));
  }

  /**
   * The indicator picker and the drawing layer's interaction and painter are chunks of their own
   * (issue #12): a full toolbar, which offers both, loads them with its first render, in parallel
   * with the data (a chart without it loads the drawing parts when it first has a drawing). The
   * `<kline-indicator-picker>` upgrades when its chunk arrives. Until then its light-DOM child, a
   * disabled copy of its button styled by the toolbar, holds its place (an upgraded picker has no
   * slot, so the copy is not rendered), so nothing moves when it arrives. Its chunk is asked for once
   * the studies' names are in (or could not be fetched), so an open picker never lists only the loaded few.
   */
  #loadPicker(): void {
    if (this.#pickerLoad) return;
    const names = this.#core.indicatorRegistry.loadIndex().catch(() => undefined);
    this.#pickerLoad = Promise.all([
      names.then(() => import('../indicator-picker/define.js')),
      loadDrawingLayerParts(),
    ]).catch((error: unknown) => {
      this.#pickerLoad = null;
      console.warn('kline-chart: the toolbar could not load its parts', error);
    });
  }

  #fail(code: string, raw: string, line?: number, detail?: Record<string, unknown>): void {
    // A symbol, URL or host text inside it may hold a bidi control that would reorder the rest of the line.
    const message = stripBidiControls(raw);
    // People read it in the chart's language (English keeps the detailed message); the event keeps the message.
    const known = chartStrings(this.#lang()).loadErrors as Readonly<Record<string, string>>;
    const shown = this.#lang() !== 'en' ? (known[code] ?? known.load_failed) : message;
    this.#lastError = shown;
    this.#emit('kline-error', { code, message, ...(line !== undefined ? { line } : {}), ...detail });
    if (this.#core.store.peek('series')) this.#showToast(shown);
    this.requestUpdate();
  }

  #toastTimer?: number;

  #showToast(message: string | (() => string)): void {
    this._toast = message;
    clearTimeout(this.#toastTimer);
    this.#toastTimer = window.setTimeout(() => (this._toast = ''), 5000);
  }

  async #runUserTool(name: string, input: unknown): Promise<ToolResult> {
    const result = await this.#core.tools.execute(name, input, { origin: 'user' });
    if (!result.success) this.#showToast(toolErrorForPeople(this.#lang(), result.error));
    return result;
  }

  /**
   * `act` with the chart's actions chunk (chart-actions.ts) once it is here, in the order asked for. When it
   * cannot be fetched, a notice in the chart's language says so (`failed`, also on the console) and this
   * resolves `fallback`, and the next call fetches again (lazyModule). An error of `act` itself is no fetch
   * failure: it rejects with that error.
   */
  #act<R>(
    failed: ChunkFailure,
    fallback: R,
    act: (m: ChartActions, x: ChartInsides) => R | PromiseLike<R>,
  ): Promise<R> {
    return withChunk(this.#deps, loadChartActions, failed, (m) => act(m, this.#deps), fallback);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'kline-chart': KlineChart;
  }
}

/** Compile-time only: the enum properties' types are attribute-values.ts's lists. */
export type _KlineChartAttributeTypes = [
  Holds<Exact<KlineChart['theme'], AttributeValue<'theme'>>>,
  Holds<Exact<KlineChart['colorConvention'], AttributeValue<'color-convention'>>>,
  Holds<Exact<KlineChart['toolbar'], AttributeValue<'toolbar'>>>,
  Holds<Exact<KlineChart['wheel'], AttributeValue<'wheel'>>>,
  Holds<Exact<KlineChart['live'], AttributeValue<'live'>>>,
];
