import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { styleMap } from 'lit/directives/style-map.js';
import { SignalWatcher } from '../signals/signal-watcher.js';
import { watchSignal } from '../signals/watch-signal.js';
import { Signal } from 'signal-polyfill';
import type { ChartContext } from '../../src/protocol/index.js';
import { ChartCore } from '../../src/core/commands/chart-core.js';
import {
  createBinanceSource,
  isPeriod,
  type Bar,
  type Bars,
  type DataSource,
  type Period,
} from '../../src/core/data/index.js';
import { INDICATOR_CONVENTIONS, isIndicatorConvention } from '../../src/core/indicators/index.js';
import type { ReadOnlySignal } from '../../src/core/store/index.js';
import type { HostToolDefinition, ToolEntry, ToolExecuteOptions } from '../../src/core/tools/index.js';
import type { ToolResult } from '../../src/protocol/index.js';
import { klineChartStyles } from './kline-chart.styles.js';
import { OverlayLayerController } from './overlay-layer-controller.js';
import type { ChartPrimitive } from './chart-primitive.js';
import type { IndicatorDefinition } from '../../src/core/indicators/index.js';
import { renderComparisonValues, renderPriceLegend, renderSeriesValues } from './chart-legend.js';
import { renderToolbar } from './chart-toolbar.js';
import { chartStrings } from './chart-strings.js';
import { DrawingLayerController } from './drawing-layer-controller.js';
import type { KlineChartEventDetails } from './kline-chart-events.js';
import '../indicator-picker/define.js';
import type { CommandPalette } from '../command-palette/index.js';
import type { SettingsDialog } from '../settings-dialog/index.js';
// The popover element itself is a lazy chunk: import its model and legend parts, not its index.
import { indicatorSettingsModel } from '../indicator-settings/indicator-settings-model.js';
import { indicatorLegendStyles, type IndicatorLegendActions } from '../indicator-settings/indicator-legend-entry.js';
import { renderDrawingToolbar, drawingStrings, drawingToolbarStyles } from '../drawing-toolbar/index.js';
import { renderDrawingEditor, drawingEditorStyles } from '../drawing-editor/index.js';
import { ChartViewController } from './chart-view-controller.js';
import { PanZoomController } from './pan-zoom-controller.js';
import { LiveFeedController } from './live-feed-controller.js';
import { AgentPortController } from './agent-port-controller.js';
import { LayoutAutosaveController } from './layout-autosave-controller.js';
import { downloadLayout, persistToastStyles, renderPersistToast } from './kline-persist-toast.js';
import { ChartEventsController } from './chart-events-controller.js';
import { ChartDataController, type SetBarsOptions } from './chart-data-controller.js';
import { ChartA11yController } from './chart-a11y-controller.js';
import { renderDataTable } from './chart-data-table.js';

let chartCounter = 0;

/** The registry view a host page uses: list, execute, register. */
export interface ChartToolsApi {
  list(): ToolEntry[];
  execute(name: string, input: unknown, options?: ToolExecuteOptions): Promise<ToolResult>;
  register(definition: HostToolDefinition): () => void;
}

