import uPlot from 'uplot';
import { pxRatioOf, setPxRatioOf } from './plot-pixel-ratio.js';
import { makeFirstPlotDecoy } from './first-plot-decoy.js';
import { formatAxisTicks, formatPriceTag } from './format-number.js';
import { blankRange } from './blank-range.js';
import type { PaneExtras } from './pane-extras.js';
import type { Bars } from '../core/data/index.js';
import type { HeikinAshi } from '../core/data/heikin-ashi.js';
import type { ChartSettings, ViewRange } from '../core/state/index.js';
import { comparisonColor, type ChartTheme } from './chart-theme.js';
import { paintCandles, paintVolume, type CandleColors, type PlotTransform } from './paint-candles.js';
import { computeTimeTicks } from './time-ticks.js';
import type { CrosshairTags } from './crosshair-tags.js';
import { lazyModule } from '../core/tools/lazy-module.js';
import { clientScale } from './client-scale.js';
import { axisWidthFor, type SharedAxisWidth } from './price-axis-width.js';

/** The crosshair's axis tags, a chunk of their own loaded when a crosshair first shows. */
const loadCrosshairTags = lazyModule(() => import('./crosshair-tags.js'));
import type { ZonedClock } from './zoned-clock.js';

/** A drawn output in a pane: an indicator line, a histogram, dots or a band edge. */
export interface PaneSeries {
  readonly key: string;
  readonly label: string;
  readonly color: string;
  readonly style: 'line' | 'histogram' | 'dots' | 'band';
  readonly values: Float64Array;
  /** Histogram bar colours: by sign (default) or by change from the previous bar. */
  readonly colorBy?: 'sign' | 'change';
  /** `left`: drawn against the price pane's left scale (src/render/left-price-scale.ts). */
  readonly scale?: 'left';
  /** Line width in CSS px (default 1). */
  readonly width?: number;
  /** Not drawn, no legend value (the study's title stays in the legend). */
  readonly hidden?: boolean;
}

export interface PaneSpec {
  readonly id: string;
  readonly kind: 'price' | 'volume' | 'indicator';
  readonly series: readonly PaneSeries[];
  readonly showXAxis: boolean;
  /** Something is on the price pane's left scale: every pane reserves its axis width (bars line up). */
  readonly leftAxis?: boolean;
  /** Reference levels of the pane's studies (RSI's 70 / 30): dashed lines, the outer two's band shaded. */
  readonly levels?: readonly number[];
}

/** A price scale's bounds (the price pane's, fixed by a drag on its axis). */
export interface PriceRange {
  readonly min: number;
  readonly max: number;
}

/** What every pane reads when it draws. */
export interface PaneEnv {
  bars(): Bars;
  xIndex(): Float32Array | Float64Array;
  /** Times of the x slots: the bars', then the forward slots' (forward-bars.ts). */
  axisTime(): Float64Array;
  view(): ViewRange;
  theme(): ChartTheme;
  settings(): ChartSettings;
  /** The locale of the axis labels (month names, compact volumes). */
  locale(): string;
  clock(): ZonedClock;
  /** Bars shorter than a day: the crosshair's time tag shows the time of day too. */
  intraday(): boolean;
  /** Decimals of the instrument's prices, when known: the crosshair's price tag uses them. */
  pricePrecision(): number | undefined;
  readonly syncKey: string;
  /** Extra painting on top of the price pane (drawings, selection). */
  paintOverlay?(u: uPlot, paneId: string, transform: PlotTransform): void;
  /** Painting after the plot clip is lifted (price tags on the axis). */
  paintAxisOverlay?(u: uPlot, paneId: string, transform: PlotTransform): void;
  /** Prices of those tags on the price pane's axis. */
  axisTagPrices?(): readonly number[];
  /** The price pane's scale fixed by the user, or null (fitted to the bars in view). */
  priceRange(): PriceRange | null;
  /** The price axes' width, shared by the chart's panes (price-axis-width.ts). */
  readonly axisWidth: SharedAxisWidth;
  /** Other instruments overlaid on the price pane (closes aligned to the main bars). */
  comparisons(): readonly {
    readonly symbol: string;
    readonly color: string;
    readonly closes: Float64Array;
    readonly scale?: 'left';
  }[];
  /** Device px per CSS px of the canvases (0: uPlot's, the window's `devicePixelRatio`). */
  pixelRatio(): number;
  /**
   * The percent and log scales, levels and left scale (pane-extras.ts), once loaded; without them a
   * pane draws a linear scale, no levels and no left scale (the renderer waits for them: chart-renderer.ts).
   */
  extras(): PaneExtras | null;
  /** Bars got narrow (under 3 device px): load the zoomed-out painters (paint-candles.ts `loadDecimatedPainters`). */
  narrowBars(): void;
  /** Cursor moved over any pane (index or null). */
  onCursor(index: number | null, paneId: string, top: number | null): void;
}

