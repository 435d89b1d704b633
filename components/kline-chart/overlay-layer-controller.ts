import type uPlot from 'uplot';
import { pxRatioOf } from '../../src/render/plot-pixel-ratio.js';
import { lazyModule } from '../../src/core/tools/lazy-module.js';
import type { ChartCore } from '../../src/core/commands/index.js';
import type { PriceLine } from '../../src/core/state/index.js';
import { stripBidiControls } from '../../src/core/data/strip-bidi-controls.js';
import {
  formatPriceTag,
  paintAxisTags,
  paintPriceLines,
  paintWatermark,
  type ChartRenderer,
  type ChartTheme,
  type PlotTransform,
  type AxisTag,
} from '../../src/render/index.js';
import type { ChartPrimitive } from './chart-primitive.js';
import type { TooltipLabels } from './chart-tooltip.js';
import type { OverlayLayerInput, OverlayView } from './overlay-layer-input.js';

export type { PriceLineMovedDetail } from './price-line-drag.js';

type OverlayLayerParts = typeof import('./overlay-layer-parts.js');
let parts: OverlayLayerParts | null = null;

/**
 * Loads the marker painter, the price-line drag, the primitives' scales and the floating tooltip
 * (`overlay-layer-parts.ts`, a lazy chunk): a layer loads them when the chart first has markers, a
 * draggable price line, a host primitive or a `legendMode` with the tooltip (drawing-layer-controller.ts
 * does the same for drawings). A layer made after they are here
 * has them at once.
 */
export const loadOverlayLayerParts: () => Promise<OverlayLayerParts> = lazyModule(() =>
  import('./overlay-layer-parts.js').then((module) => (parts = module)),
);

export interface OverlayLayerOptions {
  readonly core: ChartCore;
  readonly theme: () => ChartTheme;
  /** Dispatches a bubbling, composed event on the element. */
  readonly emit: (type: string, detail: unknown) => void;
  /** Row labels of the floating tooltip (locale). */
  readonly tooltipLabels?: () => TooltipLabels;
  /** The parts' chunk could not be fetched: say so (a notice in the chart's language). */
  readonly failed?: () => void;
}

/**
 * Paints the trading overlays of the price pane (watermark, price lines, last price, markers) and
 * moves draggable price lines with the pointer. Pass `paint` as part of the renderer's
 * `paintOverlay`, `paintAxis` as its `paintAxisOverlay`, and call `attach` before the drawing
 * layer attaches so a grab on a price line wins over drawing tools and panning. The markers, the
 * drag, host primitives and the tooltip are in a lazy chunk (`loadOverlayLayerParts`) loaded when the
 * chart first has one; `whenLoaded` waits for it.
 */
export class OverlayLayerController {
  readonly #o: OverlayLayerOptions;
  /** The price-line drag, the markers under the pointer and the tooltip: null until the parts are loaded. */
  #input?: OverlayLayerInput | null;
  #partsLoad?: Promise<void> | null;
  /** When the last fetch of the parts failed (`performance.now()`), and whether the notice said so since. */
  #failedAt = -Infinity;
  #said = false;
  #tooltipParent: HTMLElement | null = null;
  /** Aborted by `detach`: the listeners `attach` added. */
  #listening?: AbortController | null;
  /** The attached renderer and container, the host's primitives by pane, the price pane's last transform, the bar under the crosshair. */
  readonly #v: OverlayView = { container: null, primitives: new Map(), priceT: null, cursorIndex: null };

  constructor(options: OverlayLayerOptions) {
    this.#o = options;
    if (parts) this.#useParts(parts);
    // The first marker or price line (a tool, a restored layout) starts the load at once, not at its paint.
    else options.core.store.onCommit(() => void this.whenLoaded(true));
  }

  /** Takes the loaded parts: the pointer handling and the tooltip (in the attached chart). */
  #useParts(p: OverlayLayerParts): void {
    (this.#input ??= p.overlayLayerInput(this.#o, this.#v)).tooltipIn(this.#tooltipParent);
  }

  /** True when the chart shows something only the parts paint or move. */
  #needsParts(): boolean {
    const core = this.#o.core;
    return (
      core.markers.current().length > 0 ||
      core.store.peek('settings').legendMode !== 'legend' ||
      core.priceLines.current().some((l) => l.draggable || l.alert !== 'off') ||
      [...this.#v.primitives.values()].some((set) => set.size > 0)
    );
  }