/**
 * A K-line (candlestick) chart rendered with uPlot, whose commands are also tools an agent can call.
 *
 * @summary Candlestick chart with volume, indicators, crosshair legend and an agent port.
 *
 * @attr symbol - Instrument code, e.g. `DEMO`, `BTCUSDT` (default: first instrument of the source).
 * @attr period - `1m` `5m` `15m` `30m` `1h` `4h` `1d` `1w` `1M` (default `1d`).
 * @attr source - `sample`, `csv`, `json`, `binance` or a registered source id (default `sample`).
 * @attr src - URL of the file for `csv` / `json`.
 * @attr indicators - Initial indicators, e.g. `MA(5,20),VOL,MACD(12,26,9)` (default `VOL`).
 * @attr theme - `light` `dark` `auto` (default `auto`).
 * @attr locale - `en` `zh-CN` (default from `navigator.language`).
 * @attr timezone - IANA zone to display in, overriding the data's own.
 * @attr color-convention - `green-up` or `red-up` (default `green-up`).
 * @attr indicator-convention - whose formulas studies follow: `ta-lib`, `tdx` (通达信) or `tradingview`; default `auto` (tdx for zh locales, ta-lib otherwise). A study can name its own: `MACD(12,26,9;tdx)`.
 * @attr toolbar - `full` `minimal` `none` (default `full`).
 * @attr persist-key - Key under which the layout is saved and restored.
 * @attr agent - `off`, `read-only` or `full` (default `full`).
 * @attr agent-tools - Allow-list of tool names or prefixes ending in `*`.
 * @attr agent-origins - Space-separated origins whose windows may connect an agent panel to this chart over postMessage (`<chart-agent-panel for="frame:ID">`); others are ignored and logged.
 * @attr live - Stream live bars: `auto` (every source but the sample and files), `on`, `off`.
 * @attr wheel - Mouse wheel over the plot: `zoom` (default), `ctrl` (zoom only with Ctrl/⌘, otherwise the page scrolls), `off`.
 *
 * @fires kline-ready - The first data has loaded and painted.
 * @fires kline-data-load - Bars were loaded (detail: `{ symbol, period, source, bars }`).
 * @fires kline-context-change - The context snapshot changed (detail: `{ context }`).
 * @fires kline-selection-change - The range selection changed (detail: `{ selection }`).
 * @fires kline-change - One per committed action (detail: `{ action, undoable, replay, symbol, period, source, reason }`; reason `user` `agent` `host` `attribute` `undo` `redo` `live` `history` `load`).
 * @fires kline-data-request - A period or symbol the host's bars cannot provide (cancelable; detail: `{ symbol, period, from?, to?, respondWith(promise of bars) }`).
 * @fires kline-error - A failure the host should know about (detail: `{ code, message }`; bad bars add `index` and `reason`).
 * @fires kline-persist - Before a layout change is saved (detail: `{ document, waitUntil(promise) }`; a rejection rolls the change back).
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
 * @csspart panes - The pane container (canvases).
 * @csspart data-table - The data table of the visible bars (toolbar button "Data table" or the `t` key).
 * @csspart data-table-button - Shows or hides the data table.
 * @csspart live - The visually hidden live region announcing new bars and the keyboard crosshair.
 *
 * @cssprop [--kline-up-color=#26a69a] - Rising candles (falling under `red-up`).
 * @cssprop [--kline-down-color=#ef5350] - Falling candles (rising under `red-up`).
 * @cssprop [--kline-background=#ffffff] - Chart background.
 * @cssprop [--kline-text-color=#131722] - Text colour.
 * @cssprop [--kline-grid-color] - Grid lines.
 * @cssprop [--kline-axis-color=#6a6d78] - Axis labels.
 * @cssprop [--kline-crosshair-color=#9598a1] - Crosshair.
 * @cssprop [--kline-border-color=#e0e3eb] - Borders and separators.
 * @cssprop [--kline-accent-color=#2962ff] - Focus and active controls.
 * @cssprop [--kline-font] - Axis and legend font.
 */
