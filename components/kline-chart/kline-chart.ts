import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { styleMap } from 'lit/directives/style-map.js';
import type { ChartContext, AgentConnectDetail } from '../../src/protocol/index.js';
import { AGENT_AVAILABLE_EVENT, AGENT_CONNECT_EVENT } from '../../src/protocol/index.js';
import { ChartCore } from '../../src/core/commands/chart-core.js';
import { createAgentPort, type OpenPort } from '../../src/core/commands/create-agent-port.js';
import { clampView, defaultView } from '../../src/core/commands/view-range.js';
import { barsFromObjects, createBinanceSource, createUrlSource, isPeriod, type Bar, type Bars, type DataSource, type Period } from '../../src/core/data/index.js';
import { formatIndicatorLabel, parseIndicatorList } from '../../src/core/indicators/index.js';
import { effect, type ReadOnlySignal } from '../../src/core/store/index.js';
import type { HostToolDefinition, ToolEntry, ToolExecuteOptions } from '../../src/core/tools/index.js';
import type { ToolResult } from '../../src/protocol/index.js';
import { ChartRenderer, type PaneLayoutSpec } from '../../src/render/chart-renderer.js';
import { readChartTheme, type ChartTheme } from '../../src/render/chart-theme.js';
import { buildPaneSpecs } from '../../src/render/build-pane-specs.js';
import { klineChartStyles } from './kline-chart.styles.js';
import { renderComparisonValues, renderPriceLegend, renderSeriesValues } from './chart-legend.js';
import { renderToolbar } from './chart-toolbar.js';
import { chartStrings } from './chart-strings.js';
import { DrawingLayerController } from './drawing-layer-controller.js';
import { RovingToolbar } from './roving-toolbar.js';
import { ChartAnnouncer } from './chart-announcer.js';
import { renderDataTable } from './chart-data-table.js';
import { formatPrice, formatVolume } from './chart-legend.js';
import { formatBarTime } from '../../src/render/time-ticks.js';
import '../indicator-picker/define.js';
import '../command-palette/define.js';
import '../settings-dialog/define.js';
import type { CommandPalette } from '../command-palette/index.js';
import type { SettingsDialog } from '../settings-dialog/index.js';
import '../indicator-settings/define.js';
import { indicatorSettingsModel, indicatorLegendStyles, type IndicatorLegendActions } from '../indicator-settings/index.js';
import { PaneSeparators } from './pane-separators.js';
import { renderDrawingToolbar, drawingStrings, drawingToolbarStyles } from '../drawing-toolbar/index.js';
import { renderDrawingEditor, drawingEditorStyles } from '../drawing-editor/index.js';
import { LayoutStorageController } from './layout-storage-controller.js';
import { downloadLayout, persistToastStyles, renderPersistToast } from './kline-persist-toast.js';

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
 * @attr toolbar - `full` `minimal` `none` (default `full`).
 * @attr persist-key - Key under which the layout is saved and restored.
 * @attr agent - `off`, `read-only` or `full` (default `full`).
 * @attr agent-tools - Allow-list of tool names or prefixes ending in `*`.
 * @attr live - Stream live bars: `auto` (every source but the sample and files), `on`, `off`.
 * @attr wheel - Mouse wheel over the plot: `zoom` (default), `ctrl` (zoom only with Ctrl/⌘, otherwise the page scrolls), `off`.
 *
 * @fires kline-ready - The first data has loaded and painted.
 * @fires kline-data-load - Bars were loaded (detail: `{ symbol, period, source, bars }`).
 * @fires kline-context-change - The context snapshot changed (detail: `{ context }`).
 * @fires kline-selection-change - The range selection changed (detail: `{ selection }`).
 * @fires kline-change - An action was committed (detail: `{ action, undoable }`).
 * @fires kline-error - A failure the host should know about (detail: `{ code, message }`).
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
 * @csspart data-table - The data table (toolbar button "Data table" or the `t` key).
 * @csspart data-table-button - Toggles the data table.
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
export class KlineChart extends LitElement {
  static override styles = [...klineChartStyles, drawingToolbarStyles, drawingEditorStyles, indicatorLegendStyles, persistToastStyles];

  static override properties = {
    symbol: { type: String, reflect: true },
    period: { type: String, reflect: true },
    source: { type: String, reflect: true },
    src: { type: String },
    indicators: { type: String },
    theme: { type: String, reflect: true },
    locale: { type: String },
    timezone: { type: String },
    colorConvention: { type: String, attribute: 'color-convention' },
    toolbar: { type: String },
    persistKey: { type: String, attribute: 'persist-key' },
    agent: { type: String },
    agentTools: { type: String, attribute: 'agent-tools' },
    live: { type: String },
    wheel: { type: String },
    _hover: { state: true },
    _search: { state: true },
    _toast: { state: true },
    _paneTops: { state: true },
    _settings: { state: true },
    _table: { state: true },
  };