/** Half a price tag's height (16 px) plus half a label's (~12 px), in CSS px. */
const TAG_CLEARANCE_PX = 14;
/** Half a tick label's height (11 px text), CSS px. */
const LABEL_HALF_PX = 6;
const X_AXIS_SIZE = 26;
/** Up first, then down (the painters' order). */
const DIRECTIONS = [true, false] as const;

/** The layout signature: a pane is rebuilt only when this changes. */
export function paneSignature(spec: PaneSpec, settings: ChartSettings): string {
  return [
    spec.kind,
    spec.showXAxis,
    spec.leftAxis === true,
    settings.priceScale,
    settings.priceAxisSide,
    settings.grid,
    settings.theme,
    ...spec.series.map(
      (s) =>
        `${s.key}:${s.style}:${s.color}${s.scale ? `:${s.scale}` : ''}:${s.width ?? 1}${s.hidden ? ':hidden' : ''}`,
    ),
  ].join('|');
}

/** One uPlot per pane, sharing the index-space x scale and a synced cursor. */
/** A chart's time ticks, computed once per view for all its panes (they share the x range and width). */
interface TimeTickCache {
  readonly time: Float64Array;
  readonly length: number;
  readonly width: number;
  readonly span: number;
  readonly clock: ZonedClock;
  readonly locale: string;
  readonly lo: number;
  readonly hi: number;
  readonly labels: ReadonlyMap<number, string>;
  readonly all: readonly number[];
}

/**
 * Time ticks by the chart's bar times (`env.axisTime()`, one array per chart and data change). They are
 * computed for a window three views wide and reused while a pan stays inside it (and the zoom, width,
 * data and zone are unchanged): a pan frame filters a cached list into a reused array, and the labels
 * stay put under the pointer instead of being re-thinned every frame. Every pane of a chart reads the
 * same entry, so a zoom computes them once for all its panes, not once per pane.
 */
const timeTickCaches = new WeakMap<Float64Array, TimeTickCache>();

export class PanePlot {
  readonly element: HTMLDivElement;
  readonly plot: uPlot;
  spec: PaneSpec;
  readonly signature: string;

  constructor(
    parent: HTMLElement,
    spec: PaneSpec,
    private readonly env: PaneEnv,
    size: { width: number; height: number },
  ) {
    this.spec = spec;
    this.signature = paneSignature(spec, env.settings());
    this.element = document.createElement('div');
    this.element.className = 'pane';
    this.element.dataset.paneId = spec.id;
    parent.appendChild(this.element);
    makeFirstPlotDecoy();
    // `pxRatio`: the canvas's device px per CSS px under a CSS zoom (scripts/uplot-px-ratio.js).
    const ratio = env.pixelRatio();
    const options = ratio ? { ...this.#options(size), pxRatio: ratio } : this.#options(size);
    // uPlot's own setup (`init`) queues a paint for a microtask; run inside the first setData's batch instead, a
    // new pane paints once (that batch) rather than twice (the batch, then the queued paint).
    this.plot = new uPlot(options, this.#data(), (u, init) => {
      this.element.appendChild(u.root);
      this.#init = init as () => void;
    });
  }

  /** uPlot's setup, until the first {@link setData} runs it (the renderer calls setData right after `new`). */
  #init: (() => void) | null = null;

  /** Backs the canvas at `ratio` device px per CSS px (`devicePixelRatio` × the CSS zoom it is shown at). */
  setPixelRatio(ratio: number): void {
    setPxRatioOf(this.plot, ratio);
  }

  #tags: CrosshairTags | null | 'loading' | 'gone' = null;
  /** Viewport px per CSS px of the plot (an ancestor's `transform: scale()` or `zoom`), at uPlot's last rect read. */
  #clientScale = { x: 1, y: 1 };

  /** The crosshair's price and time tags at the cursor (cleared when it has left). */
  #paintTags(u: uPlot): void {
    if (this.#tags === null && (u.cursor.left ?? -1) >= 0) {
      // Loaded on the first crosshair; a chunk that cannot be fetched leaves the chart without tags.
      this.#tags = 'loading';
      void loadCrosshairTags().then(
        ({ CrosshairTags }) => {
          if (this.#tags !== 'loading') return;
          this.#tags = new CrosshairTags(this.plot.root.querySelector<HTMLElement>('.u-wrap') ?? this.plot.root);
          this.#paintTags(this.plot);
        },
        () => {
          if (this.#tags === 'loading') this.#tags = null;
        },
      );
    }
    if (typeof this.#tags !== 'object' || this.#tags === null) return;
    if (this.env.settings().crosshair === 'hidden') return this.#tags.clear();
    this.#tags.paint(u, {
      yScale: this.#yScale(),
      priceText: (v) => this.#axisText([v], true)[0],
      time: this.env.axisTime(),
      clock: this.env.clock(),
      intraday: this.env.intraday(),
      theme: this.env.theme(),
      side: this.env.settings().priceAxisSide === 'left' ? 3 : 1,
      axisWidth: this.env.axisWidth.width,
      timeAxis: this.spec.showXAxis ? X_AXIS_SIZE : 0,
    });
  }

