import type uPlot from 'uplot';
import { pxRatioOf } from './plot-pixel-ratio.js';
import { Signal } from 'signal-polyfill';
import type { Bars } from '../core/data/index.js';
import { clampView, type ChartSettings, type ViewRange } from '../core/state/index.js';
import { effect, type ReadOnlySignal } from '../core/store/index.js';
import type { ChartTheme } from './chart-theme.js';
import type { PlotTransform } from './paint-candles.js';
import { PanePlot, paneSignature, type PaneSeries, type PaneSpec, type PriceRange } from './pane-plot.js';
import type { ZonedClock } from './zoned-clock.js';
import type { RenderSource } from './render-source.js';
import { extendTimes, futureBarCount } from './forward-bars.js';
import { SharedAxisWidth } from './price-axis-width.js';
import type { PaneExtras } from './pane-extras.js';
import { lazyModule } from '../core/tools/lazy-module.js';
import { loadDecimatedPainters } from './paint-candles.js';

/** The percent and log scales, levels and the left scale (pane-extras.ts), once a chart has loaded them. */
let paneExtras: PaneExtras | null = null;
/** Their chunk, loaded when a frame first needs it (a failed fetch is forgotten: the next need tries again). */
const loadPaneExtras = lazyModule(() => import('./pane-extras.js').then((module) => (paneExtras = module)));

/** Largest count of consecutive integers from 0 that a Float32Array stores exactly (2^24). */
const FLOAT32_EXACT_INTEGERS = 2 ** 24;

/** A pane the renderer should show, with its relative height. */
export interface PaneLayoutSpec extends Omit<PaneSpec, 'showXAxis'> {
  readonly weight: number;
}

export interface RendererOptions {
  /** The state slices to draw, as signals (see render-source.ts). */
  readonly source: RenderSource;
  /** Element the pane plots are appended to (inside the shadow root). */
  readonly container: HTMLElement;
  readonly theme: () => ChartTheme;
  /**
   * The locale the axes format dates and numbers in: the catalogue the chart speaks (a `de-DE` page
   * without German strings is labelled in English throughout, not half in each). Default: the
   * `locale` setting. Read in an effect: a catalogue that arrives later re-labels the axes.
   */
  readonly locale?: () => string;
  /** The panes to show for the current state (price first). Read inside an effect: may read signals. */
  readonly panes: () => readonly PaneLayoutSpec[];
  readonly paintOverlay?: (u: uPlot, paneId: string, transform: PlotTransform) => void;
  /** Painting outside the plot clip, after `paintOverlay` (axis tags). */
  readonly paintAxisOverlay?: (u: uPlot, paneId: string, transform: PlotTransform) => void;
  /** Prices of the tags `paintAxisOverlay` paints on the price axis: tick labels under them are left out. */
  readonly axisTagPrices?: () => readonly number[];
  readonly onCursor?: (index: number | null, paneId: string | null) => void;
  /** The price pane's scale was fixed by the user or fits the bars again (`null`). */
  readonly onPriceRange?: (range: PriceRange | null) => void;
  /** The price axes' width changed (CSS px): it follows the widest label or tag (price-axis-width.ts). */
  readonly onAxisWidth?: (width: number) => void;
  /** Called after a frame that changed the panes or their sizes, with each pane's top offset (CSS px). */
  readonly onLayout?: (offsets: ReadonlyMap<string, number>) => void;
  /**
   * The code of the percent or log scale, levels, the left scale, a candle style, a cloud or dots (pane-extras.ts)
   * could not be fetched: the chart is drawn without them (a linear scale, the market's candles, no cloud, no dots) until a
   * later change loads it. `needed` says which of them the frame wanted.
   */
  readonly onExtrasFailed?: (error: unknown, needed: ExtrasNeeded) => void;
}

/** What a frame wanted from pane-extras.ts when its fetch failed (`onExtrasFailed`). */
export interface ExtrasNeeded {
  /** A percent or log scale, study levels or a left scale. */
  readonly scale: boolean;
  /** The Heikin-Ashi, line or area candle style. */
  readonly candles: boolean;
  /** The cloud of a band study (Ichimoku's). */
  readonly clouds: boolean;
  /** The dots of a study drawn as dots (SAR's). */
  readonly dots: boolean;
}

let nextSyncKey = 0;

/** Reads a signal without subscribing (inside the frame callback and uPlot hooks). */
const peek = <T>(signal: ReadOnlySignal<T>): T => Signal.subtle.untrack(() => signal.get());