export class KlineChart extends SignalWatcher(LitElement) {
  static override styles = [
    ...klineChartStyles,
    drawingToolbarStyles,
    drawingEditorStyles,
    indicatorLegendStyles,
    persistToastStyles,
  ];

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
    _search: { state: true },
    _toast: { state: true },
    _settings: { state: true },
  };

  /** Instrument code. */
  symbol = '';
  /** Bar period. */
  period: string = '1d';
  /** Data source id the host named (empty: `sample`, or the host's own bars after `setBars`). */
  source = '';
  /** File URL for `csv` / `json` sources. */
  src = '';
  /** Initial indicators. */
  indicators = 'VOL';
  /** `light`, `dark` or `auto`. */
  theme: 'light' | 'dark' | 'auto' = 'auto';
  /** `en` or `zh-CN`. */
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

  declare _search: {
    open: boolean;
    mode: 'symbol' | 'compare';
    results: { qualifiedSymbol: string; name: string; exchange: string }[];
  };
  declare _toast: string;
  declare _settings: { instanceId: string; x: number; y: number; error: string } | null;

  readonly #core: ChartCore;
  /** The bar under the crosshair (null: none; the legend then shows the last bar). */
  readonly #hover = new Signal.State<number | null>(null);
  #hoverNext: number | null = null;
  #hoverFrame = 0;
  /** Each pane's top in CSS px after the last layout (pane legends sit there). */
  readonly #paneTops = new Signal.State<ReadonlyMap<string, number>>(new Map());
  /**
   * The legends, as computed templates bound with `watchSignal()`: a crosshair move or a new bar updates
   * only them, never the element's template; a pan changes neither (docs/architecture.md).
   */
  readonly #legend = new Signal.Computed(() => this.#renderLegend());
  readonly #paneLegends = new Signal.Computed(() => this.#renderPaneLegends());
  readonly #drawings: DrawingLayerController;
  readonly #overlays: OverlayLayerController;
  // Controllers, in the order they attach listeners (the pan/zoom keys before the drawing layer's).
  readonly #events: ChartEventsController;
  readonly #data: ChartDataController;
  readonly #panZoom: PanZoomController;
  readonly #view: ChartViewController;
  readonly #live: LiveFeedController;
  readonly #agentPorts: AgentPortController;
  readonly #autosave: LayoutAutosaveController;
  readonly #a11y: ChartA11yController;
  #ready = false;
  #initialIndicators = false;

  constructor() {
    super();
    this._search = { open: false, mode: 'symbol', results: [] };
    this._toast = '';
    this._settings = null;
    const core = new ChartCore({ chartId: '' });
    this.#core = core;
    // The public Binance market data is always available by name; nothing is fetched until used.
    core.sources.register(createBinanceSource());
    this.#drawings = new DrawingLayerController({
      core,
      theme: () => this.#view.theme!,
      requestUpdate: () => this.requestUpdate(),
      onError: (message) => this.#showToast(message),
    });
    const emit = (type: string, detail: unknown) => this.#emit(type, detail);
    this.#overlays = new OverlayLayerController({
      core,
      theme: () => this.#view.theme!,
      emit,
      tooltipLabels: () => chartStrings(this.#lang()),
    });
    this.#events = new ChartEventsController({ core, emit });
    this.#data = new ChartDataController(this, {
      core,
      emit,
      fail: (code, message, line) => this.#fail(code, message, line),
      loaded: () => {
        this.#lastError = '';
        if (!this.#ready) void this.whenPainted().then(() => this.#announceReady());
      },
    });
    this.#panZoom = new PanZoomController(this, {
      core,
      drawings: this.#drawings,
      plotWidth: () => this.#view.plotWidth(),
      openPalette: () => void this.openCommandPalette(),
      undo: () => this.undo(),
      redo: () => this.redo(),
      wheel: () => this.wheel,
      a11y: {
        stepKeyBar: (delta) => this.#a11y.stepKeyBar(delta),
        clearKeyBar: () => this.#a11y.clearKeyBar(),
        pointerMoved: () => this.#a11y.pointerMoved(),
        toggleTable: () => this.toggleDataTable(),
      },
    });
    this.#view = new ChartViewController(this, {
      core,
      drawings: this.#drawings,
      overlays: this.#overlays,
      onLayout: (offsets) => this.#paneTops.set(offsets),
      onCursor: (index) => {
        this.#hoverSoon(index);
        this.#overlays.cursor(index);
      },
    });
    this.#live = new LiveFeedController(this, {
      core,
      wantsLive: (id) => this.#wantsLive(id),
      requestUpdate: () => this.requestUpdate(),
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
    });
    this.#autosave = new LayoutAutosaveController(this, {
      core,
      key: () => this.persistKey,
      emit,
      requestUpdate: () => this.requestUpdate(),
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
   * Adds custom painting to a pane (`price` by default): `paint(ctx, scales)` runs every frame,
   * clipped to the plot; an optional `hitTest(x, y)` claims pointer presses (`kline-primitive-click`).
   * Returns the function that removes it.
   */
  addPrimitive(primitive: ChartPrimitive, paneId = 'price'): () => void {
    return this.#overlays.addPrimitive(primitive, paneId);
  }

  /** The chart's tools: `list()`, `execute(name, input, options)`, `register(defineTool(...))`. */
  get tools(): ChartToolsApi {
    const registry = this.#core.tools;
    return {
      list: () => registry.list(),
      execute: (name, input, options) => registry.execute(name, input, { origin: 'host', ...options }),
      register: (definition) => registry.register(definition),
    };
  }

  /** Read-only signal of the chart context (`null` while no data is loaded). */
  get context(): ReadOnlySignal<ChartContext | null> {
    return this.#core.context;
  }

  /** The DOM-free core (store, commands, registry). For advanced hosts and tests. */
  get core(): ChartCore {
    return this.#core;
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

  /** Resolves after the canvases have painted the current state. */
  async whenPainted(): Promise<void> {
    await this.#view.whenPainted();
  }

  /** Opens the command palette (also Ctrl/Cmd+K): every tool, with a form generated from its schema. */
  async openCommandPalette(): Promise<void> {
    await import('../command-palette/define.js'); // a chunk of its own, loaded on first use
    await this.updateComplete;
    return this.renderRoot.querySelector<CommandPalette>('kline-command-palette')!.open();
  }

  /** Opens the settings dialog (it writes through settings_update / settings_reset). */
  async openSettings(): Promise<void> {
    await import('../settings-dialog/define.js'); // a chunk of its own, loaded on first use
    await this.updateComplete;
    return this.renderRoot.querySelector<SettingsDialog>('kline-settings-dialog')!.open();
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
  async capture(options: { width?: number; height?: number; lastBars?: number } = {}): Promise<Blob> {
    const canvas = await this.#captureCanvas(options);
    return new Promise((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('capture failed'))), 'image/png'),
    );
  }

  async #captureCanvas(options: { width?: number; height?: number; lastBars?: number }): Promise<HTMLCanvasElement> {
    // A lazy chunk: only captures load the compositor.
    const { captureChart } = await import('./compose-capture.js');
    return captureChart(
      {
        root: this.renderRoot,
        core: this.#core,
        theme: () => this.#view.theme,
        painted: () => this.whenPainted(),
        fallbackTitle: this.symbol,
      },
      options,
    );
  }

  /** `chart_capture`'s renderer: a PNG data URL (JPEG when a PNG would be too large to send) and a thumbnail. */
  readonly #captureForTool = async (request: { width?: number; height?: number; lastBars?: number }) => {
    const { captureForModel } = await import('./compose-capture.js');
    return captureForModel((options) => this.#captureCanvas(options), request);
  };

  override connectedCallback(): void {
    super.connectedCallback();
    // Read at connection time: panels in other windows are checked against the attribute per message.
    // A lazy chunk: only pages that let other windows connect load it.
    if (this.getAttribute('agent-origins')?.trim())
      void import('../../src/frames/serve-frame-connections.js').then((m) => m.serveFrameConnections());
    if (!this.id) this.id = `kline-chart-${++chartCounter}`;
    this.#core.chartId = this.id;
    if (!this.hasAttribute('tabindex')) this.tabIndex = 0;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('agent') || changed.has('agentTools')) {
      const allow = this.agentTools.trim()
        ? this.agentTools
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : null;
      this.#core.setPolicy({ agent: this.agent === 'off' || this.agent === 'read-only' ? this.agent : 'full', allow });
      if (this.agent === 'off') this.#agentPorts.closeAll();
      else if (changed.get('agent') === 'off') this.#agentPorts.reannounce();
    }
    this.#data.willUpdate(changed);
    // Attributes seed the settings; the settings dialog and settings_update change them afterwards.
    const patch: Record<string, string> = {};
    if (changed.has('theme') && ['light', 'dark', 'auto'].includes(this.theme)) patch.theme = this.theme;
    if (changed.has('colorConvention') && ['green-up', 'red-up'].includes(this.colorConvention))
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
    if (changed.has('timezone') && this.timezone !== undefined) patch.timezone = this.timezone;
    if (changed.has('locale'))
      patch.locale = toLocale(this.locale || (typeof navigator !== 'undefined' ? navigator.language : 'en'));
    if (Object.keys(patch).length) {
      try {
        this.#core.settings.apply(patch, 'attributes', false);
      } catch (error) {
        this.#emit('kline-error', { code: 'invalid_attribute', message: (error as Error).message });
      }
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (!this.#initialIndicators) {
      this.#initialIndicators = true;
      this.#applyIndicatorsAttribute();
      this.#autosave.start();
    } else if (changed.has('indicators')) {
      // A CMS or framework that changes the attribute later gets the new list.
      this.#applyIndicatorsAttribute();
    }
    this.#data.updated(changed);
  }

  override render() {
    const s = this.#core.store.state;
    const series = s.series.get();
    const target = s.target.get();
    const loading = s.loading.get();
    const strings = chartStrings(this.#lang());
    const clock = this.#view.clock;
    const specs = this.#view.specs;
    const titles = this.#titles();
    return html`<div class="root">
      ${renderToolbar(
        {
          mode: this.toolbar,
          symbol: target?.symbol ?? this.symbol,
          period: (target?.period ?? (isPeriod(this.period) ? this.period : null)) as Period | null,
          canUndo: this.#core.store.history.canUndo,
          canRedo: this.#core.store.history.canRedo,
          searchOpen: this._search.open,
          searchMode: this._search.mode,
          results: this._search.results,
          strings,
        },
        {
          setPeriod: (period) => void this.#runUserTool('chart_set_period', { period }),
          toggleSearch: (mode = 'symbol') => {
            const open = !(this._search.open && this._search.mode === mode);
            this._search = { open, mode, results: [] };
            if (open) void this.#searchSymbols('');
            else this.#focusPart(mode === 'compare' ? 'compare-button' : 'symbol-button');
          },
          search: (text) => void this.#searchSymbols(text),
          choose: (symbol) => {
            const mode = this._search.mode;
            this._search = { open: false, mode, results: [] };
            this.#focusPart(mode === 'compare' ? 'compare-button' : 'symbol-button');
            // The compare button runs the very method the agent's comparison_create runs.
            void this.#runUserTool(mode === 'compare' ? 'comparison_create' : 'chart_set_symbol', { symbol });
          },
          undo: () => this.undo(),
          redo: () => this.redo(),
        },
        html`<kline-indicator-picker .definitions=${this.#core.indicatorRegistry.list()} locale=${this.#lang()}
            @indicator-pick=${(e: CustomEvent<{ definitionId: string }>) => void this.#runUserTool('indicators_add', { definitionId: e.detail.definitionId })}></kline-indicator-picker>
          <span class="sep"></span>${this.#renderDrawingToolbar()}
          <span class="sep"></span>
          <button part="palette-button" title=${`${strings.commands} (Ctrl/Cmd+K)`} aria-haspopup="dialog" @click=${() => void this.openCommandPalette()}>⌘K<span class="sr-only"> ${strings.commands}</span></button>
          <button part="settings-button" aria-label=${strings.settings} title=${strings.settings} aria-haspopup="dialog" @click=${() => void this.openSettings()}>⚙</button>
          <button part="data-table-button" aria-pressed=${this.#a11y.tableShown ? 'true' : 'false'} title=${`${strings.dataTable} (t)`} @click=${() => this.toggleDataTable()}>${strings.dataTable}</button>`,
      )}
      <div class="main">
        <div class="panes" part="panes" role="img" aria-label=${`${this.#a11y.regionLabel()}. ${strings.tableHint}`}></div>
        ${renderDrawingEditor({ target: this.#drawings.editorTarget(), strings: drawingStrings(this.#lang()) }, { edit: (id, change) => void this.#drawings.edit(id, change) })}
        <div class="legend" part="legend" ?hidden=${!s.settings.get().legend}>${watchSignal(this.#legend)}</div>
        ${watchSignal(this.#paneLegends)}
        ${this.#renderSettingsPopover()}
        ${this.#a11y.tableShown ? renderDataTable({ series, view: s.view.get(), specs, titles, clock, strings }) : nothing}
        <div class="sr-only" part="live" role="status" aria-live="polite">${this.#a11y.announcer.text}</div>
        ${this.#core.loadingOlder ? html`<div class="history-loading" role="status">${strings.loadingHistory}</div>` : nothing}
        ${!series && loading ? html`<div class="status">${strings.loading}</div>` : nothing}
        ${!series && !loading && this.#lastError ? html`<div class="status error" role="alert">${this.#lastError}</div>` : nothing}
        ${this._toast ? html`<div class="toast" role="status">${this._toast}</div>` : nothing}
        ${
          this.#autosave.storage.unsaved
            ? renderPersistToast(this.#lang(), {
                download: () =>
                  downloadLayout(
                    this.#autosave.storage.unsaved!,
                    `${this.persistKey || 'layout'}.json`,
                    this.renderRoot,
                  ),
                dismiss: () => this.#autosave.storage.dismissToast(),
              })
            : nothing
        }
      </div>
      <kline-command-palette .chart=${this} locale=${this.#lang()}></kline-command-palette>
      <kline-settings-dialog .chart=${this} locale=${this.#lang()}></kline-settings-dialog>
    </div>`;
  }

  #lastError = '';

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

  #titles(): Map<string, string> {
    this.#core.store.state.settings.get(); // labels follow the indicator convention setting
    return new Map(
      this.#core.store.state.indicators
        .get()
        .map((i) => [i.instanceId, this.#core.indicators.label(i.instanceId) ?? i.definitionId] as const),
    );
  }

  #renderLegend() {
    const s = this.#core.store.state;
    const series = s.series.get();
    const hover = this.#hover.get();
    const strings = chartStrings(this.#lang());
    const specs = this.#view.specs;
    const lines = this.#core.comparisons.lines.get();
    return html`${s.settings.get().legendMode !== 'tooltip' ? renderPriceLegend(series, hover, this.#view.clock, strings) : nothing}
      ${specs[0]?.series.length ? html`<div class="row">${renderSeriesValues(specs[0], hover, this.#titles(), this.#legendActions(false))}</div>` : nothing}
      ${
        // Comparisons show percent from the first visible bar: only they make the legend follow the view.
        lines.length
          ? renderComparisonValues(lines, hover, s.view.get(), {
              label: strings.removeComparison,
              remove: (symbol) => void this.#runUserTool('comparison_remove', { symbol }),
            })
          : nothing
      }`;
  }

  #renderPaneLegends() {
    const specs = this.#view.specs;
    const tops = this.#paneTops.get();
    if (specs.length < 2) return nothing;
    const hover = this.#hover.get();
    const titles = this.#titles();
    return specs
      .slice(1)
      .map((spec) =>
        tops.has(spec.id)
          ? html`<div class="pane-legend" data-pane-id=${spec.id} style=${styleMap({ top: `${tops.get(spec.id)! + 2}px` })}>${renderSeriesValues(spec, hover, titles, this.#legendActions(true))}</div>`
          : nothing,
      );
  }

  /** Shows or hides the data table, the canvases' text alternative (the `t` key on the chart does the same). */
  toggleDataTable(show?: boolean): void {
    this.#a11y.toggleTable(show);
  }

  /** After a popup closes, focus goes back to the control that opened it (never to <body>). */
  #focusPart(part: string): void {
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>(`[part="${part}"]`)?.focus());
  }

  #lang(): 'en' | 'zh-CN' {
    return this.#core.store.state.settings.get().locale;
  }

  #emit(type: string, detail: unknown): void {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  #applyIndicatorsAttribute(): void {
    // Parse errors are reported through the core (`kline-error`); the valid rest is added.
    this.#core.indicators.applyIndicatorList(this.indicators ?? '');
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
            moveUp: (id: string) => void this.#core.indicators.movePane(paneOf(id), 'up'),
            moveDown: (id: string) => void this.#core.indicators.movePane(paneOf(id), 'down'),
          }
        : {}),
    };
  }

  #openSettings(instanceId: string, rect: DOMRect): void {
    const main = this.renderRoot.querySelector('.main')!.getBoundingClientRect();
    this._settings = { instanceId, x: rect.left - main.left, y: rect.bottom - main.top + 4, error: '' };
    void import('../indicator-settings/define.js'); // the popover upgrades when its chunk arrives
  }

  #renderSettingsPopover() {
    const open = this._settings;
    const model = open ? indicatorSettingsModel(this.#core, open.instanceId) : null;
    if (!open || !model) return nothing;
    return html`<kline-indicator-settings open locale=${this.#lang()} style=${styleMap({ left: `${open.x}px`, top: `${open.y}px` })}
      .model=${model} .error=${open.error}
      @indicator-settings-apply=${async (e: CustomEvent<{ instanceId: string; params: Record<string, unknown> }>) => {
        const r = await this.#core.tools.execute('indicators_update', e.detail, { origin: 'user' });
        if (!r.success && this._settings) this._settings = { ...this._settings, error: r.error.message };
      }}
      @indicator-settings-remove=${(e: CustomEvent<{ instanceId: string }>) => {
        this._settings = null;
        void this.#runUserTool('indicators_remove', e.detail);
      }}
      @indicator-settings-close=${() => (this._settings = null)}></kline-indicator-settings>`;
  }

  #renderDrawingToolbar() {
    const d = this.#drawings;
    return renderDrawingToolbar(
      {
        tool: d.tool,
        magnet: d.magnet,
        hasSelection: this.#core.store.state.drawingSelection.get().length > 0,
        strings: drawingStrings(this.#lang()),
      },
      {
        setTool: (t) => d.setTool(t),
        setMagnet: (on) => d.setMagnet(on),
        copy: () => void d.copySelection(),
        delete: () => void d.deleteSelection(),
      },
    );
  }

  #announceReady(): void {
    if (this.#ready) return;
    this.#ready = true;
    this.#emit('kline-ready', { chartId: this.id });
  }

  #fail(code: string, message: string, line?: number): void {
    this.#lastError = message;
    this.#emit('kline-error', line !== undefined ? { code, message, line } : { code, message });
    if (this.#core.store.peek('series')) this.#showToast(message);
    this.requestUpdate();
  }

  #toastTimer = 0;

  #showToast(message: string): void {
    this._toast = message;
    clearTimeout(this.#toastTimer);
    this.#toastTimer = window.setTimeout(() => (this._toast = ''), 5000);
  }

  async #runUserTool(name: string, input: unknown): Promise<ToolResult> {
    const result = await this.#core.tools.execute(name, input, { origin: 'user' });
    if (!result.success) this.#showToast(result.error.message);
    return result;
  }

  async #searchSymbols(text: string): Promise<void> {
    const result = await this.#core.tools.execute(
      'instruments_query_name',
      { query: text || ' ', limit: 10 },
      { origin: 'user' },
    );
    if (result.success) {
      const data = result.data as { candidates: { qualifiedSymbol: string; name: string; exchange: string }[] };
      this._search = { ...this._search, open: true, results: data.candidates };
    }
  }
}

function toLocale(language: string): 'en' | 'zh-CN' {
  return language.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}

declare global {
  interface HTMLElementTagNameMap {
    'kline-chart': KlineChart;
  }
}