  /**
   * The price axis's width: what its tick labels and the tags over it need (the crosshair's at the
   * top and bottom of the scale, the instrument's decimals on the price pane), the widest of the chart's
   * panes. uPlot asks on every layout of the axis (a scale change), after writing the labels.
   */
  #axisSize(u: uPlot, values: string[] | null): number {
    const shared = this.env.axisWidth;
    if (!values) return (this.#axisWidthUsed = shared.width);
    const scale = u.scales[this.#yScale()];
    const { min, max } = scale;
    const tags =
      min != null && max != null && Number.isFinite(min) && Number.isFinite(max)
        ? [this.#axisText([min], true)[0], this.#axisText([max], true)[0]]
        : [];
    return (this.#axisWidthUsed = shared.report(this.spec.id, axisWidthFor(values, tags, this.env.theme().font)));
  }

  /** The width uPlot was last given for the price axis (-1: not laid out yet). */
  #axisWidthUsed = -1;

  /**
   * Set while the renderer builds its panes (ChartRenderer `#render`): a pane's `draw` hook (its bars,
   * histograms, comparisons and overlays) is held until all are laid out ({@link releasePaint}), as a later
   * pane can still widen the shared price axis and so have this one laid out and drawn again (`relayoutAxis`).
   */
  #hold = false;
  /** A `draw` hook was held and has not painted since. */
  #held = false;

  /** Holds this pane's `draw` hook in the draws that follow, until {@link releasePaint}. */
  holdPaint(): void {
    this.#hold = true;
  }

  /**
   * Runs the `draw` hook a held draw left out, over uPlot's axes and series as the draw would have (the hook
   * is the last thing a draw paints), unless the shared axis width `width` changed since this pane was laid
   * out: `relayoutAxis` then draws the pane whole in a microtask, and what is painted now would be lost.
   */
  releasePaint(width: number): void {
    this.#hold = false;
    if (this.#held && this.#axisWidthUsed === width) this.plot.hooks.draw?.forEach((hook) => hook?.(this.plot));
  }

  /** Shows the price scale fixed at `range`, or fitted to the bars in view again (`null`). */
  applyPriceRange(range: PriceRange | null): void {
    const view = this.env.view();
    if (range) this.plot.setScale(this.#yScale(), { min: range.min, max: range.max });
    // An auto scale is fitted again when the x scale is set.
    else this.plot.setScale('x', { min: view.start, max: view.end });
  }

  /**
   * Lays the axis out again when it was laid out at another width than `width` (the shared width
   * changed after this pane's layout). A pane laid out since at `width` is left alone: a rebuild that
   * forgets a pane's width and has its new pane report it again, or removes the widest pane before the
   * others are laid out, costs no second pass. A pane whose `draw` hook was held ({@link holdPaint}) and not
   * painted since is drawn again too.
   */
  relayoutAxis(width: number): void {
    if (this.#axisWidthUsed !== width || this.#held) this.plot.redraw(false, true);
  }

  #yScale(): string {
    const kind = this.spec.kind;
    return kind === 'price' ? 'price' : kind === 'volume' ? 'vol' : 'y';
  }

  /**
   * The price axis's labels for its ticks `values` (decimals from the tick step, format-number.ts), or
   * for the crosshair's price tag (`tag`: the instrument's price precision when it has one).
   */
  #axisText(values: number[], tag = false): string[] {
    const kind = this.spec.kind;
    const x = this.env.extras();
    if (x && kind === 'price' && this.env.settings().priceScale === 'percent') {
      const base = x.percentBase(this.env.bars().close, this.env.view().start);
      return tag ? [x.formatPercentTag(values[0], base)] : x.formatPercentTicks(values, base);
    }
    if (tag && kind === 'price') return [formatPriceTag(values[0], this.env.pricePrecision(), this.env.locale())];
    return formatAxisTicks(values, kind, this.env.locale());
  }

  /**
   * Blanks the tick labels a price tag (the last price, a price line's label) would half cover, as
   * TradingView does: the tag is painted over the axis after it (env.paintAxisOverlay).
   */
  #hideUnderTags(u: uPlot, scale: string, splits: number[], labels: string[]): string[] {
    const tags = this.spec.kind === 'price' ? this.env.axisTagPrices?.() : undefined;
    this.#tagsLaidOut = tags;
    if (!tags || tags.length === 0) return labels;
    const ys = tags.map((p) => u.valToPos(p, scale));
    return labels.map((label, i) => {
      const y = u.valToPos(splits[i], scale);
      return ys.some((t) => Math.abs(t - y) < TAG_CLEARANCE_PX) ? '' : label;
    });
  }

  /**
   * Blanks a tick label the pane's bottom edge would cut in half (the volume pane's 0): below a pane
   * with no time axis under it comes the next pane, which covers the label's lower half.
   */
  #hideAtEdge(u: uPlot, scale: string, splits: number[], labels: string[]): string[] {
    if (this.spec.showXAxis) return labels;
    const bottom = u.bbox.height / pxRatioOf(u) - LABEL_HALF_PX;
    for (let i = 0; i < splits.length; i++) if (u.valToPos(splits[i], scale) > bottom) labels[i] = '';
    return labels;
  }

  /** The tag prices the tick labels were last laid out around (`axisTagPrices` keeps one array while no tag moves). */
  #tagsLaidOut: readonly number[] | undefined = undefined;

  /**
   * A tag moved, came or went since the labels were laid out: a redraw that moves no scale would
   * keep the labels of before (uPlot lays them out only when a scale changes), hidden where no tag
   * is any more and shown under the new one.
   */
  #tagsMoved(): boolean {
    return this.spec.kind === 'price' && this.env.axisTagPrices !== undefined
      ? this.env.axisTagPrices() !== this.#tagsLaidOut
      : false;
  }

  /** Moves this pane to position `index` among its parent's panes. */
  place(parent: HTMLElement, before: Element | null): void {
    if (this.element.parentElement !== parent || this.element.nextElementSibling !== before)
      parent.insertBefore(this.element, before);
  }

  setData(spec: PaneSpec): void {
    this.spec = spec;
    const view = this.env.view();
    const init = this.#init;
    this.#init = null;
    this.plot.batch(() => {
      init?.();
      this.plot.setData(this.#data(), false);
      this.plot.setScale('x', { min: view.start, max: view.end });
      if (this.#tagsMoved()) this.plot.redraw(false, true);
    });
  }

  setView(view: ViewRange): void {
    this.plot.setScale('x', { min: view.start, max: view.end });
  }

  setSize(width: number, height: number): void {
    this.plot.setSize({ width, height });
  }

  redraw(): void {
    this.plot.redraw(false, this.#tagsMoved());
  }

  destroy(): void {
    this.env.axisWidth.forget(this.spec.id);
    if (typeof this.#tags === 'object' && this.#tags !== null) this.#tags.destroy();
    this.#tags = 'gone';
    this.plot.destroy();
    this.element.remove();
  }

  /**
   * The price pane's bars as drawn: Heikin-Ashi bars under that style (its range follows them too, and
   * the drawings' magnet snaps to them).
   */
  drawnBars(): Bars {
    const bars = this.env.bars();
    if (this.env.settings().candleStyle !== 'heikin_ashi') return bars;
    // The style's code is in the modes' chunk (pane-extras.ts), which the renderer loads before such a
    // frame: it is missing only after a failed fetch, and the market's own candles are drawn then.
    const Computer = this.env.extras()?.HeikinAshi;
    return Computer ? (this.#heikinAshi ??= new Computer()).of(bars) : bars;
  }

  #heikinAshi: HeikinAshi | null = null;

  #data(): uPlot.AlignedData {
    const bars = this.spec.kind === 'price' ? this.drawnBars() : this.env.bars();
    const x = this.env.xIndex();
    // Typed arrays go to uPlot as they are: no copy per load.
    const cols: ArrayLike<number>[] = [x];
    if (this.spec.kind === 'price') cols.push(bars.low, bars.high);
    if (this.spec.kind === 'volume') cols.push(bars.volume);
    for (const s of this.spec.series) cols.push(s.values);
    return cols as unknown as uPlot.AlignedData;
  }

  /** Index of the first visible bar where both the main close and `closes` exist (the 0 % base). */
  #comparisonBase(closes: Float64Array, i0: number, i1: number): number {
    const main = this.env.bars().close;
    for (let i = i0; i <= i1; i++)
      if (Number.isFinite(closes[i]) && closes[i] !== 0 && Number.isFinite(main[i])) return i;
    return -1;
  }

  #withComparisons(min: number, max: number): [number, number] {
    const view = this.env.view();
    const main = this.env.bars().close;
    const i0 = Math.max(0, Math.floor(view.start));
    for (const line of this.env.comparisons()) {
      if (line.scale === 'left') continue;
      const i1 = Math.min(line.closes.length - 1, Math.ceil(view.end));
      const base = this.#comparisonBase(line.closes, i0, i1);
      if (base < 0) continue;
      const k = main[base] / line.closes[base];
      for (let i = base; i <= i1; i++) {
        const v = line.closes[i] * k;
        if (v < min) min = v;
        if (v > max) max = v;
      }
    }
    return [min, max];
  }

  /** Comparisons as percent change from the first visible bar, drawn in the main price space. */
  #paintComparisons(u: uPlot, ctx: CanvasRenderingContext2D, i0: number, i1: number, t: PlotTransform): void {
    const main = this.env.bars().close;
    for (const line of this.env.comparisons()) {
      if (line.scale === 'left') continue;
      const end = Math.min(i1, line.closes.length - 1);
      const base = this.#comparisonBase(line.closes, i0, end);
      if (base < 0) continue;
      const k = main[base] / line.closes[base];
      ctx.beginPath();
      let started = false;
      const step = t.slot < 1 ? Math.max(1, Math.floor(1 / t.slot)) : 1;
      for (let i = base; i <= end; i += step) {
        const v = line.closes[i];
        if (!Number.isFinite(v)) continue;
        const x = t.x(i);
        const y = t.y(v * k);
        if (started) ctx.lineTo(x, y);
        else {
          ctx.moveTo(x, y);
          started = true;
        }
      }
      ctx.lineWidth = 1.5 * pxRatioOf(u);
      ctx.strokeStyle = comparisonColor(this.env.theme(), line.color);
      ctx.stroke();
    }
  }

  /**
   * Scales with no value in view (no bars yet, a study all warm-up): their range is a stand-in 0..1, so
   * their axis shows no labels and no grid rather than ticks of values that are not there.
   */
  readonly #blank = new Set<string>();

  /** Volume scales whose volumes in view are all zero: their axis labels only its 0. */
  readonly #zeroVolume = new Set<string>();

  /** This pane's transform, updated in place each frame (painters may call it per bar). */
  readonly #t = new FrameTransform();

  #transform(u: uPlot, scaleKey: string): PlotTransform {
    // The scale's own kind: a log setting is a linear scale while the modes' chunk is missing (#options).
    const log = u.scales[scaleKey].distr === 3;
    const y0 = u.valToPos(log ? 1 : 0, scaleKey, true);
    const y1 = u.valToPos(log ? 10 : 1, scaleKey, true);
    return this.#t.update(u.bbox.left, u.bbox.width, u.scales.x.min ?? 0, u.scales.x.max ?? 1, y0, y1 - y0, log);
  }

  #palette: { theme: ChartTheme; colors: CandleColors & { faded: CandleColors } } | null = null;

  /** Candle and volume colours of a theme, derived once per theme rather than per frame. */
  #colors(th: ChartTheme): CandleColors & { faded: CandleColors } {
    if (this.#palette?.theme !== th) {
      const colors = { up: th.up, down: th.down, line: th.line, areaFill: th.areaFill };
      this.#palette = { theme: th, colors: { ...colors, faded: { ...colors, up: fade(th.up), down: fade(th.down) } } };
    }
    return this.#palette.colors;
  }

