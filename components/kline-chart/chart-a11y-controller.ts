import type { CSSResult, ReactiveController, ReactiveControllerHost } from 'lit';
import type { ChartCore } from '../../src/core/commands/index.js';
import { clampView } from '../../src/core/state/index.js';
import { effect } from '../../src/core/store/index.js';
import { formatBarTime, type ChartRenderer } from '../../src/render/index.js';
import { ChartAnnouncer } from './chart-announcer.js';
import { formatPrice, formatVolume } from './chart-legend.js';
import { chartStrings } from './chart-strings.js';
import { RovingToolbar } from './roving-toolbar.js';

export interface ChartA11yOptions {
  readonly core: ChartCore;
  readonly renderer: () => ChartRenderer | null;
  readonly lang: () => string;
  /** Shows the bar in the legend (the crosshair index), or null for the last bar. */
  readonly setHover: (index: number | null) => void;
  readonly whenPainted: () => Promise<void>;
  /** Adds a chunk's style sheet to the chart's shadow root. */
  readonly adoptStyles: (styles: CSSResult) => void;
}

type DataTableModule = typeof import('./chart-data-table.js');

type Host = ReactiveControllerHost & HTMLElement & { readonly renderRoot: HTMLElement | DocumentFragment };

/**
 * What makes the canvas chart usable without a mouse or without sight: the element is a named
 * region (`role="region"`, `aria-label` "DEMO 1d chart, last 123.45"), its toolbar a roving-tabindex
 * toolbar, a polite live region announces new bars (throttled) and the keyboard crosshair, and the
 * data table is the canvases' text alternative.
 */
export class ChartA11yController implements ReactiveController {
  readonly #host: Host;
  readonly #o: ChartA11yOptions;
  readonly #roving = new RovingToolbar();
  readonly #barRoving = new RovingToolbar('vertical');
  readonly announcer: ChartAnnouncer;
  #keyBar: number | null = null;
  #ownLabel = false;
  #table = false;
  #dispose: () => void = () => undefined;

  constructor(host: Host, options: ChartA11yOptions) {
    this.#host = host;
    this.#o = options;
    this.announcer = new ChartAnnouncer(() => host.requestUpdate(), 1500);
    host.addController(this);
  }

  /** Whether the data table is shown. */
  get tableShown(): boolean {
    return this.#table;
  }

  /** The table's renderer once its chunk is here (the first time the table is shown loads it: issue #12). */
  get dataTable(): DataTableModule | null {
    return this.#tableModule;
  }

  #tableModule: DataTableModule | null = null;
  #tableLoad: Promise<void> | null = null;

  toggleTable(show = !this.#table): void {
    this.#table = show;
    if (show && !this.#tableModule)
      this.#tableLoad ??= import('./chart-data-table.js').then(
        (module) => {
          this.#o.adoptStyles(module.dataTableStyles);
          this.#tableModule = module;
          this.#tableLoad = null;
          this.#host.requestUpdate();
        },
        (error: unknown) => {
          this.#tableLoad = null;
          console.warn('kline-chart: the data table could not be loaded', error);
        },
      );
    this.#host.requestUpdate();
  }

  /** Null, or a promise that settles when the table's chunk, loading for a shown table, is here. */
  get tableLoad(): Promise<void> | null {
    return this.#tableLoad;
  }

