import type { CSSResult, ReactiveController, ReactiveControllerHost } from 'lit';
import type { ChartCore } from '../../src/core/commands/index.js';
import { effect } from '../../src/core/store/index.js';
import type { ChartRenderer } from '../../src/render/index.js';
import { ChartAnnouncer } from './chart-announcer.js';
import { formatPrice } from './chart-legend.js';
import { chartStrings } from './chart-strings.js';
import type { KeyCrosshair, ViewEdge } from './key-crosshair.js';
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
  /** The keyboard crosshair's class: in a lazy chunk (the drawing layer's parts), null until loaded. */
  readonly keyCrosshair: { loaded(): typeof KeyCrosshair | null; load(): Promise<unknown> };
  /** Shows a notice on the chart (a chunk that cannot be fetched). */
  readonly notice: (text: string) => void;
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
  #ownLabel = false;
  #table = false;
  #dispose: () => void = () => undefined;

  constructor(host: Host, options: ChartA11yOptions) {
    this.#host = host;
    this.#o = options;
    this.announcer = new ChartAnnouncer(() => host.requestUpdate());
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
        void this.#loadCrosshair(true).then(
          // Not for a chart removed meanwhile: its announcer's timer would hold it.
          (k) =>
            k &&
            this.#host.isConnected &&
            this.announcer.say(`${chartStrings(this.#o.lang()).newBar}: ${k.describeBar(n - 1)}`, 5000, 'bar'),
        );
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
      series && n ? `${strings.last} ${formatPrice(series.bars.close[n - 1], series.instrument.pricePrecision)}` : '';
    return `${symbol} ${period} ${strings.chart}${last}`.replace(/\s+/g, ' ').trim();
  }

  /** The keyboard crosshair, made when its chunk is here (the drawing layer's parts). */
  #keys: KeyCrosshair | null = null;

  #crosshair(): KeyCrosshair | null {
    const Keys = this.#o.keyCrosshair.loaded();
    return (this.#keys ??= Keys
      ? new Keys({ ...this.#o, say: (text, ms, kind) => this.announcer.say(text, ms, kind) })
      : null);
  }

  /**
   * The keyboard crosshair, its chunk loaded first when needed; a chunk that cannot be fetched is said
   * (not when `quiet`: a new bar's announcement, which would say it on every bar).
   */
  #loadCrosshair(quiet = false): Promise<KeyCrosshair | null> {
    return this.#o.keyCrosshair.load().then(
      () => this.#crosshair(),
      (error: unknown) => {
        if (!quiet) {
          console.warn('kline-chart: the keyboard crosshair could not be loaded', error);
          this.#o.notice(chartStrings(this.#o.lang()).keysFailed);
        }
        return null;
      },
    );
  }

  /** A bar as a sentence: time, open, high, low, close, volume ('' until the crosshair's chunk is here). */
  describeBar(i: number): string {
    return this.#crosshair()?.describeBar(i) ?? '';
  }

  /** The bar of the keyboard crosshair, or null when the pointer (or nothing) owns the crosshair. */
  get keyBar(): number | null {
    return this.#keys?.keyBar ?? null;
  }

  /**
   * Moves the keyboard crosshair one bar (`-1`, `+1`; `0` keeps it); the first press shows the last
   * visible bar. Returns the bar (null without data). `announce: false` leaves the live region to the
   * caller. Before its chunk is here: loads it, moves then, and returns null.
   */
  stepKeyBar(delta: -1 | 0 | 1, announce = true): number | null {
    const keys = this.#crosshair();
    if (keys) return keys.step(delta, announce);
    void this.#loadCrosshair().then((k) => k?.step(delta, announce));
    return null;
  }

  /** Says which bars the plot shows once the keys rest, or that a key met `edge` (key-crosshair.ts `sayView`). */
  sayView(edge?: ViewEdge): void {
    void this.#loadCrosshair(true).then((k) => k?.sayView(edge));
  }

  /** The price the keyboard crosshair shows (keyboard drawing), or null for the bar's close. */
  setKeyPrice(price: number | null): void {
    this.#crosshair()?.setKeyPrice(price);
  }

  /** Hides the keyboard crosshair; false when there was none. */
  clearKeyBar(): boolean {
    return this.#keys?.clear() ?? false;
  }

  /** The pointer took over the crosshair. */
  pointerMoved(): void {
    this.#keys?.pointerMoved();
  }
}