  #options(size: { width: number; height: number }): uPlot.Options {
    const theme = this.env.theme();
    const settings = this.env.settings();
    const kind = this.spec.kind;
    const side = settings.priceAxisSide === 'left' ? 3 : 1;
    const yScale = this.#yScale();
    const grid = { show: settings.grid, stroke: theme.grid, width: 1 };
    const blank = this.#blank;
    const zeroVolume = this.#zeroVolume;
    const ticks = { show: false };
    const visibleSplits: number[] = [];
    const timeSplits = (u: uPlot, _ai: number, min: number, max: number): number[] => {
      // The bar times plus the forward slots' (forward-bars.ts), one array per data/zone change.
      const time = this.env.axisTime();
      const clock = this.env.clock();
      const locale = this.env.locale();
      const width = u.bbox.width / pxRatioOf(u);
      const span = max - min;
      let c = timeTickCaches.get(time);
      if (
        !c ||
        c.time !== time ||
        c.length !== time.length ||
        c.width !== width ||
        c.clock !== clock ||
        c.locale !== locale ||
        Math.abs(c.span - span) > span * 1e-9 ||
        min < c.lo ||
        max > c.hi
      ) {
        const lo = min - span;
        const hi = max + span;
        // Same bars per pixel as the view itself, however much of the window holds data.
        const held = Math.min(time.length - 1, Math.floor(hi)) - Math.max(0, Math.ceil(lo)) + 1;
        const list = computeTimeTicks(
          time,
          time.length,
          lo,
          hi,
          (width * Math.max(1, held)) / span,
          clock,
          undefined,
          locale,
        );
        c = {
          time,
          length: time.length,
          width,
          span,
          clock,
          locale,
          lo,
          hi,
          labels: new Map(list.map((t) => [t.index, t.label])),
          all: list.map((t) => t.index),
        };
        timeTickCaches.set(time, c);
      }
      visibleSplits.length = 0;
      for (const index of c.all) if (index >= min && index <= max) visibleSplits.push(index);
      return visibleSplits;
    };
    const series: uPlot.Series[] = [{}];
    const hidden = { paths: () => null, points: { show: false } } as const;
    if (kind === 'price') series.push({ ...hidden, scale: yScale }, { ...hidden, scale: yScale });
    if (kind === 'volume') series.push({ ...hidden, scale: yScale });
    // The modes' code (pane-extras.ts): absent only when its chunk could not be fetched.
    const x = this.env.extras();
    const leftEnv = this.spec.leftAxis && x ? x.leftScaleEnv(this.env, this.#blank) : null;
    const left = kind === 'price' ? leftEnv : null;
    for (const s of this.spec.series) {
      if (s.hidden) {
        series.push({ ...hidden, scale: yScale, label: s.label });
      } else if (s.style === 'histogram') {
        series.push({ ...hidden, scale: yScale, label: s.label });
      } else {
        series.push({
          scale: left && x && s.scale === 'left' ? x.LEFT_SCALE : yScale,
          label: s.label,
          stroke: s.color,
          // Whole pixels: a fractional width (1.25) makes every segment an anti-aliased polygon, which
          // cost about a third of a pan frame's rasterisation in software Chromium (bench/README.md).
          width: s.width ?? 1,
          // Dots (SAR) with the builder of the modes' chunk (dots-path.ts; the bundle's uPlot has none): none without it.
          points: { show: s.style === 'dots' && !!x, size: 3, fill: s.color, stroke: s.color, paths: x?.dotsPath },
          paths: s.style === 'dots' ? () => null : undefined,
          spanGaps: false,
        });
      }
    }
    // The bundle's uPlot has no legend, time scales, focus, drag selection, cursor points or bands
    // (`UPLOT_EDITS` in rollup.config.js): these options keep them off in Node and tests too.
    return {
      width: size.width,
      height: size.height,
      pxAlign: 0,
      legend: { show: false },
      padding: [6, 0, 0, 0],
      cursor: {
        sync: { key: this.env.syncKey },
        drag: { x: false, y: false, setScale: false },
        points: { show: false },
        x: settings.crosshair !== 'hidden',
        y: settings.crosshair !== 'hidden',
        focus: { prox: -1 },
        // uPlot measures the pointer in viewport px from the plot's rect and its scales in CSS px: under
        // an ancestor's `transform: scale()` or `zoom` it is handed the move in the plot's own px.
        bind: {
          // No uPlot double-click: it fits uPlot's x scale to every bar, behind the chart's view (a double tap on
          // a phone showed all the history's axis under the view's candles). The chart's own gestures own the view.
          dblclick: () => null,
          mousemove: (u, targ, handle) => (e) => {
            if (e.target !== targ) return null;
            const r = u.rect; // (re)measured here when uPlot dropped it, which updates #clientScale
            const s = this.#clientScale;
            return handle(s.x === 1 && s.y === 1 ? e : unscaledMove(e, r, s));
          },
        },
      },
      select: { show: false, left: 0, top: 0, width: 0, height: 0 },
      scales: {
        x: { time: false, auto: false, range: (_u, min, max) => [min, max] },
        [yScale]: {
          // Log with the modes' chunk only (its ticks are there): without it the scale stays linear, as said.
          distr: x && kind === 'price' && settings.priceScale === 'log' ? 3 : 1,
          auto: true,
          range: (u, min, max) => {
            const fixed = kind === 'price' ? this.env.priceRange() : null;
            if (fixed) return [fixed.min, fixed.max];
            if (!(Number.isFinite(min) && Number.isFinite(max))) [min, max] = finiteMinMax(u, yScale, this.env.view());
            if (!(Number.isFinite(min) && Number.isFinite(max))) return blankRange(blank, yScale);
            blank.delete(yScale);
            if (kind === 'volume') {
              // All volumes zero: a stand-in 0..1 whose only tick worth a label is 0.
              if (max > 0) zeroVolume.delete(yScale);
              else zeroVolume.add(yScale);
              return [0, max > 0 ? max * 1.05 : 1];
            }
            // TradingView's scale of an oscillator always shows its levels (RSI's 30 and 70).
            for (const level of this.spec.levels ?? []) {
              if (level < min) min = level;
              if (level > max) max = level;
            }
            if (min === max) {
              const pad = Math.abs(min) * 0.01 || 1;
              return [min - pad, max + pad];
            }
            if (kind === 'price') [min, max] = this.#withComparisons(min, max);
            if (x && kind === 'price' && settings.priceScale === 'log') return [min / 1.02, max * 1.02];
            const pad = (max - min) * 0.08;
            return [min - pad, max + pad];
          },
        },
        ...(left && x ? { [x.LEFT_SCALE]: x.leftScaleOptions(left) } : {}),
      },
      axes: [
        {
          show: true,
          side: 2,
          size: this.spec.showXAxis ? X_AXIS_SIZE : 0,
          stroke: theme.axis,
          font: theme.font,
          grid,
          ticks,
          gap: 4,
          splits: timeSplits,
          values: (_u, splits) => {
            const labels = this.spec.showXAxis ? timeTickCaches.get(this.env.axisTime())?.labels : undefined;
            return splits.map((i) => labels?.get(i) ?? '');
          },
        },
        {
          show: true,
          side,
          scale: yScale,
          size: (u, values) => this.#axisSize(u, values),
          stroke: theme.axis,
          font: theme.font,
          grid: { ...grid, filter: (_u, splits) => (blank.has(yScale) ? [] : splits) },
          ticks,
          gap: 6,
          // The log and percent scales' own ticks come with their chunk (mode-axis-ticks.ts).
          ...(x && kind === 'price' && settings.priceScale !== 'linear'
            ? x.modeAxisTicks(settings.priceScale, this.env)
            : kind === 'volume'
              ? {
                  filter: (_u: uPlot, splits: number[]) =>
                    zeroVolume.has(yScale) ? splits.map((s) => (s === 0 ? s : null)) : splits,
                }
              : {}),
          values: (u, splits) =>
            blank.has(yScale)
              ? splits.map(() => '')
              : zeroVolume.has(yScale)
                ? // The filter above leaves only the 0 tick (the others come as null).
                  this.#hideAtEdge(
                    u,
                    yScale,
                    splits,
                    splits.map((s) => (s === 0 ? '0' : '')),
                  )
                : this.#hideAtEdge(u, yScale, splits, this.#hideUnderTags(u, yScale, splits, this.#axisText(splits))),
        },
        ...(leftEnv && x ? [x.leftAxisOptions(leftEnv, left ? x.LEFT_SCALE : yScale, left !== null)] : []),
      ],
      series,
      hooks: {
        drawClear: [(u) => this.spec.levels && x?.paintLevels(u, yScale, this.spec.levels, this.env.theme())],
        draw: [
          (u) => {
            if (this.#hold) {
              this.#held = true;
              return;
            }
            this.#held = false;
            const ctx = u.ctx;
            const bars = this.env.bars();
            const view = this.env.view();
            const i0 = Math.max(0, Math.floor(view.start));
            const i1 = Math.min(bars.length - 1, Math.ceil(view.end));
            const t = this.#transform(u, yScale);
            const th = this.env.theme();
            const colors = this.#colors(th);
            if (t.slot < 3) this.env.narrowBars();
            ctx.save();
            ctx.beginPath();
            ctx.rect(u.bbox.left, u.bbox.top, u.bbox.width, u.bbox.height);
            ctx.clip();
            if (this.spec.kind === 'price') {
              // Band studies' clouds are in the modes' chunk too (the renderer waits for it): none after a failed fetch.
              x?.paintClouds(ctx, this.spec.series, i0, view.end, t, th);
              const style = this.env.settings().candleStyle;
              // The line and area styles are in the modes' chunk (pane-extras.ts): candles after a failed fetch.
              const closeLine = style === 'line' || style === 'area' ? x?.paintCloseLine : undefined;
              if (closeLine) closeLine(ctx, this.drawnBars(), i0, i1, t, style === 'area', colors, pxRatioOf(u));
              else paintCandles(ctx, this.drawnBars(), i0, i1, t, style, colors, pxRatioOf(u));
              this.#paintComparisons(u, ctx, i0, i1, t);
              if (left) x?.paintLeftComparisons(u, ctx, left, t);
            }
            if (this.spec.kind === 'volume')
              paintVolume(ctx, bars, i0, i1, t, colors.faded, u.bbox.top + u.bbox.height);
            for (const s of this.spec.series) {
              if (s.style === 'histogram' && !s.hidden)
                paintHistogram(ctx, s.values, i0, i1, t, th, u.valToPos(0, yScale, true), s.colorBy === 'change');
            }
            this.env.paintOverlay?.(u, this.spec.id, t);
            ctx.restore();
            this.env.paintAxisOverlay?.(u, this.spec.id, t);
          },
        ],
        setCursor: [
          (u) => {
            const idx = u.cursor.idx;
            // Forward slots (beyond the last bar) have no bar to report.
            const bar = idx == null || idx >= this.env.bars().length ? null : idx;
            this.env.onCursor(bar, this.spec.id, u.cursor.top ?? null);
            this.#paintTags(u);
          },
        ],
        syncRect: [(u, rect) => void (this.#clientScale = clientScale(u.over, rect))],
      },
    };
  }
}

function fade(color: string): string {
  // Volume columns are drawn lighter than candles; hex colours get an alpha suffix.
  return /^#[0-9a-f]{6}$/i.test(color) ? `${color}88` : color;
}

function paintHistogram(
  ctx: CanvasRenderingContext2D,
  values: Float64Array,
  i0: number,
  i1: number,
  t: PlotTransform,
  theme: ChartTheme,
  zeroY: number,
  byChange = false,
): void {
  const w = Math.max(1, Math.round(t.slot * 0.6));
  // By change (Pine's AO: `diff <= 0 ? red : green`): the last value before the visible range.
  let before = NaN;
  if (byChange) for (let j = Math.min(i0, values.length) - 1; j >= 0 && before !== before; j--) before = values[j];
  // Slots of 2 px and more keep whole-pixel bars apart (w ≤ the slot): a fillRect each paints what one path of
  // them did, faster (paintCandles). Narrower slots put bars on one pixel column: one path, filled once, so a
  // translucent theme colour is not laid twice where they overlap.
  const rects = t.slot >= 2;
  // Rising bars in one path (or run of rectangles), falling in another: two passes over the visible bars, no Path2D.
  for (const up of DIRECTIONS) {
    ctx.fillStyle = up ? theme.up : theme.down;
    if (!rects) ctx.beginPath();
    let prev = before;
    for (let i = i0; i <= i1 && i < values.length; i++) {
      const v = values[i];
      if (v !== v) continue;
      const rising = byChange ? !(v - prev <= 0) : v >= 0;
      prev = v;
      if (rising !== up) continue;
      const y = t.y(v);
      const x = Math.round(t.x(i) - w / 2);
      const top = Math.round(Math.min(y, zeroY));
      const h = Math.max(1, Math.round(Math.abs(zeroY - y)));
      if (rects) ctx.fillRect(x, top, w, h);
      else ctx.rect(x, top, w, h);
    }
    if (!rects) ctx.fill();
  }
}

/** A {@link PlotTransform} whose numbers change every frame and whose object does not. */
class FrameTransform implements PlotTransform {
  slot = 1;
  #left = 0;
  #min = 0;
  #y0 = 0;
  #k = 1;
  #log = false;