/**
 * Draws the store with one uPlot per pane. Effects mark what changed; one animation frame applies
 * it: new panes or layout → rebuild those panes; data → setData; view → setScale; overlays → redraw.
 */
export class ChartRenderer {
  readonly #o: RendererOptions;
  readonly #panes = new Map<string, PanePlot>();
  readonly #dispose: (() => void)[] = [];
  readonly #syncKey = `kline-${nextSyncKey++}`;
  #xIndex: Float32Array | Float64Array = new Float32Array(0);
  #frame = 0;
  readonly #dirty = { data: true, view: true, layout: true, overlay: true };
  #size = { width: 0, height: 0 };
  #specs: readonly PaneLayoutSpec[] = [];
  #paintWaiters: (() => void)[] = [];
  #laidOut: string[] = [];
  /** The size object the panes were last laid out for (`resize` replaces it). */
  #sizedFor: { width: number; height: number } | null = null;
  #paints = 0;
  /** Slots after the last bar that forward plots reach (Ichimoku's cloud); see forward-bars.ts. */
  #future = 0;
  #axisTime: { bars: Bars; future: number; clock: ZonedClock; time: Float64Array } | null = null;
  /** One price-axis width for every pane, so their bars line up. */
  readonly #axisWidth = new SharedAxisWidth(() => {
    for (const pane of this.#panes.values()) pane.relayoutAxis(this.#axisWidth.width);
    this.#o.onAxisWidth?.(this.#axisWidth.width);
  });

  /** The price pane's scale as the user set it (a drag on its axis), or null: it fits the bars in view. */
  #priceRange: PriceRange | null = null;

  /** The modes' chunk is loading for a frame; or what needed it when its fetch failed (drawn without since). */
  #extrasLoading = false;
  #extrasFailedFor: string | null = null;
  #gone = false;
  /** The zoomed-out painters were asked for (pane-plot.ts `narrowBars`). */
  #decimation = false;

  /** The percent and log scales' code (pane-extras.ts), when loaded: the axis tags follow the scale with it. */
  get paneExtras(): PaneExtras | null {
    return paneExtras;
  }

  /**
   * Whether a frame for `specs` (a left scale when `leftAxis`) needs the modes' code (pane-extras.ts) and
   * must wait for it: nothing is painted until it is here, so no frame shows a linear scale for a percent
   * one, plain candles for Heikin-Ashi ones or a close line, a band study without its cloud or SAR without its dots.
   * Starts its load. After a failed fetch the chart is drawn without it, and tries again when what needs it changes
   * (another scale, levels, a left scale, the candle style, a cloud, dots), not on every new bar.
   */
  #extrasMissing(specs: readonly PaneLayoutSpec[], settings: ChartSettings, leftAxis: boolean): boolean {
    if (paneExtras) return false;
    const levels = specs.some((sp) => sp.levels?.length);
    const needed: ExtrasNeeded = {
      scale: leftAxis || levels || settings.priceScale !== 'linear',
      candles: ['heikin_ashi', 'line', 'area'].includes(settings.candleStyle),
      clouds: specs.some((sp) => sp.series.some((s) => s.style === 'band' && !s.hidden)),
      dots: specs.some((sp) => sp.series.some((s) => s.style === 'dots' && !s.hidden)),
    };
    if (!needed.scale && !needed.candles && !needed.clouds && !needed.dots) {
      // Nothing wants it now: the next frame that does tries the fetch again.
      this.#extrasFailedFor = null;
      return false;
    }
    const need = `${settings.priceScale} ${leftAxis} ${levels} ${needed.candles && settings.candleStyle} ${needed.clouds} ${needed.dots}`;
    if (this.#extrasLoading) return true;
    if (need === this.#extrasFailedFor) return false;
    this.#extrasLoading = true;
    loadPaneExtras().then(
      () => {
        this.#extrasLoading = false;
        if (!this.#gone) this.#mark('layout');
      },
      (error: unknown) => {
        this.#extrasLoading = false;
        this.#extrasFailedFor = need;
        if (this.#gone) return;
        this.#o.onExtrasFailed?.(error, needed);
        this.#mark('layout');
      },
    );
    return true;
  }

  get priceRange(): PriceRange | null {
    return this.#priceRange;
  }

  /**
   * Fixes the price pane's scale to `range` (TradingView's scale after a drag on the price axis: no
   * longer fitted to the bars in view), or fits it again (`null`). Not a state change: not undone, not saved.
   */
  setPriceRange(range: PriceRange | null): void {
    if (range === this.#priceRange) return;
    if (range && !(Number.isFinite(range.min) && Number.isFinite(range.max) && range.max > range.min)) return;
    this.#priceRange = range;
    this.#panes.get('price')?.applyPriceRange(range);
    this.#o.onPriceRange?.(range);
  }

  /** The price axes' width in CSS px (64 unless a label or tag needs more). */
  get axisWidth(): number {
    return this.#axisWidth.width;
  }

  /** Frames painted so far (tests check that bursts coalesce to one frame). */
  get paintCount(): number {
    return this.#paints;
  }

  constructor(options: RendererOptions) {
    this.#o = options;
    const s = options.source;
    // One effect per slice: each marks only what its slice changes, and the frame applies the marks.
    this.#dispose.push(
      effect(() => {
        s.bars.get();
        s.dataRevision.get();
        this.#specs = options.panes();
        this.#mark('data');
      }),
      effect(() => {
        s.view.get();
        this.#mark('view');
      }),
      effect(() => {
        s.settings.get();
        s.clock.get(); // axis labels are in the display zone
        options.locale?.();
        this.#mark('layout');
      }),
      effect(() => {
        s.comparisons.get();
        this.#mark('data');
      }),
      effect(() => {
        s.overlays.get();
        this.#mark('overlay');
      }),
    );
  }

  /** Resolves after the next frame has painted the canvases. */
  whenPainted(): Promise<void> {
    return new Promise((resolve) => {
      this.#paintWaiters.push(resolve);
      this.#schedule();
    });
  }

  /** Marks the overlay dirty (drawing previews, hover) and repaints on the next frame. */
  invalidateOverlay(): void {
    this.#mark('overlay');
  }

  /** Rebuilds every pane on the next frame (theme change). */
  invalidateLayout(): void {
    this.#mark('layout');
  }

  #pixelRatio = 0;

  /**
   * Backs every pane's canvas at `ratio` device px per CSS px: `devicePixelRatio` times the CSS zoom
   * the chart is shown at, so a zoomed chart is drawn sharp, not upscaled (plot-pixel-ratio.ts).
   */
  setPixelRatio(ratio: number): void {
    if (!(ratio > 0) || ratio === this.#pixelRatio) return;
    this.#pixelRatio = ratio;
    for (const pane of this.#panes.values()) pane.setPixelRatio(ratio);
    // The panes repaint at once; a frame tells whoever waits for a paint.
    if (this.#panes.size > 0) this.#schedule();
  }

  resize(width: number, height: number): void {
    if (width === this.#size.width && height === this.#size.height) return;
    this.#size = { width, height };
    this.#mark('layout');
  }

  get paneIds(): string[] {
    return [...this.#panes.keys()];
  }

  pane(id: string): PanePlot | undefined {
    return this.#panes.get(id);
  }

  /**
   * Shows the crosshair's vertical line at bar `index` on every pane, without its horizontal line
   * (another chart's crosshair, `sync`), or hides it (`null`). Each pane is set on its own: uPlot's
   * sync hides a receiving pane's cursor when the sender's is above its plot.
   */
  showCursorAt(index: number | null): void {
    for (const { plot: u } of this.#panes.values()) {
      const left = index === null ? -10 : u.valToPos(index, 'x');
      u.setCursor({ left: left >= 0 && left <= u.bbox.width / pxRatioOf(u) ? left : -10, top: -10 });
    }
  }

  /** The display clock (a signal read: a template that shows times follows the zone). */
  get clock(): ZonedClock {
    return this.#o.source.clock.get();
  }

  destroy(): void {
    this.#gone = true;
    cancelAnimationFrame(this.#frame);
    for (const d of this.#dispose) d();
    for (const p of this.#panes.values()) p.destroy();
    this.#panes.clear();
    for (const w of this.#paintWaiters) w();
  }

  #mark(kind: 'data' | 'view' | 'layout' | 'overlay'): void {
    this.#dirty[kind] = true;
    this.#schedule();
  }

  #schedule(): void {
    if (this.#frame) return;
    this.#frame = requestAnimationFrame(() => {
      this.#frame = 0;
      // Waiters are told only after a frame that really painted (a sized container with panes).
      if (!this.#render()) return;
      this.#paints++;
      const waiters = this.#paintWaiters;
      this.#paintWaiters = [];
      for (const w of waiters) w();
    });
  }

  #bars(): Bars {
    return peek(this.#o.source.bars);
  }

  #viewFor: ViewRange | null | undefined = undefined;
  #viewN = -1;
  #viewClamped: ViewRange = { start: 0, end: 1 };

  /** The clamped view, computed once per view change (the hooks of every pane ask for it per frame). */
  #view(): ViewRange {
    const n = this.#bars().length;
    const raw = peek(this.#o.source.view);
    if (raw !== this.#viewFor || n !== this.#viewN) {
      this.#viewFor = raw;
      this.#viewN = n;
      this.#viewClamped = clampView(raw ?? { start: 0, end: Math.max(1, n) }, n, 2);
    }
    return this.#viewClamped;
  }

  #settings(): ChartSettings {
    return peek(this.#o.source.settings);
  }

  #render(): boolean {
    const { width, height } = this.#size;
    if (width <= 0 || height <= 0) return false;
    const specs = this.#specs;
    const dirty = this.#dirty;
    // The pan/zoom path: only the x scale moved. No allocation beyond what uPlot does itself.
    if (
      !dirty.layout &&
      !dirty.data &&
      this.#panes.size === specs.length &&
      specs.length === this.#laidOut.length &&
      this.#sizedFor === this.#size
    ) {
      let all = true;
      for (let i = 0; i < specs.length; i++) if (!this.#panes.has(specs[i].id)) all = false;
      if (all) {
        const view = dirty.view ? this.#view() : null;
        const overlay = dirty.overlay;
        dirty.view = dirty.overlay = false;
        for (const pane of this.#panes.values()) {
          if (view) pane.setView(view);
          else if (overlay) pane.redraw();
        }
        return true;
      }
    }
    const settings = this.#settings();
    // Something on the price pane's left scale: every pane reserves its width (src/render/left-price-scale.ts).
    const leftAxis =
      specs.some((sp) => sp.series.some((s) => s.scale === 'left')) ||
      peek(this.#o.source.comparisons).some((c) => c.scale === 'left');
    if (this.#extrasMissing(specs, settings, leftAxis)) return false;
    // Forward slots and the x index change only with data or panes, never on the pan/zoom path above.
    const bars = this.#bars();
    this.#future = futureBarCount(
      specs.map((sp) => sp.series),
      bars.length,
    );
    if (this.#xIndex.length < bars.length + this.#future) {
      const length = Math.max(bars.length + this.#future, Math.ceil(this.#xIndex.length * 1.5));
      // Slot numbers are integers: float32 holds them exactly up to 2^24 at half the memory (4 MB per 1M bars).
      const x = length <= FLOAT32_EXACT_INTEGERS ? new Float32Array(length) : new Float64Array(length);
      for (let i = 0; i < x.length; i++) x[i] = i;
      this.#xIndex = x;
    }
    const was = { ...dirty };
    if (was.data || was.layout) this.#axisWidth.allowShrink();
    dirty.data = dirty.view = dirty.layout = dirty.overlay = false;
    this.#sizedFor = this.#size;
    const totalWeight = specs.reduce((a, s) => a + s.weight, 0) || 1;
    const xAxisH = 26;
    const avail = height - xAxisH;
    const wanted = new Set(specs.map((s) => s.id));
    for (const [id, pane] of this.#panes) {
      if (!wanted.has(id)) {
        pane.destroy();
        this.#panes.delete(id);
      }
    }
    const view = this.#view();
    const heights = paneHeights(
      specs.map((sp) => sp.weight / totalWeight),
      avail,
    );
    // New panes' painting waits until every pane is laid out (pane-plot.ts `holdPaint`): a later pane whose
    // axis labels are wider widens the shared price axis and has the earlier ones drawn again.
    const held: PanePlot[] = [];
    try {
      specs.forEach((spec, index) => {
        const last = index === specs.length - 1;
        const paneH = heights[index] + (last ? xAxisH : 0);
        const full: PaneSpec = { ...spec, showXAxis: last, ...(leftAxis ? { leftAxis } : {}) };
        const signature = paneSignature(full, settings);
        let pane = this.#panes.get(spec.id);
        if (pane && (pane.signature !== signature || was.layout)) {
          pane.destroy();
          this.#panes.delete(spec.id);
          pane = undefined;
        }
        if (!pane) {
          pane = new PanePlot(this.#o.container, full, this.#env(), { width, height: paneH });
          this.#panes.set(spec.id, pane);
          pane.holdPaint();
          held.push(pane);
          pane.setData(full);
        } else {
          if (pane.plot.width !== width || pane.plot.height !== paneH) pane.setSize(width, paneH);
          if (was.data || pane.spec.series !== full.series) pane.setData(full);
          else if (was.view) pane.setView(view);
          else if (was.overlay) pane.redraw();
        }
      });
    } finally {
      for (const pane of held) pane.releasePaint(this.#axisWidth.width);
    }
    const layoutChanged =
      was.layout ||
      specs.length !== this.#laidOut.length ||
      specs.some((sp, i) => this.#laidOut[i] !== `${sp.id}:${sp.weight}`);
    this.#laidOut = specs.map((sp) => `${sp.id}:${sp.weight}`);
    // Keep DOM order equal to the spec order.
    let before: Element | null = null;
    for (let i = specs.length - 1; i >= 0; i--) {
      const pane = this.#panes.get(specs[i].id);
      if (!pane) continue;
      pane.place(this.#o.container, before);
      before = pane.element;
    }
    if (layoutChanged && this.#o.onLayout) {
      const offsets = new Map<string, number>();
      let top = 0;
      for (const spec of specs) {
        offsets.set(spec.id, top);
        top += this.#panes.get(spec.id)?.plot.height ?? 0;
      }
      this.#o.onLayout(offsets);
    }
    return true;
  }

  /** Bar times plus the forward slots' times (the period continued) for the time axis. */
  #axisTimes(): Float64Array {
    const bars = this.#bars();
    const cached = this.#axisTime;
    const clock = peek(this.#o.source.clock);
    if (cached && cached.bars === bars && cached.future === this.#future && cached.clock === clock) return cached.time;
    const period = peek(this.#o.source.period);
    const time = extendTimes(bars.time, bars.length, this.#future, period, (t) => clock.wall(t).getUTCDay());
    this.#axisTime = { bars, future: this.#future, clock, time };
    return time;
  }

  #env() {
    return {
      bars: () => this.#bars(),
      xIndex: () => this.#xIndex.subarray(0, this.#bars().length + this.#future),
      axisTime: () => this.#axisTimes(),
      view: () => this.#view(),
      theme: () => this.#o.theme(),
      settings: () => this.#settings(),
      locale: () => (this.#o.locale ? Signal.subtle.untrack(this.#o.locale) : this.#settings().locale),
      clock: () => peek(this.#o.source.clock),
      intraday: () => !['1d', '1w', '1M'].includes(peek(this.#o.source.period)),
      pricePrecision: () => (this.#o.source.pricePrecision ? peek(this.#o.source.pricePrecision) : undefined),
      comparisons: () => peek(this.#o.source.comparisons),
      syncKey: this.#syncKey,
      paintOverlay: this.#o.paintOverlay,
      paintAxisOverlay: this.#o.paintAxisOverlay,
      axisTagPrices: this.#o.axisTagPrices,
      axisWidth: this.#axisWidth,
      priceRange: () => this.#priceRange,
      pixelRatio: () => this.#pixelRatio,
      extras: () => paneExtras,
      narrowBars: () => {
        if (this.#decimation) return;
        this.#decimation = true;
        // Loaded: drawn again with them. A failed fetch leaves every bar drawn (nothing missing), not fetched again.
        loadDecimatedPainters().then(
          () => {
            if (!this.#gone) this.#mark('overlay');
          },
          () => {},
        );
      },
      onCursor: (index: number | null, paneId: string) => this.#o.onCursor?.(index, index === null ? null : paneId),
    };
  }
}

export type { PaneSeries, PriceRange };

/** Minimum plot height of a pane in CSS px. */
export const MIN_PANE_HEIGHT = 40;

/**
 * Splits `avail` px by `shares` (summing to 1) with every pane at least {@link MIN_PANE_HEIGHT}:
 * what the minimums add is taken from the tallest panes, what rounding leaves goes to the first.
 * The result always sums to `avail` when it can, so no pane ever gets a negative height.
 */
export function paneHeights(shares: readonly number[], avail: number): number[] {
  const hs = shares.map((sh) => Math.max(MIN_PANE_HEIGHT, Math.round(avail * sh)));
  let over = hs.reduce((a, h) => a + h, 0) - avail;
  while (over > 0) {
    let tallest = 0;
    for (let i = 1; i < hs.length; i++) if (hs[i] > hs[tallest]) tallest = i;
    const take = Math.min(over, hs[tallest] - MIN_PANE_HEIGHT);
    if (take <= 0) break;
    hs[tallest] -= take;
    over -= take;
  }
  if (over < 0 && hs.length) hs[0] -= over;
  return hs;
}
