import uPlot from 'uplot';
import { createBars, type Bars } from '../core/data/index.js';
import type { ChartCore } from '../core/commands/index.js';
import { clampView, type ChartSettings, type ViewRange } from '../core/state/index.js';
import { effect } from '../core/store/index.js';
import type { ChartTheme } from './chart-theme.js';
import type { PlotTransform } from './paint-candles.js';
import { PanePlot, paneSignature, type PaneSeries, type PaneSpec } from './pane-plot.js';
import { ZonedClock } from './zoned-clock.js';
import { extendTimes, futureBarCount } from './forward-bars.js';

/** A pane the renderer should show, with its relative height. */
export interface PaneLayoutSpec extends Omit<PaneSpec, 'showXAxis'> {
  readonly weight: number;
}

export interface RendererOptions {
  readonly core: ChartCore;
  /** Element the pane plots are appended to (inside the shadow root). */
  readonly container: HTMLElement;
  readonly theme: () => ChartTheme;
  /** The panes to show for the current state (price first). Read inside an effect: may read signals. */
  readonly panes: () => readonly PaneLayoutSpec[];
  /** The display timezone (the data's unless overridden). */
  readonly timeZone: () => string;
  readonly paintOverlay?: (u: uPlot, paneId: string, transform: PlotTransform) => void;
  /** Painting outside the plot clip, after `paintOverlay` (axis tags). */
  readonly paintAxisOverlay?: (u: uPlot, paneId: string, transform: PlotTransform) => void;
  readonly onCursor?: (index: number | null, paneId: string | null) => void;
  /** Called after a frame that changed the panes or their sizes, with each pane's top offset (CSS px). */
  readonly onLayout?: (offsets: ReadonlyMap<string, number>) => void;
}

const EMPTY = createBars(0);
let nextSyncKey = 0;

/**
 * Draws the store with one uPlot per pane. Effects mark what changed; one animation frame applies
 * it: new panes or layout → rebuild those panes; data → setData; view → setScale; overlays → redraw.
 */
export class ChartRenderer {
  readonly #o: RendererOptions;
  readonly #panes = new Map<string, PanePlot>();
  readonly #dispose: (() => void)[] = [];
  readonly #syncKey = `kline-${nextSyncKey++}`;
  #xIndex = new Float64Array(0);
  #frame = 0;
  #dirty = { data: true, view: true, layout: true, overlay: true };
  #size = { width: 0, height: 0 };
  #specs: readonly PaneLayoutSpec[] = [];
  #paintWaiters: (() => void)[] = [];
  #clock = new ZonedClock('UTC');
  #laidOut: string[] = [];
  #paints = 0;
  /** Slots after the last bar that forward plots reach (Ichimoku's cloud); see forward-bars.ts. */
  #future = 0;
  #axisTime: { bars: Bars; future: number; time: Float64Array } | null = null;

  /** Frames painted so far (tests check that bursts coalesce to one frame). */
  get paintCount(): number {
    return this.#paints;
  }

  constructor(options: RendererOptions) {
    this.#o = options;
    const s = options.core.store.state;
    this.#dispose.push(
      effect(() => {
        s.series.get();
        s.dataRevision.get();
        this.#specs = options.panes();
        const tz = options.timeZone();
        if (tz !== this.#clock.timeZone) this.#clock = new ZonedClock(tz);
        this.#mark('data');
      }),
      effect(() => {
        s.view.get();
        this.#mark('view');
      }),
      effect(() => {
        s.settings.get();
        this.#mark('layout');
      }),
      effect(() => {
        options.core.comparisons.lines.get();
        this.#mark('data');
      }),
      effect(() => {
        s.drawings.get();
        s.markers.get();
        s.priceLines.get();
        s.drawingSelection.get();
        s.selection.get();
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

  get clock(): ZonedClock {
    return this.#clock;
  }

  destroy(): void {
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
    return this.#o.core.store.peek('series')?.bars ?? EMPTY;
  }

  #view(): ViewRange {
    const n = this.#bars().length;
    return clampView(this.#o.core.store.peek('view') ?? { start: 0, end: Math.max(1, n) }, n, 2);
  }

  #settings(): ChartSettings {
    return this.#o.core.store.peek('settings');
  }

  #render(): boolean {
    const { width, height } = this.#size;
    if (width <= 0 || height <= 0) return false;
    const bars = this.#bars();
    this.#future = futureBarCount(
      this.#specs.map((s) => s.series),
      bars.length,
    );
    if (this.#xIndex.length < bars.length + this.#future) {
      const x = new Float64Array(Math.max(bars.length + this.#future, Math.ceil(this.#xIndex.length * 1.5)));
      for (let i = 0; i < x.length; i++) x[i] = i;
      this.#xIndex = x;
    }
    const specs = this.#specs;
    const settings = this.#settings();
    const dirty = this.#dirty;
    this.#dirty = { data: false, view: false, layout: false, overlay: false };
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
    // Something on the price pane's left scale: every pane reserves its width (src/render/left-price-scale.ts).
    const leftAxis =
      specs.some((sp) => sp.series.some((s) => s.scale === 'left')) ||
      this.#o.core.comparisons.lines.get().some((c) => c.scale === 'left');
    specs.forEach((spec, index) => {
      const last = index === specs.length - 1;
      const paneH = heights[index] + (last ? xAxisH : 0);
      const full: PaneSpec = { ...spec, showXAxis: last, ...(leftAxis ? { leftAxis } : {}) };
      const signature = paneSignature(full, settings);
      let pane = this.#panes.get(spec.id);
      if (pane && (pane.signature !== signature || dirty.layout)) {
        pane.destroy();
        this.#panes.delete(spec.id);
        pane = undefined;
      }
      if (!pane) {
        pane = new PanePlot(this.#o.container, full, this.#env(), { width, height: paneH });
        this.#panes.set(spec.id, pane);
        pane.setData(full);
      } else {
        if (pane.plot.width !== width || pane.plot.height !== paneH) pane.setSize(width, paneH);
        if (dirty.data || pane.spec.series !== full.series) pane.setData(full);
        else if (dirty.view) pane.setView(view);
        else if (dirty.overlay) pane.redraw();
      }
    });
    const layoutChanged =
      dirty.layout ||
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
    if (cached && cached.bars === bars && cached.future === this.#future) return cached.time;
    const period = this.#o.core.store.peek('series')?.period ?? '1d';
    const clock = this.#clock;
    const time = extendTimes(bars.time, bars.length, this.#future, period, (t) => clock.wall(t).getUTCDay());
    this.#axisTime = { bars, future: this.#future, time };
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
      clock: () => this.#clock,
      comparisons: () => this.#o.core.comparisons.lines.get(),
      syncKey: this.#syncKey,
      paintOverlay: this.#o.paintOverlay,
      paintAxisOverlay: this.#o.paintAxisOverlay,
      onCursor: (index: number | null, paneId: string) => this.#o.onCursor?.(index, index === null ? null : paneId),
    };
  }
}

export type { PaneSeries };

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