  hostConnected(): void {
    // A named region: screen readers list it among the landmarks; the label says what it shows.
    if (!this.#host.hasAttribute('role')) this.#host.setAttribute('role', 'region');
    this.#ownLabel = !this.#host.hasAttribute('aria-label') || this.#ownLabel;
    const core = this.#o.core;
    let lastKey = '';
    let lastCount = 0;
    this.#dispose = effect(() => {
      // A new bar (live stream) is announced politely, at most once per five seconds.
      const series = core.store.state.series.get();
      const n = series?.bars.length ?? 0;
      const key = series ? `${series.instrument.symbol}|${series.period}` : '';
      if (series && key === lastKey && n > lastCount)
        this.announcer.say(`${chartStrings(this.#o.lang()).newBar}: ${this.describeBar(n - 1)}`, 5000);
      lastKey = key;
      lastCount = n;
    });
  }

  hostDisconnected(): void {
    this.#dispose();
    this.announcer.dispose();
  }

  hostUpdated(): void {
    this.#roving.sync(this.#host.renderRoot.querySelector<HTMLElement>('[part="toolbar"]'));
    this.#barRoving.sync(this.#host.renderRoot.querySelector<HTMLElement>('[part="drawing-toolbar"]'));
    if (this.#ownLabel) {
      const label = this.regionLabel();
      if (this.#host.getAttribute('aria-label') !== label) this.#host.setAttribute('aria-label', label);
    }
  }

  /** `DEMO 1d chart, last 123.45`: the region's accessible name. */
  regionLabel(): string {
    const strings = chartStrings(this.#o.lang());
    const store = this.#o.core.store;
    const series = store.peek('series');
    const target = store.peek('target');
    const symbol = series?.instrument.symbol ?? target?.symbol ?? this.#host.getAttribute('symbol') ?? '';
    const period = series?.period ?? target?.period ?? this.#host.getAttribute('period') ?? '';
    const n = series?.bars.length ?? 0;
    const last =
      series && n ? `, ${strings.last} ${formatPrice(series.bars.close[n - 1], series.instrument.pricePrecision)}` : '';
    return `${symbol} ${period} ${strings.chart}${last}`.replace(/\s+/g, ' ').trim();
  }

  /** A bar as a sentence: time, open, high, low, close, volume. */
  describeBar(i: number): string {
    const series = this.#o.core.store.peek('series');
    const clock = this.#o.renderer()?.clock;
    if (!series || !clock || i < 0 || i >= series.bars.length) return '';
    const t = chartStrings(this.#o.lang());
    const b = series.bars;
    const p = series.instrument.pricePrecision;
    const intraday = !['1d', '1w', '1M'].includes(series.period);
    return `${formatBarTime(b.time[i], clock, intraday)}, ${t.openFull} ${formatPrice(b.open[i], p)}, ${t.highFull} ${formatPrice(b.high[i], p)}, ${t.lowFull} ${formatPrice(b.low[i], p)}, ${t.closeFull} ${formatPrice(b.close[i], p)}, ${t.volumeFull} ${formatVolume(b.volume[i], this.#o.lang())}`;
  }

  /** The bar of the keyboard crosshair, or null when the pointer (or nothing) owns the crosshair. */
  get keyBar(): number | null {
    return this.#keyBar;
  }

  /**
   * Moves the keyboard crosshair one bar (`-1`, `+1`; `0` keeps it); the first press shows the last
   * visible bar. Returns the bar (null without data). `announce: false` leaves the live region to the caller.
   */
  stepKeyBar(delta: -1 | 0 | 1, announce = true): number | null {
    const core = this.#o.core;
    const series = core.store.peek('series');
    const view = core.store.peek('view');
    if (!series || !view) return null;
    const n = series.bars.length;
    const lastVisible = Math.max(0, Math.min(n - 1, Math.floor(view.end - 0.5)));
    const bar = Math.max(0, Math.min(n - 1, this.#keyBar === null ? lastVisible : this.#keyBar + delta));
    this.#keyBar = bar;
    // Keep the bar in view: pan by whole bars when it reaches an edge.
    const span = view.end - view.start;
    if (bar < view.start + 0.5) core.setView(clampView({ start: bar - 0.5, end: bar - 0.5 + span }, n, 5));
    else if (bar > view.end - 0.5) core.setView(clampView({ start: bar + 0.5 - span, end: bar + 0.5 }, n, 5));
    this.#o.setHover(bar);
    if (announce) this.announcer.say(this.describeBar(bar), 250);
    void this.#o.whenPainted().then(() => {
      const plot = this.#o.renderer()?.pane('price')?.plot;
      if (!plot || this.#keyBar !== bar) return;
      const price = this.#keyPrice ?? series.bars.close[bar];
      // Published to the synced panes, as a pointer's move is: every pane draws the vertical line.
      publishCursor(plot, plot.valToPos(bar, 'x'), plot.valToPos(price, 'price'));
      this.#o.setHover(bar);
    });
    return bar;
  }

  #keyPrice: number | null = null;

  /** The price the keyboard crosshair shows (keyboard drawing), or null for the bar's close. */
  setKeyPrice(price: number | null): void {
    this.#keyPrice = price;
    if (this.#keyBar !== null) this.stepKeyBar(0, false);
  }

  /** Hides the keyboard crosshair; false when there was none. */
  clearKeyBar(): boolean {
    this.#keyPrice = null;
    if (this.#keyBar === null) return false;
    this.#keyBar = null;
    const plot = this.#o.renderer()?.pane('price')?.plot;
    if (plot) publishCursor(plot, -10, -10);
    this.#o.setHover(null);
    return true;
  }

  /** The pointer took over the crosshair. */
  pointerMoved(): void {
    this.#keyBar = null;
    this.#keyPrice = null;
  }
}

/** uPlot's `setCursor(opts, fire, publish)`: its third argument (left out of its types) syncs the other panes. */
type PublishingSetCursor = (opts: { left: number; top: number }, fire: boolean, publish: boolean) => void;

/** Moves the price pane's cursor and every synced pane's with it (−10: hidden). */
function publishCursor(plot: { setCursor: unknown }, left: number, top: number): void {
  (plot.setCursor as PublishingSetCursor).call(plot, { left, top }, true, true);
}