  /** Instrument code. */
  symbol = '';
  /** Bar period. */
  period: string = '1d';
  /** Data source id. */
  source = 'sample';
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
  /** `full`, `minimal` or `none`. */
  toolbar: 'full' | 'minimal' | 'none' = 'full';
  /** Layout persistence key. */
  persistKey = '';
  /** Agent access: `off`, `read-only`, `full`. */
  agent: 'off' | 'read-only' | 'full' = 'full';
  /** Agent tool allow-list. */
  agentTools = '';
  /** Stream live bars from the source: `auto` (default: every source but sample and files), `on`, `off`. */
  live: 'auto' | 'on' | 'off' = 'auto';
  /** Mouse wheel over the plot: `zoom`, `ctrl` (zoom only with Ctrl/⌘) or `off`. */
  wheel: 'zoom' | 'ctrl' | 'off' = 'zoom';

  declare _hover: number | null;
  declare _search: { open: boolean; mode: 'symbol' | 'compare'; results: { qualifiedSymbol: string; name: string; exchange: string }[] };
  declare _toast: string;
  declare _paneTops: ReadonlyMap<string, number>;
  declare _settings: { instanceId: string; x: number; y: number; error: string } | null;
  declare _table: boolean;

  readonly #core: ChartCore;
  readonly #drawings: DrawingLayerController;
  readonly #persistence: LayoutStorageController;
  #separators: PaneSeparators | null = null;
  #renderer: ChartRenderer | null = null;
  #theme: ChartTheme | null = null;
  #disposers: (() => void)[] = [];
  readonly #ports = new Set<OpenPort>();
  #resize: ResizeObserver | null = null;
  #specs: readonly PaneLayoutSpec[] = [];
  #ready = false;
  #urlSourceKey = '';
  #unregisterUrlSource: () => void = () => undefined;
  #initialIndicators = false;
  #hostData = false;
  #liveKey = '';
  #unsubscribeLive: () => void = () => undefined;
  #attributesSeen = false;
  #media: MediaQueryList | null = null;
  readonly #roving = new RovingToolbar();
  readonly #announcer = new ChartAnnouncer(() => this.requestUpdate(), 1500);
  /** The bar the keyboard crosshair is on (`null`: none). */
  #keyBar: number | null = null;
  #ownLabel = false;