  /**
   * Resolves once the parts are here when the chart has markers, a draggable or alert price line, a
   * primitive or the tooltip legend mode (loading them if needed), so the element's `whenPainted()` waits for them to be painted.
   * A failed load is said (`failed`) and resolves; the markers stay in the store and are painted once a
   * later need fetches the parts. A `passive` need (a commit, a repaint: every frame of a pan) tries at most
   * once a second while they cannot be fetched and says so once until they can (drawing-layer-controller.ts).
   */
  whenLoaded(passive = false): Promise<void> {
    if (
      !this.#input &&
      !this.#partsLoad &&
      !(passive && performance.now() - this.#failedAt < 1000) &&
      this.#needsParts()
    )
      this.#partsLoad = loadOverlayLayerParts().then(
        (p) => {
          this.#partsLoad = null;
          this.#said = false;
          this.#useParts(p);
          this.#v.renderer?.invalidateOverlay();
        },
        () => {
          this.#partsLoad = null;
          this.#failedAt = performance.now();
          if (passive && this.#said) return;
          this.#said = true;
          this.#o.failed?.();
        },
      );
    return this.#partsLoad ?? Promise.resolve();
  }

  /** `tooltipParent` (positioned) receives the floating tooltip; default the container's parent. */
  attach(
    renderer: ChartRenderer,
    container: HTMLElement,
    tooltipParent: HTMLElement | null = container.parentElement,
  ): void {
    this.detach();
    this.#v.renderer = renderer;
    this.#v.container = container;
    this.#tooltipParent = tooltipParent;
    this.#input?.tooltipIn(tooltipParent);
    const signal = (this.#listening = new AbortController()).signal;
    // Each hands the event to the pointer handling once the parts are in (overlay-layer-input.ts): a press
    // to a host primitive's claim, else a price line's grab. Before then no primitive is painted
    // (paintPrimitives), so none claims.
    const capture = { capture: true, signal };
    container.addEventListener('pointerleave', () => this.#input?.leave(), { signal });
    container.addEventListener('pointerdown', (e) => this.#input?.down(e), capture);
    container.addEventListener('pointermove', (e) => this.#input?.move(e), capture);
    container.addEventListener('pointerup', (e) => this.#input?.up(e), capture);
    container.addEventListener('pointercancel', (e) => this.#input?.cancel(e), capture);
  }

  detach(): void {
    this.#listening?.abort();
    this.#input?.detach();
    this.#tooltipParent = null;
    this.#v.container = null;
    this.#v.renderer = null;
  }

  /** Adds custom painting to a pane; returns the function that removes it. */
  addPrimitive(primitive: ChartPrimitive, paneId: string): () => void {
    if (typeof primitive?.paint !== 'function')
      throw new TypeError('addPrimitive: the primitive needs a paint(ctx, scales) function');
    let set = this.#v.primitives.get(paneId);
    if (!set) this.#v.primitives.set(paneId, (set = new Set()));
    set.add(primitive);
    void this.whenLoaded();
    this.#v.renderer?.invalidateOverlay();
    return () => {
      if (set.delete(primitive)) this.#v.renderer?.invalidateOverlay();
    };
  }

  /** Host primitives of a pane, each in its own save/restore; one that throws is reported, not fatal. */
  paintPrimitives(u: uPlot, paneId: string, t: PlotTransform): void {
    const set = this.#v.primitives.get(paneId);
    if (!set || set.size === 0 || !parts) return;
    const bars = this.#o.core.store.peek('series')?.bars;
    if (!bars) return;
    const scales = parts.primitiveScales(u, paneId, t, bars);
    for (const p of set) {
      u.ctx.save();
      try {
        p.paint(u.ctx, scales);
      } catch (error) {
        this.#o.core.reportError('primitive_failed', `A primitive failed to paint: ${(error as Error).message}`);
      } finally {
        u.ctx.restore();
      }
    }
  }

  /** Price lines with a drag in progress shown at the pointer's price. */
  #lines(): readonly PriceLine[] {
    const lines = this.#o.core.priceLines.current();
    return this.#input?.lines(lines) ?? lines;
  }

  /** The last price's dotted line, made again when the price or its colour changes. */
  #lastLine: PriceLine[] = [];

  /** Inside the plot clip: watermark, price lines, last price line, markers. */
  readonly paint = (u: uPlot, paneId: string, t: PlotTransform): void => {
    if (paneId !== 'price') return;
    this.#v.priceT = t;
    const core = this.#o.core;
    const series = core.store.peek('series');
    const settings = core.store.peek('settings');
    const theme = this.#o.theme();
    const pr = pxRatioOf(u);
    const box = u.bbox;
    if (series && settings.watermark !== 'off') {
      const text =
        settings.watermark === 'custom' ? settings.watermarkText : `${series.instrument.symbol} · ${series.period}`;
      // Without bidi controls: one in a symbol would reorder the period after it (the legend strips them too).
      paintWatermark(u.ctx, stripBidiControls(text), box, theme.text, pr, theme.font);
    }
    if (!series || series.bars.length === 0) return;
    const bars = series.bars;
    const lines = this.#lines();
    paintPriceLines(u.ctx, lines, t, box, pr, theme.font);
    parts?.paintAlertBells(u.ctx, lines, t, box, pr, theme.font);
    const last = settings.lastPrice ? this.#last() : null;
    if (last) {
      const color = last.up ? theme.up : theme.down;
      const drawn = this.#lastLine[0] as PriceLine | undefined;
      if (drawn?.price !== last.price || drawn.color !== color)
        this.#lastLine = [
          {
            id: '',
            price: last.price,
            label: '',
            color,
            style: 'dotted',
            axisLabel: false,
            draggable: false,
            alert: 'off',
            alertOnce: true,
          },
        ];
      paintPriceLines(u.ctx, this.#lastLine, t, box, pr, theme.font);
    }
    const markers = core.markers.current();
    if (markers.length === 0) return;
    if (!parts) {
      void this.whenLoaded(true); // painted again once the parts are here
      return;
    }
    const min = u.scales.x.min ?? 0;
    const max = u.scales.x.max ?? bars.length;
    parts.paintMarkers(
      u.ctx,
      markers,
      bars,
      Math.max(0, Math.floor(min)),
      Math.min(bars.length - 1, Math.ceil(max)),
      t,
      pr,
      theme.font,
    );
  };

  /** The last bar's close and whether it closed up, or null without bars. */
  #last(): { price: number; up: boolean } | null {
    const bars = this.#o.core.store.peek('series')?.bars;
    if (!bars || bars.length === 0) return null;
    const i = bars.length - 1;
    this.#lastBar.price = bars.close[i];
    this.#lastBar.up = bars.close[i] >= bars.open[i];
    return this.#lastBar;
  }

  readonly #lastBar = { price: 0, up: true };
  /** {@link axisTagPrices}'s answer: the same array for as long as no tag moved, came or went. */
  #tagPrices: number[] = [];
  /** {@link paintAxis}'s tags with their text, and what they were made from. */
  #tags: {
    prices: readonly number[];
    lines: readonly PriceLine[];
    up: boolean;
    theme: ChartTheme;
    precision: number | undefined;
    /** The percent scale's 0 % price, or 0 on a price scale. */
    base: number;
    tags: AxisTag[];
  } | null = null;

  /**
   * Prices of {@link paintAxis}'s tags (the renderer leaves out the tick labels under them): price
   * lines with an axis label, then the last price. Asked on every axis pass (every pan and zoom
   * frame): it compares the current prices with the last answer and returns that same array while
   * they are equal, so a frame allocates nothing and the renderer can tell a tag moved by identity.
   */
  readonly axisTagPrices = (): readonly number[] => {
    const lines = this.#lines();
    const last = this.#o.core.store.peek('settings').lastPrice ? this.#last() : null;
    const known = this.#tagPrices;
    let k = 0;
    let same = true;
    for (const l of lines) if (l.axisLabel && !Object.is(known[k++], l.price)) same = false;
    if (last && !Object.is(known[k++], last.price)) same = false;
    if (same && k === known.length) return known;
    const prices = lines.filter((l) => l.axisLabel).map((l) => l.price);
    if (last) prices.push(last.price);
    return (this.#tagPrices = prices);
  };

  /** The axis tags with their text (the instrument's price precision), made again only when something in them changed. */
  #axisTags(): readonly AxisTag[] {
    const prices = this.axisTagPrices();
    const lines = this.#lines();
    const up = this.#last()?.up ?? true;
    const theme = this.#o.theme();
    const store = this.#o.core.store;
    const series = store.peek('series');
    const precision = series?.instrument.pricePrecision;
    const view = store.peek('view');
    // On the percent scale the tags say the change from the first bar in view, as its axis does (with
    // its code, pane-extras.ts: the renderer paints no percent scale without it).
    const percent = this.#v.renderer?.paneExtras;
    const base =
      percent && series && view && store.peek('settings').priceScale === 'percent'
        ? percent.percentBase(series.bars.close, view.start)
        : 0;
    const c = this.#tags;
    if (
      c &&
      c.prices === prices &&
      c.lines === lines &&
      c.up === up &&
      c.theme === theme &&
      c.precision === precision &&
      c.base === base
    )
      return c.tags;
    const labelled = lines.filter((l) => l.axisLabel);
    const tags: AxisTag[] = prices.map((price, i) => ({
      price,
      color: i < labelled.length ? labelled[i].color : up ? theme.up : theme.down,
      text: percent && base > 0 ? percent.formatPercentTag(price, base) : formatPriceTag(price, precision),
    }));
    this.#tags = { prices, lines, up, theme, precision, base, tags };
    return tags;
  }

  /** Outside the plot clip: price tags of price lines and the last price on the price axis. */
  readonly paintAxis = (u: uPlot, paneId: string, t: PlotTransform): void => {
    if (paneId !== 'price') return;
    const settings = this.#o.core.store.peek('settings');
    const pr = pxRatioOf(u);
    paintAxisTags(
      u.ctx,
      this.#axisTags(),
      t,
      u.bbox,
      settings.priceAxisSide,
      (this.#v.renderer?.axisWidth ?? 64) * pr,
      pr,
      this.#o.theme().font,
    );
  };

  // ------------------------------------------------------------ pointer

  /** The bar under the crosshair changed (the renderer's `onCursor`): moves or hides the tooltip. */
  cursor(index: number | null): void {
    this.#v.cursorIndex = index;
    this.#input?.showTooltip();
  }
}
