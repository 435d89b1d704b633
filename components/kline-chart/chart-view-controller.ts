import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { Signal } from 'signal-polyfill';
import { effect } from '../../src/core/store/index.js';
import type { ChartCore } from '../../src/core/commands/index.js';
import {
  ChartRenderer,
  readChartTheme,
  buildPaneSpecs,
  pixelRatioAt,
  pxRatioOf,
  type PaneLayoutSpec,
  type ChartTheme,
  type PriceRange,
  type ExtrasNeeded,
} from '../../src/render/index.js';
import { PaneSeparators } from './pane-separators.js';
import { resolveAutoTheme, ThemeWatcher } from '../theme-watcher.js';
import { chartRenderSource } from './chart-render-source.js';
import type { RenderSource } from '../../src/render/render-source.js';
import type { ZonedClock } from '../../src/render/zoned-clock.js';
import type { DrawingLayerController } from './drawing-layer-controller.js';
import type { OverlayLayerController } from './overlay-layer-controller.js';
import { PriceScaleDrag } from './price-scale-drag.js';
import { hostRule } from '../host-height.js';

export interface ChartViewOptions {
  readonly core: ChartCore;
  readonly drawings: DrawingLayerController;
  /** Trading overlays and host primitives (painted around the drawings; grabs price lines first). */
  readonly overlays?: OverlayLayerController;
  /** Pane tops after a layout (the element positions pane legends with them). */
  readonly onLayout: (offsets: ReadonlyMap<string, number>) => void;
  /** The bar under the crosshair, or null. */
  readonly onCursor: (index: number | null) => void;
  /** The price scale was fixed by the user (a drag on its axis), or fits the bars again (`null`). */
  readonly onPriceRange?: (range: PriceRange | null) => void;
  /** The percent or log scale's or a candle style's code could not be fetched (ChartRenderer `onExtrasFailed`): say so. */
  readonly onExtrasFailed?: (error: unknown, needed: ExtrasNeeded) => void;
  /** A pane separator's drag could not be fetched (pane-separators.ts): say so. */
  readonly inputFailed?: () => void;
  /** The theme's colours changed (the legend re-renders in them). */
  readonly onTheme?: () => void;
  /** The catalogue tag the chart speaks: the axes format dates and numbers in it. */
  readonly lang?: () => string;
  /** Accessible name of the pane separators (locale). */
  /** A separator's accessible name from the ids of the panes above and below it. */
  readonly separatorLabel?: (above: string, below: string) => string;
}

type Host = ReactiveControllerHost &
  HTMLElement & { readonly renderRoot: HTMLElement | DocumentFragment; readonly hasUpdated: boolean };

/**
 * The canvases: the uPlot renderer, pane separators, resize observer, theme and the drawing
 * layer's pointer input. Built on connect (once the template exists) and torn down on disconnect,
 * any number of times: the state lives in the core, so a moved chart repaints what it showed on
 * the next frame (its size is read synchronously on connect).
 */
export class ChartViewController implements ReactiveController {
  readonly #host: Host;
  readonly #o: ChartViewOptions;
  #renderer: ChartRenderer | null = null;
  readonly #watcher = new ThemeWatcher(() => this.applyTheme());
  readonly #theme = new Signal.State<ChartTheme | null>(null);
  /** The panes for the current state and theme: legends and the renderer read the same computed. */
  readonly #specs: Signal.Computed<readonly PaneLayoutSpec[]>;
  /** What the renderer draws, as selectors over the store (one set for every connection). */
  readonly #source: RenderSource;
  #disposers: (() => void)[] = [];
  /** Frames painted by renderers of earlier connections. */
  #earlierPaints = 0;
  #priceScale: PriceScaleDrag | null = null;
  /** Set while a saved layout (`persist-key`) is being restored: the bars wait for it (chart-render-source.ts). */
  readonly held = new Signal.State(false);