  update(left: number, width: number, min: number, max: number, y0: number, k: number, log: boolean): this {
    this.#left = left;
    this.#min = min;
    this.slot = width / Math.max(1e-9, max - min);
    this.#y0 = y0;
    this.#k = k;
    this.#log = log;
    return this;
  }

  x(i: number): number {
    return this.#left + (i - this.#min) * this.slot;
  }

  y(p: number): number {
    return this.#y0 + this.#k * (this.#log ? Math.log10(p) : p);
  }
}

/**
 * The least and greatest finite values the series on `scale` have in the view. uPlot's own are NaN
 * as soon as one series starts the view with NaN (a study's warm-up: MA(20)'s first 19 bars, after
 * Home or on a short history), since its scan starts from the first non-null value; the axis then
 * fell back to 0..1 and the candles left the pane.
 */
function finiteMinMax(u: uPlot, scale: string, view: ViewRange): [number, number] {
  const n = u.data[0].length;
  // The view, not `u.scales.x`: uPlot asks for the y range before it stores a new x range, so after
  // a jump (Home, a visible-range tool) the x scale is still the previous view's.
  const i0 = Math.max(0, Math.ceil(view.start));
  const i1 = Math.min(n - 1, Math.floor(view.end));
  let min = Infinity;
  let max = -Infinity;
  for (let s = 1; s < u.series.length; s++) {
    if (u.series[s].scale !== scale) continue;
    const values = u.data[s] as ArrayLike<number | null | undefined>;
    for (let i = i0; i <= i1; i++) {
      const v = values[i];
      if (v == null) continue;
      if (v < min) min = v; // NaN fails both tests
      if (v > max) max = v;
    }
  }
  return [min, max];
}

/** A copy of a mouse move whose position is `rect`'s corner plus the offset in CSS px (`scale`: viewport px per CSS px). */
function unscaledMove(e: MouseEvent, rect: DOMRect, scale: { x: number; y: number }): MouseEvent {
  return new MouseEvent(e.type, {
    clientX: rect.left + (e.clientX - rect.left) / scale.x,
    clientY: rect.top + (e.clientY - rect.top) / scale.y,
    movementX: e.movementX,
    movementY: e.movementY,
    buttons: e.buttons,
  });
}