  constructor() {
    super();
    this._hover = null;
    this._search = { open: false, mode: 'symbol', results: [] };
    this._toast = '';
    this._paneTops = new Map();
    this._settings = null;
    this._table = false;
    this.#core = new ChartCore({ chartId: '' });
    this.#persistence = new LayoutStorageController({
      store: this.#core.store,
      indicators: this.#core.indicatorRegistry,
      emit: (type: string, detail: unknown) => this.#emit(type, detail),
      requestUpdate: () => this.requestUpdate(),
    });
    // The public Binance market data is always available by name; nothing is fetched until used.
    this.#core.sources.register(createBinanceSource());
    this.#drawings = new DrawingLayerController({
      core: this.#core,
      theme: () => this.#theme!,
      requestUpdate: () => this.requestUpdate(),
      onError: (message) => this.#showToast(message),
    });
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

  /** Replaces the bars (columnar, UTC ms) of the current instrument. */
  setBars(bars: Bars | readonly Bar[]): void {
    const columns = Array.isArray(bars) ? barsFromObjects(bars as readonly Bar[]) : (bars as Bars);
    // Host data wins over the attribute-driven source until symbol/period/source change again.
    this.#hostData = true;
    this.#core.setBars(columns);
    if (!this.#ready) void this.whenPainted().then(() => this.#announceReady());
  }

  /** Live update: replaces the last bar (same time) or appends a newer one. */
  updateBar(bar: Bar): boolean {
    return this.#core.updateBar(bar);
  }

  /** Adds a data source a `source` attribute can name. Returns an unregister function. */
  registerDataSource(source: DataSource): () => void {
    const unregister = this.#core.sources.register(source);
    // A page that names the source in markup before registering it gets its data now.
    if ((this.source || 'sample') === source.id && this.hasUpdated && !this.#hostData) void this.#loadFromAttributes(true);
    return unregister;
  }

  /** Resolves after the canvases have painted the current state. */
  async whenPainted(): Promise<void> {
    if (!this.#renderer) await this.updateComplete;
    await this.#renderer?.whenPainted();
  }

  /** Opens the command palette (also Ctrl/Cmd+K): every tool, with a form generated from its schema. */
  async openCommandPalette(): Promise<void> {
    await this.updateComplete;
    return this.renderRoot.querySelector<CommandPalette>('kline-command-palette')!.open();
  }

  /** Opens the settings dialog (it writes through settings_update / settings_reset). */
  async openSettings(): Promise<void> {
    await this.updateComplete;
    return this.renderRoot.querySelector<SettingsDialog>('kline-settings-dialog')!.open();
  }

  /** Number of frames the canvases have painted (diagnostics: live bursts paint once per frame). */
  get paintCount(): number {
    return this.#renderer?.paintCount ?? 0;
  }

  /** The chart as a PNG image (all panes stacked). */
  async capture(): Promise<Blob> {
    await this.whenPainted();
    const canvases = [...this.renderRoot.querySelectorAll<HTMLCanvasElement>('.pane canvas')];
    const width = Math.max(1, ...canvases.map((c) => c.width));
    const height = Math.max(1, canvases.reduce((a, c) => a + c.height, 0));
    const out = document.createElement('canvas');
    out.width = width;
    out.height = height;
    const ctx = out.getContext('2d')!;
    ctx.fillStyle = this.#theme?.background ?? '#fff';
    ctx.fillRect(0, 0, width, height);
    let y = 0;
    for (const c of canvases) {
      ctx.drawImage(c, 0, y);
      y += c.height;
    }
    return new Promise((resolve, reject) => out.toBlob((b) => (b ? resolve(b) : reject(new Error('capture failed'))), 'image/png'));
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (!this.id) this.id = `kline-chart-${++chartCounter}`;
    this.#core.chartId = this.id;
    if (!this.hasAttribute('tabindex')) this.tabIndex = 0;
    // A named region: screen readers list it among the landmarks; the label says what it shows.
    if (!this.hasAttribute('role')) this.setAttribute('role', 'region');
    this.#ownLabel = !this.hasAttribute('aria-label');
    document.addEventListener(AGENT_CONNECT_EVENT, this.#onAgentConnect as EventListener);
    this.#disposers.push(
      this.#core.onError((e) => this.#emit('kline-error', e)),
      this.#core.store.onCommit((info) => {
        this.#emit('kline-change', { action: info.name, undoable: info.undoable, replay: info.replay });
        // Panning and zooming repaint canvases only; the template depends on the view only through
        // comparisons (percent base: the first visible bar) and the selected drawing's floating editor.
        const viewOnly = info.changed.length === 1 && info.changed[0] === 'view' && !info.replay;
        const store = this.#core.store;
        if (!viewOnly || store.peek('comparisons').length > 0 || store.peek('drawingSelection').length > 0) this.requestUpdate();
      }),
    );
    this.#media = matchMedia('(prefers-color-scheme: dark)');
    this.#media.addEventListener('change', this.#onSchemeChange);
    this.addEventListener('keydown', this.#onKeyDown);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    document.removeEventListener(AGENT_CONNECT_EVENT, this.#onAgentConnect as EventListener);
    for (const open of this.#ports) open.close();
    this.#ports.clear();
    for (const d of this.#disposers) d();
    this.#disposers = [];
    this.#resize?.disconnect();
    this.#resize = null;
    this.#unsubscribeLive();
    this.#liveKey = '';
    this.#drawings.detach();
    this.#separators?.destroy();
    this.#separators = null;
    this.#persistence.stop();
    this.#renderer?.destroy();
    this.#renderer = null;
    this.#media?.removeEventListener('change', this.#onSchemeChange);
    this.removeEventListener('keydown', this.#onKeyDown);
    this.#announcer.dispose();
    this.#core.dispose();
  }

  protected override firstUpdated(): void {
    const container = this.renderRoot.querySelector<HTMLElement>('.panes')!;
    this.#separators = new PaneSeparators(this.renderRoot.querySelector<HTMLElement>('.main')!, this.#core.indicators);
    this.#applyTheme();
    this.#renderer = new ChartRenderer({
      core: this.#core,
      container,
      paintOverlay: this.#drawings.paintOverlay,
      theme: () => this.#theme!,
      panes: () => {
        const s = this.#core.store.state;
        this.#specs = buildPaneSpecs(
          { series: s.series.get(), indicators: s.indicators.get(), panes: s.panes.get(), settings: s.settings.get() },
          this.#core.indicatorEngine,
          (id) => this.#core.indicatorRegistry.get(id),
          this.#theme!,
        );
        this.#core.indicatorEngine.retain(s.indicators.get().map((i) => i.instanceId));
        return this.#specs;
      },
      timeZone: () => this.#core.store.state.settings.get().timezone || this.#core.store.state.series.get()?.instrument.timezone || 'UTC',
      onLayout: (offsets) => {
        this._paneTops = offsets;
        this.#separators?.update(offsets, container.clientHeight);
      },
      onCursor: (index) => {
        if (this._hover !== index) this._hover = index;
      },
    });
    this.#resize = new ResizeObserver((entries) => {
      const r = entries[0].contentRect;
      this.#renderer?.resize(Math.floor(r.width), Math.floor(r.height));
    });
    this.#resize.observe(container);
    this.#drawings.attach(this.#renderer, container, this);
    this.#attachPointer(container);
    let lastContext: ChartContext | null = null;
    let lastSettings = this.#core.store.peek('settings');
    let lastBarKey = '';
    let lastBarCount = 0;
    this.#disposers.push(
      effect(() => {
        // History on demand: near the left edge, fetch the previous page (the view stays put).
        const view = this.#core.store.state.view.get();
        const series = this.#core.store.state.series.get();
        if (!view || !series || series.complete || view.start > 20 || this.#core.loadingOlder) return;
        const pending = this.#core.loadOlder();
        this.requestUpdate();
        void pending.then(() => this.requestUpdate());
      }),
      effect(() => {
        // Live updates: follow the source's stream for the loaded instrument and period.
        const series = this.#core.store.state.series.get();
        const key = series ? `${series.instrument.sourceId}|${this.#core.store.state.target.get()?.symbol}|${series.period}` : '';
        if (key === this.#liveKey) return;
        this.#liveKey = key;
        this.#unsubscribeLive();
        this.#unsubscribeLive = () => undefined;
        if (!series || !this.#wantsLive(series.instrument.sourceId)) return;
        const source = this.#core.sources.get(series.instrument.sourceId);
        const symbol = this.#core.store.peek('target')?.symbol ?? series.instrument.symbol;
        if (source?.subscribe) this.#unsubscribeLive = source.subscribe(symbol, series.period, (bar) => this.#core.updateBar(bar));
      }),
      effect(() => {
        const settings = this.#core.store.state.settings.get();
        if (settings.theme !== lastSettings.theme || settings.colorConvention !== lastSettings.colorConvention) this.#applyTheme();
        lastSettings = settings;
      }),
      effect(() => {
        // A new bar (live stream) is announced politely, at most once per throttle window.
        const series = this.#core.store.state.series.get();
        const n = series?.bars.length ?? 0;
        const key = series ? `${series.instrument.symbol}|${series.period}` : '';
        if (key === lastBarKey && n > lastBarCount && series) this.#announcer.say(`${chartStrings(this.#lang()).newBar}: ${this.#describeBar(n - 1)}`, 5000);
        lastBarKey = key;
        lastBarCount = n;
      }),
      effect(() => {
        const ctx = this.#core.context.get();
        if (ctx === lastContext) return;
        const selectionChanged = ctx?.selection?.from !== lastContext?.selection?.from || ctx?.selection?.to !== lastContext?.selection?.to;
        lastContext = ctx;
        this.#emit('kline-context-change', { context: ctx });
        if (selectionChanged) this.#emit('kline-selection-change', { selection: ctx?.selection ?? null });
      }),
    );
    document.dispatchEvent(new CustomEvent(AGENT_AVAILABLE_EVENT, { detail: { chartId: this.id }, bubbles: true, composed: true }));
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('agent') || changed.has('agentTools')) {
      const allow = this.agentTools.trim() ? this.agentTools.split(',').map((s) => s.trim()).filter(Boolean) : null;
      this.#core.setPolicy({ agent: this.agent === 'off' || this.agent === 'read-only' ? this.agent : 'full', allow });
      if (this.agent === 'off') {
        for (const open of this.#ports) open.close();
        this.#ports.clear();
      }
    }
    // Attributes seed the settings; the settings dialog and settings_update change them afterwards.
    const patch: Record<string, string> = {};
    if (changed.has('theme') && ['light', 'dark', 'auto'].includes(this.theme)) patch.theme = this.theme;
    if (changed.has('colorConvention') && ['green-up', 'red-up'].includes(this.colorConvention)) patch.colorConvention = this.colorConvention;
    if (changed.has('timezone') && this.timezone !== undefined) patch.timezone = this.timezone;
    if (changed.has('locale')) patch.locale = toLocale(this.locale || (typeof navigator !== 'undefined' ? navigator.language : 'en'));
    if (Object.keys(patch).length) {
      try {
        this.#core.settings.apply(patch, 'attributes', false);
      } catch (error) {
        this.#emit('kline-error', { code: 'invalid_attribute', message: (error as Error).message });
      }
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    this.#roving.sync(this.renderRoot.querySelector<HTMLElement>('[part="toolbar"]'));
    if (this.#ownLabel) {
      const label = this.#regionLabel();
      if (this.getAttribute('aria-label') !== label) this.setAttribute('aria-label', label);
    }
    if (!this.#initialIndicators) {
      this.#initialIndicators = true;
      this.#applyIndicatorsAttribute();
      this.#startPersistence();
    } else if (changed.has('indicators')) {
      // A CMS or framework that changes the attribute later gets the new list.
      this.#applyIndicatorsAttribute();
    }
    if (changed.has('symbol') || changed.has('period') || changed.has('source') || changed.has('src')) {
      const first = !this.#attributesSeen;
      this.#attributesSeen = true;
      if (!(first && this.#hostData)) void this.#loadFromAttributes();
    }
  }

  override render() {
    const s = this.#core.store.state;
    const series = s.series.get();
    const target = s.target.get();
    const loading = s.loading.get();
    const strings = chartStrings(this.#lang());
    const clock = this.#renderer?.clock;
    const titles = new Map(s.indicators.get().map((i) => {
      const def = this.#core.indicatorRegistry.get(i.definitionId);
      return [i.instanceId, def ? formatIndicatorLabel(def, i.params as never) : i.definitionId] as const;
    }));
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
          <button part="data-table-button" aria-pressed=${this._table ? 'true' : 'false'} title=${`${strings.dataTable} (t)`} @click=${() => this.toggleDataTable()}>${strings.dataTable}</button>`,
      )}
      <div class="main">
        <div class="panes" part="panes"></div>
        ${renderDrawingEditor({ target: this.#drawings.editorTarget(), strings: drawingStrings(this.#lang()) }, { edit: (id, change) => void this.#drawings.edit(id, change) })}
        <div class="legend" part="legend" ?hidden=${!s.settings.get().legend}>
          ${clock ? renderPriceLegend(series, this._hover, clock, strings) : nothing}
          ${this.#specs[0]?.series.length ? html`<div class="row">${renderSeriesValues(this.#specs[0], this._hover, titles, this.#legendActions(false))}</div>` : nothing}
          ${renderComparisonValues(this.#core.comparisons.lines.get(), this._hover, s.view.get(), {
            label: strings.removeComparison,
            remove: (symbol) => void this.#runUserTool('comparison_remove', { symbol }),
          })}
        </div>
        ${this.#specs.slice(1).map((spec) =>
          this._paneTops.has(spec.id)
            ? html`<div class="pane-legend" data-pane-id=${spec.id} style=${styleMap({ top: `${this._paneTops.get(spec.id)! + 2}px` })}>${renderSeriesValues(spec, this._hover, titles, this.#legendActions(true))}</div>`
            : nothing)}
        ${this.#renderSettingsPopover()}
        ${this._table && clock ? renderDataTable({ series, view: s.view.get(), specs: this.#specs, titles, clock, strings }) : nothing}
        <div class="sr-only" part="live" role="status" aria-live="polite">${this.#announcer.text}</div>
        ${this.#core.loadingOlder ? html`<div class="history-loading" role="status">${strings.loadingHistory}</div>` : nothing}
        ${!series && loading ? html`<div class="status">${strings.loading}</div>` : nothing}
        ${!series && !loading && this.#lastError ? html`<div class="status error" role="alert">${this.#lastError}</div>` : nothing}
        ${this._toast ? html`<div class="toast" role="status">${this._toast}</div>` : nothing}
        ${this.#persistence.unsaved ? renderPersistToast(this.#lang(), {
          download: () => downloadLayout(this.#persistence.unsaved!, `${this.persistKey || 'layout'}.json`, this.renderRoot),
          dismiss: () => this.#persistence.dismissToast(),
        }) : nothing}
      </div>
      <kline-command-palette .chart=${this} locale=${this.#lang()}></kline-command-palette>
      <kline-settings-dialog .chart=${this} locale=${this.#lang()}></kline-settings-dialog>
    </div>`;
  }

  #lastError = '';

  /** After a popup closes, focus goes back to the control that opened it (never to <body>). */
  #focusPart(part: string): void {
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>(`[part="${part}"]`)?.focus());
  }

  /** Shows or hides the data table (the canvases' text alternative); the `t` key on the chart does the same. */
  toggleDataTable(show = !this._table): void {
    this._table = show;
  }

  /** `DEMO 1d chart, last 123.45`: the region's accessible name. */
  #regionLabel(): string {
    const strings = chartStrings(this.#lang());
    const series = this.#core.store.peek('series');
    const target = this.#core.store.peek('target');
    const symbol = series?.instrument.symbol ?? target?.symbol ?? this.symbol;
    const period = series?.period ?? target?.period ?? this.period;
    const n = series?.bars.length ?? 0;
    const last = n ? `, ${strings.last} ${formatPrice(series!.bars.close[n - 1], series!.instrument.pricePrecision)}` : '';
    return `${symbol} ${period} ${strings.chart}${last}`.trim();
  }

  /** A bar as a sentence: time, open, high, low, close, volume. */
  #describeBar(i: number): string {
    const series = this.#core.store.peek('series');
    const clock = this.#renderer?.clock;
    if (!series || !clock || i < 0 || i >= series.bars.length) return '';
    const t = chartStrings(this.#lang());
    const b = series.bars;
    const p = series.instrument.pricePrecision;
    const intraday = !['1d', '1w', '1M'].includes(series.period);
    return `${formatBarTime(b.time[i], clock, intraday)}, ${t.openFull} ${formatPrice(b.open[i], p)}, ${t.highFull} ${formatPrice(b.high[i], p)}, ${t.lowFull} ${formatPrice(b.low[i], p)}, ${t.closeFull} ${formatPrice(b.close[i], p)}, ${t.volumeFull} ${formatVolume(b.volume[i])}`;
  }

  /** Moves the keyboard crosshair to bar `i` (panning so it stays visible) and announces it. */
  #moveKeyBar(i: number): void {
    const series = this.#core.store.peek('series');
    const view = this.#core.store.peek('view');
    if (!series || !view) return;
    const n = series.bars.length;
    const bar = Math.max(0, Math.min(n - 1, i));
    this.#keyBar = bar;
    if (bar < view.start + 0.5) this.#setView({ start: bar - 0.5, end: bar - 0.5 + (view.end - view.start) });
    else if (bar > view.end - 0.5) this.#setView({ start: bar + 0.5 - (view.end - view.start), end: bar + 0.5 });
    this._hover = bar;
    this.#announcer.say(this.#describeBar(bar), 250);
    void this.whenPainted().then(() => {
      const plot = this.#renderer?.pane('price')?.plot;
      if (!plot || this.#keyBar !== bar) return;
      plot.setCursor({ left: plot.valToPos(bar, 'x'), top: plot.valToPos(series.bars.close[bar], 'price') });
      this._hover = bar;
    });
  }

  #clearKeyBar(): void {
    if (this.#keyBar === null) return;
    this.#keyBar = null;
    this.#renderer?.pane('price')?.plot.setCursor({ left: -10, top: -10 });
    this._hover = null;
  }

  #lang(): 'en' | 'zh-CN' {
    return this.#core.store.state.settings.get().locale;
  }

  #resolvedTheme(): 'light' | 'dark' {
    const theme = this.#core.store.peek('settings').theme;
    if (theme === 'light' || theme === 'dark') return theme;
    return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }

  #applyTheme(): void {
    this.dataset.resolvedTheme = this.#resolvedTheme();
    this.#theme = readChartTheme(getComputedStyle(this), this.#core.store.peek('settings').colorConvention);
    this.#renderer?.invalidateLayout();
  }

  readonly #onSchemeChange = () => {
    if (this.#core.store.peek('settings').theme === 'auto') this.#applyTheme();
  };

  #emit(type: string, detail: unknown): void {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  #applyIndicatorsAttribute(): void {
    // Parse errors are reported through the core (`kline-error`); the valid rest is added.
    this.#core.indicators.applyIndicatorList(this.indicators ?? '');
  }

  async #loadFromAttributes(force = false): Promise<void> {
    const sourceId = this.source || 'sample';
    if ((sourceId === 'csv' || sourceId === 'json') && this.src) {
      const key = `${sourceId}|${this.src}`;
      if (key !== this.#urlSourceKey) {
        this.#urlSourceKey = key;
        this.#unregisterUrlSource();
        this.#unregisterUrlSource = this.#core.sources.register(createUrlSource(sourceId, this.src, { symbol: this.symbol || undefined }));
      }
    }
    const source = this.#core.sources.get(sourceId);
    if (!source) {
      this.#fail('unknown_source', `Unknown data source '${sourceId}'. Known: ${this.#core.sources.ids().join(', ')}.`);
      return;
    }
    const period: Period = isPeriod(this.period) ? this.period : '1d';
    if (this.period && !isPeriod(this.period)) this.#fail('invalid_period', `Unknown period '${this.period}'; using 1d.`);
    let symbol = this.symbol;
    try {
      if (!symbol) symbol = await this.#core.defaultSymbol(sourceId);
      const current = this.#core.store.peek('target');
      if (!force && current && current.symbol === symbol && current.period === period && current.sourceId === sourceId && this.#core.store.peek('series')) return;
      const series = await this.#core.loadTarget({ symbol, period, sourceId }, null);
      this.#lastError = '';
      this.#emit('kline-data-load', { symbol: series.instrument.symbol, period: series.period, source: sourceId, bars: series.bars.length });
      if (!this.#ready) {
        await this.whenPainted();
        this.#announceReady();
      }
    } catch (error) {
      const e = error as { name?: string; code?: string; message?: string; line?: number };
      if (e?.name === 'AbortError' || e?.code === 'aborted') return;
      // The chart keeps what it showed before; the error is reported, nothing is dropped silently.
      this.#fail(e.code === 'parse' ? 'parse_error' : e.code ?? 'load_failed', e.message ?? String(error), e.line);
    }
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
        ? { moveUp: (id: string) => void this.#core.indicators.movePane(paneOf(id), 'up'), moveDown: (id: string) => void this.#core.indicators.movePane(paneOf(id), 'down') }
        : {}),
    };
  }

  #openSettings(instanceId: string, rect: DOMRect): void {
    const main = this.renderRoot.querySelector('.main')!.getBoundingClientRect();
    this._settings = { instanceId, x: rect.left - main.left, y: rect.bottom - main.top + 4, error: '' };
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
      { tool: d.tool, magnet: d.magnet, hasSelection: this.#core.store.state.drawingSelection.get().length > 0, strings: drawingStrings(this.#lang()) },
      { setTool: (t) => d.setTool(t), setMagnet: (on) => d.setMagnet(on), copy: () => void d.copySelection(), delete: () => void d.deleteSelection() },
    );
  }

  /** Restores the saved layout (bad parts are reported and kept aside) and starts saving changes. */
  #startPersistence(): void {
    this.#persistence.start(this.persistKey);
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
    const result = await this.#core.tools.execute('instruments_query_name', { query: text || ' ', limit: 10 }, { origin: 'user' });
    if (result.success) {
      const data = result.data as { candidates: { qualifiedSymbol: string; name: string; exchange: string }[] };
      this._search = { ...this._search, open: true, results: data.candidates };
    }
  }

  readonly #onAgentConnect = (event: CustomEvent<AgentConnectDetail>) => {
    const detail = event.detail;
    if (!detail || typeof detail.reply !== 'function' || this.agent === 'off') return;
    if (detail.chartId ? detail.chartId !== this.id : firstAgentChart() !== this) return;
    const handled = detail as AgentConnectDetail & { [REPLIED]?: boolean };
    if (handled[REPLIED]) return;
    handled[REPLIED] = true;
    const open = createAgentPort(this.#core);
    this.#ports.add(open);
    void open.port.closed.then(() => this.#ports.delete(open));
    detail.reply(open.port);
  };

  // ---- pointer and keyboard: pan, zoom ----

  #attachPointer(container: HTMLElement): void {
    let drag: { x: number; view: { start: number; end: number }; id: number } | null = null;
    // Touch: the plot has `touch-action: pan-y`, so the browser keeps vertical swipes (page scroll,
    // it cancels our pointer) and hands horizontal drags and two-finger pinches to us.
    const touches = new Map<number, { x: number; y: number }>();
    let pinch: { dist: number; anchor: number; view: { start: number; end: number } } | null = null;
    const fingers = () => {
      const [a, b] = [...touches.values()];
      const rect = container.getBoundingClientRect();
      return { dist: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)), frac: Math.min(1, Math.max(0, ((a.x + b.x) / 2 - rect.left) / this.#plotWidth())) };
    };
    container.addEventListener('pointerdown', (e) => {
      this.#keyBar = null;
      if (e.pointerType === 'touch') {
        touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
        const view = this.#core.store.peek('view');
        if (touches.size === 2 && view) {
          // Second finger: the pan becomes a pinch anchored at the bar under the fingers' centre.
          drag = null;
          const f = fingers();
          pinch = { dist: f.dist, anchor: view.start + (view.end - view.start) * f.frac, view };
          container.setPointerCapture(e.pointerId);
          return;
        }
        if (touches.size > 2) return;
      }
      if (e.button !== 0 || this.#drawings.handlesPointer(e)) return;
      const view = this.#core.store.peek('view');
      if (!view) return;
      drag = { x: e.clientX, view, id: e.pointerId };
      container.setPointerCapture(e.pointerId);
      container.classList.add('dragging');
    });
    container.addEventListener('pointermove', (e) => {
      if (touches.has(e.pointerId)) touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (pinch && touches.size === 2) {
        const f = fingers();
        const span0 = pinch.view.end - pinch.view.start;
        const span = Math.max(5, span0 * (pinch.dist / f.dist));
        const start = pinch.anchor - span * f.frac;
        this.#setView({ start, end: start + span });
        return;
      }
      if (!drag || e.pointerId !== drag.id) return;
      const width = this.#plotWidth();
      const span = drag.view.end - drag.view.start;
      const shift = ((e.clientX - drag.x) / width) * span;
      this.#setView({ start: drag.view.start - shift, end: drag.view.end - shift });
    });
    const end = (e: PointerEvent) => {
      touches.delete(e.pointerId);
      if (touches.size < 2) pinch = null;
      if (!drag || e.pointerId !== drag.id) return;
      drag = null;
      container.classList.remove('dragging');
    };
    container.addEventListener('pointerup', end);
    container.addEventListener('pointercancel', end);
    container.addEventListener('wheel', (e) => {
      const view = this.#core.store.peek('view');
      // `wheel="off"` never zooms; `ctrl` zooms only with Ctrl/⌘ (and trackpad pinches, which send
      // ctrlKey): otherwise the page scrolls as usual.
      if (!view || this.wheel === 'off' || (this.wheel === 'ctrl' && !e.ctrlKey && !e.metaKey)) return;
      e.preventDefault();
      const rect = container.getBoundingClientRect();
      const frac = Math.min(1, Math.max(0, (e.clientX - rect.left) / this.#plotWidth()));
      const factor = Math.pow(1.0015, e.deltaMode === 1 ? e.deltaY * 30 : e.deltaY);
      this.#zoom(factor, frac);
    }, { passive: false });
  }

  #plotWidth(): number {
    const pane = this.#renderer?.pane('price');
    return pane ? pane.plot.bbox.width / devicePixelRatio : this.clientWidth - 64;
  }

  #setView(view: { start: number; end: number }): void {
    const n = this.#core.store.peek('series')?.bars.length ?? 0;
    this.#core.setView(clampView(view, n, 5));
  }

  #zoom(factor: number, anchorFrac = 1): void {
    const view = this.#core.store.peek('view');
    if (!view) return;
    const span = view.end - view.start;
    const next = Math.max(5, span * factor);
    const anchor = view.start + span * anchorFrac;
    this.#setView({ start: anchor - (anchor - view.start) * (next / span), end: anchor + (view.end - anchor) * (next / span) });
  }

  readonly #onKeyDown = (e: KeyboardEvent) => {
    const view = this.#core.store.peek('view');
    const n = this.#core.store.peek('series')?.bars.length ?? 0;
    const mod = e.ctrlKey || e.metaKey;
    const origin = e.composedPath()[0];
    // Navigation keys act only when the chart itself (the plot) has focus: never on a control.
    const onPlot = origin === this;
    const editable = origin instanceof HTMLElement && (origin.isContentEditable || ['input', 'textarea', 'select'].includes(origin.localName));
    if (mod && (e.key === 'k' || e.key === 'K')) {
      e.preventDefault();
      void this.openCommandPalette();
      return;
    }
    if (editable) return;
    if (mod && (e.key === 'z' || e.key === 'Z')) {
      e.preventDefault();
      if (e.shiftKey) this.redo();
      else this.undo();
      return;
    }
    if (mod && (e.key === 'y' || e.key === 'Y')) {
      e.preventDefault();
      this.redo();
      return;
    }
    if (!onPlot || mod || e.altKey) return;
    if (e.key === 't' || e.key === 'T') {
      e.preventDefault();
      this.toggleDataTable();
      return;
    }
    if (!view) return;
    const span = view.end - view.start;
    const step = Math.max(1, Math.round(span * 0.5));
    const lastVisible = Math.max(0, Math.min(n - 1, Math.floor(view.end - 0.5)));
    switch (e.key) {
      case 'ArrowLeft':
        if (e.shiftKey) this.#setView({ start: view.start - step, end: view.end - step });
        else this.#moveKeyBar(this.#keyBar === null ? lastVisible : this.#keyBar - 1);
        break;
      case 'ArrowRight':
        if (e.shiftKey) this.#setView({ start: view.start + step, end: view.end + step });
        else this.#moveKeyBar(this.#keyBar === null ? lastVisible : this.#keyBar + 1);
        break;
      case 'ArrowUp': case '+': case '=': this.#zoom(1 / 1.25); break;
      case 'ArrowDown': case '-': case '_': this.#zoom(1.25); break;
      case 'Home': this.#setView({ start: -0.5, end: span - 0.5 }); break;
      case 'End': this.#setView(defaultView(n, Math.round(span))); break;
      case 'Escape':
        if (this.#keyBar === null) return;
        this.#clearKeyBar();
        break;
      default: return;
    }
    e.preventDefault();
  };
}

const REPLIED = Symbol('replied');

function toLocale(language: string): 'en' | 'zh-CN' {
  return language.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}

function firstAgentChart(): Element | undefined {
  return [...document.querySelectorAll('kline-chart')].find((c) => c.getAttribute('agent') !== 'off');
}

declare global {
  interface HTMLElementTagNameMap {
    'kline-chart': KlineChart;
  }
}