  constructor(host: Host, options: ChartViewOptions) {
    this.#host = host;
    this.#o = options;
    const core = options.core;
    const s = core.store.state;
    this.#source = chartRenderSource(core, undefined, this.held);
    this.#specs = new Signal.Computed(() => {
      const theme = this.#theme.get();
      if (!theme) return [];
      return buildPaneSpecs(
        { series: s.series.get(), indicators: s.indicators.get(), panes: s.panes.get(), settings: s.settings.get() },
        core.indicatorEngine,
        (id) => core.indicatorRegistry.get(id),
        theme,
      );
    });
    host.addController(this);
  }

  get renderer(): ChartRenderer | null {
    return this.#renderer;
  }

  /** The price axis's drag and the price scale the user fixed (null while not connected). */
  get priceScale(): PriceScaleDrag | null {
    return this.#priceScale;
  }

  /** The display clock (a signal read). */
  get clock(): ZonedClock {
    return this.#source.clock.get();
  }

  /** The theme of the last {@link applyTheme} (read from CSS now, not kept, if none was yet). */
  get theme(): ChartTheme {
    return (
      Signal.subtle.untrack(() => this.#theme.get()) ??
      readChartTheme(getComputedStyle(this.#host), this.#o.core.store.peek('settings').colorConvention)
    );
  }

  /** The pane specs for the current state (a signal read: legends follow it). */
  get specs(): readonly PaneLayoutSpec[] {
    return this.#specs.get();
  }

  /** Frames painted over the element's life (every connection). */
  get paintCount(): number {
    return this.#earlierPaints + (this.#renderer?.paintCount ?? 0);
  }

  hostConnected(): void {
    if (this.#host.hasUpdated) this.#setup();
  }

  hostUpdated(): void {
    if (!this.#renderer && this.#host.isConnected) this.#setup();
  }

  hostDisconnected(): void {
    for (const d of this.#disposers) d();
    this.#disposers = [];
    this.#earlierPaints += this.#renderer?.paintCount ?? 0;
    this.#renderer?.destroy();
    this.#renderer = null;
    this.#priceScale = null;
    this.#o.onPriceRange?.(null); // the next renderer fits the bars
  }

  /** Resolves after the canvases painted the current state (at once when the chart is not in a document). */
  async whenPainted(): Promise<void> {
    if (!this.#renderer) await this.#host.updateComplete;
    await this.#renderer?.whenPainted();
  }

  /** Width of the price plot in CSS pixels. */
  plotWidth(): number {
    const pane = this.#renderer?.pane('price');
    return pane ? pane.plot.bbox.width / pxRatioOf(pane.plot) : this.#host.clientWidth - 64;
  }

  /**
   * Re-reads the theme from CSS (colours, convention) and rebuilds the panes when it changed.
   * `auto` follows the nearest `dark`/`light` class or `data-theme` around the chart, else `prefers-color-scheme`.
   */
  applyTheme(): void {
    const core = this.#o.core;
    const theme = core.store.peek('settings').theme;
    const resolved = theme === 'light' || theme === 'dark' ? theme : resolveAutoTheme(this.#host);
    if (this.#host.dataset.resolvedTheme !== resolved) this.#host.dataset.resolvedTheme = resolved;
    const style = getComputedStyle(this.#host);
    this.#followFontFamily(style.fontFamily);
    this.#layerPanes(style);
    const next = readChartTheme(style, core.store.peek('settings').colorConvention);
    const current = Signal.subtle.untrack(() => this.#theme.get());
    if (current && JSON.stringify(next) === JSON.stringify(current)) return;
    this.#theme.set(next);
    this.#renderer?.invalidateLayout();
    this.#o.onTheme?.();
  }

  /**
   * The legend and the axes (`--kline-font`) in the host's computed family: a page's
   * `kline-chart { font-family: Georgia }` reaches them as it reaches the toolbar. A `:host` rule of the
   * chart's own, after its default, so a page's `--kline-font` on the element still wins; read on setup,
   * a theme change and a resize (the family then changed), never per paint.
   */
  #followFontFamily(family: string): void {
    if (family === this.#fontFamily || !this.#host.shadowRoot) return;
    this.#fontFamily = family;
    hostRule(this.#host).style.setProperty('--kline-font', `11px ${family}`);
  }

  #fontFamily = '';

  /**
   * Makes the panes' box an opaque layer painted in the chart's background (kline-chart.styles.ts `.panes.opaque`)
   * when that paints exactly what the host shows there (`host`, its computed style): an opaque colour and no
   * image. A translucent background (painted twice it would darken), a host background other than
   * `--kline-background`, or a background image the page gives the chart (a watermark, a gradient, which the
   * opaque box would hide) keeps the box transparent. Only the compositor's work changes, not a pixel.
   */
  #layerPanes(host: CSSStyleDeclaration): void {
    const panes = this.#host.renderRoot.querySelector<HTMLElement>('.panes');
    if (!panes) return;
    panes.classList.add('opaque');
    const own = getComputedStyle(panes).backgroundColor;
    if (own !== host.backgroundColor || !/^rgb\(/.test(own) || host.backgroundImage !== 'none')
      panes.classList.remove('opaque');
  }

  #setup(): void {
    if (this.#renderer) return;
    const root = this.#host.renderRoot;
    const container = root.querySelector<HTMLElement>('.panes');
    const main = root.querySelector<HTMLElement>('.main');
    if (!container || !main) return;
    const core = this.#o.core;
    const separators = new PaneSeparators(
      main,
      {
        panes: core.panes,
        // The same tool as the agent's: one undo step named pane_resize, reported as the user's.
        resize: (weights) => void core.tools.execute('pane_resize', { weights }, { origin: 'user' }),
      },
      { label: this.#o.separatorLabel, notice: this.#o.inputFailed },
    );
    this.applyTheme();
    const renderer = new ChartRenderer({
      source: this.#source,
      container,
      paintOverlay: (u, paneId, t) => {
        this.#o.overlays?.paint(u, paneId, t);
        this.#o.drawings.paintOverlay(u, paneId, t);
        this.#o.overlays?.paintPrimitives(u, paneId, t);
      },
      paintAxisOverlay: this.#o.overlays?.paintAxis,
      axisTagPrices: this.#o.overlays?.axisTagPrices,
      theme: () => this.theme,
      locale: this.#o.lang,
      panes: () => {
        const specs = this.#specs.get();
        core.indicatorEngine.retain(core.store.state.indicators.get().map((i) => i.instanceId));
        // While a saved layout is restored the bars wait for it (`held`), and so do the studies' lines: drawn over
        // no bars, they showed the first bars' values across the plot (a flash of a wrong chart on a slow device).
        return this.held.get() ? specs.map((spec) => (spec.series.length ? { ...spec, series: [] } : spec)) : specs;
      },
      onLayout: (offsets) => {
        this.#o.onLayout(offsets);
        separators.update(offsets, container.clientHeight);
        // The price pane's legend ends where the next pane begins (kline-chart.styles.ts): a short chart
        // with several panes (320 × 240) had its MA/BOLL rows written over the volume pane's legend.
        const next = Math.min(...[...offsets.values()].filter((top) => top > 0));
        if (Number.isFinite(next)) main.style.setProperty('--_kline-price-pane-height', `${next}px`);
        else main.style.removeProperty('--_kline-price-pane-height');
      },
      onCursor: (index) => this.#o.onCursor(index),
      onPriceRange: this.#o.onPriceRange,
      onExtrasFailed: this.#o.onExtrasFailed,
      // The legend keeps clear of a price axis that grew for long prices (kline-chart.styles.ts).
      onAxisWidth: (width) => main.style.setProperty('--_kline-axis-width', `${width}px`),
    });
    this.#renderer = renderer;
    // Size now rather than when the observer reports: the next frame paints (a moved chart never shows blank).
    renderer.resize(Math.floor(container.clientWidth), Math.floor(container.clientHeight));
    const resize = new ResizeObserver((entries) => {
      const r = entries[0].contentRect;
      // A page rule that changes the host's family (a media query) gets there with a resize.
      if (getComputedStyle(this.#host).fontFamily !== this.#fontFamily) this.applyTheme();
      this.#renderer?.resize(Math.floor(r.width), Math.floor(r.height));
    });
    resize.observe(container);
    // Its device px change with a CSS zoom on an ancestor and with the window's ratio: the canvases follow.
    renderer.setPixelRatio(pixelRatioAt(container));
    const zoom = new ResizeObserver(() => this.#renderer?.setPixelRatio(pixelRatioAt(container)));
    try {
      zoom.observe(container, { box: 'device-pixel-content-box' });
    } catch {
      // No device-pixel box (Safari): the ratio is read when the chart is set up.
    }
    this.#o.overlays?.attach(renderer, container);
    this.#o.drawings.attach(renderer, container, this.#host);
    this.#watcher.start(this.#host);
    const listening = new AbortController();
    this.#priceScale = new PriceScaleDrag({
      container,
      renderer,
      side: () => core.store.peek('settings').priceAxisSide,
      // The scale as drawn (pane-plot.ts): a log setting is drawn linear until the modes' chunk is here.
      log: () => renderer.pane('price')?.plot.scales.price?.distr === 3,
      signal: listening.signal,
      notice: this.#o.inputFailed,
    });
    // A web font of the chart's family that arrives after the first paint (the page's @font-face, loaded
    // as the toolbar's words ask for it): the canvases' text was drawn in the fallback, and the DOM alone
    // repaints itself. Once per load, never per frame.
    document.fonts?.addEventListener('loadingdone', () => this.#renderer?.invalidateLayout(), {
      signal: listening.signal,
    });
    let lastSettings = core.store.peek('settings');
    let shown = '';
    // What hostDisconnected undoes (it then destroys the renderer).
    this.#disposers.push(
      () => {
        listening.abort();
        resize.disconnect();
        zoom.disconnect();
        separators.destroy();
        this.#o.overlays?.detach();
        this.#o.drawings.detach();
        this.#watcher.stop();
      },
      effect(() => {
        // Another instrument or period: the price scale fits its bars again.
        const series = core.store.state.series.get();
        const key = series ? `${series.instrument.sourceId}|${series.instrument.symbol}|${series.period}` : '';
        if (key !== shown) renderer.setPriceRange(null);
        shown = key;
      }),
      effect(() => {
        const settings = core.store.state.settings.get();
        if (settings.theme !== lastSettings.theme || settings.colorConvention !== lastSettings.colorConvention)
          this.applyTheme();
        lastSettings = settings;
      }),
    );
  }
}
