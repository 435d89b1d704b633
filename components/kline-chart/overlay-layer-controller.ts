import uPlot from 'uplot';
import type { ChartCore } from '../../src/core/commands/index.js';
import type { ChartMarker, PriceLine } from '../../src/core/state/index.js';
import {
  formatAxisNumber,
  formatBarTime,
  markersAt,
  paintAxisTags,
  paintMarkers,
  paintPriceLines,
  paintWatermark,
  type ChartRenderer,
  type ChartTheme,
  type PlotTransform,
  type AxisTag,
} from '../../src/render/index.js';
import type { ChartPrimitive, PrimitiveScales } from './chart-primitive.js';
import { ChartTooltip, type TooltipLabels } from './chart-tooltip.js';

/** Width of the price axis in CSS px (the renderer's `Y_AXIS_SIZE`). */
const AXIS_WIDTH = 64;
/** How close (CSS px) the pointer must be to a draggable price line to grab it. */
const GRAB_PX = 5;
const NO_MARKERS: readonly ChartMarker[] = [];
/** A marker's line in the tooltip starts with its shape, pointing as drawn. */
const MARKER_GLYPHS: Record<ChartMarker['shape'], (position: ChartMarker['position']) => string> = {
  arrow: (position) => (position === 'above' ? '▼' : '▲'),
  circle: () => '●',
  square: () => '■',
  flag: () => '⚑',
};

/** Detail of `kline-price-line-moved`. */
export interface PriceLineMovedDetail {
  readonly id: string;
  readonly price: number;
  readonly previousPrice: number;
}

export interface OverlayLayerOptions {
  readonly core: ChartCore;
  readonly theme: () => ChartTheme;
  /** Dispatches a bubbling, composed event on the element. */
  readonly emit: (type: string, detail: unknown) => void;
  /** Row labels of the floating tooltip (locale). */
  readonly tooltipLabels?: () => TooltipLabels;
}

/**
 * Paints the trading overlays of the price pane (watermark, price lines, last price, markers) and
 * moves draggable price lines with the pointer. Pass `paint` as part of the renderer's
 * `paintOverlay`, `paintAxis` as its `paintAxisOverlay`, and call `attach` before the drawing
 * layer attaches so a grab on a price line wins over drawing tools and panning.
 */
export class OverlayLayerController {
  readonly #o: OverlayLayerOptions;
  #renderer: ChartRenderer | null = null;
  #container: HTMLElement | null = null;
  #drag: { id: string; pointerId: number; previous: number; price: number } | null = null;
  #tooltip: ChartTooltip | null = null;
  readonly #primitives = new Map<string, Set<ChartPrimitive>>();
  #pointer: { x: number; y: number } | null = null;
  /** The price pane's transform of the last frame painted (its numbers follow every frame). */
  #priceT: PlotTransform | null = null;
  /** The bar under the crosshair (the renderer's `onCursor`). */
  #cursorIndex: number | null = null;
  /** The markers under the pointer: while any, the tooltip shows them whatever `legendMode` says. */
  #markerHits: readonly ChartMarker[] = [];

  constructor(options: OverlayLayerOptions) {
    this.#o = options;
  }

  /** `tooltipParent` (positioned) receives the floating tooltip; default the container's parent. */
  attach(
    renderer: ChartRenderer,
    container: HTMLElement,
    tooltipParent: HTMLElement | null = container.parentElement,
  ): void {
    this.detach();
    this.#renderer = renderer;
    this.#container = container;
    if (tooltipParent) this.#tooltip = new ChartTooltip(tooltipParent);
    container.addEventListener('pointerleave', this.#onLeave);
    container.addEventListener('pointerdown', this.#onDown, { capture: true });
    container.addEventListener('pointermove', this.#onMove, { capture: true });
    container.addEventListener('pointerup', this.#onUp, { capture: true });
    container.addEventListener('pointercancel', this.#onCancel, { capture: true });
  }

  detach(): void {
    const c = this.#container;
    if (c) {
      c.removeEventListener('pointerdown', this.#onDown, { capture: true });
      c.removeEventListener('pointermove', this.#onMove, { capture: true });
      c.removeEventListener('pointerup', this.#onUp, { capture: true });
      c.removeEventListener('pointercancel', this.#onCancel, { capture: true });
      c.removeEventListener('pointerleave', this.#onLeave);
    }
    this.#tooltip?.element.remove();
    this.#tooltip = null;
    this.#container = null;
    this.#renderer = null;
    this.#drag = null;
  }

  /** Adds custom painting to a pane; returns the function that removes it. */
  addPrimitive(primitive: ChartPrimitive, paneId: string): () => void {
    if (typeof primitive?.paint !== 'function')
      throw new TypeError('addPrimitive: the primitive needs a paint(ctx, scales) function');
    let set = this.#primitives.get(paneId);
    if (!set) this.#primitives.set(paneId, (set = new Set()));
    set.add(primitive);
    this.#renderer?.invalidateOverlay();
    return () => {
      if (set.delete(primitive)) this.#renderer?.invalidateOverlay();
    };
  }

  /** Host primitives of a pane, each in its own save/restore; one that throws is reported, not fatal. */
  paintPrimitives(u: uPlot, paneId: string, t: PlotTransform): void {
    const set = this.#primitives.get(paneId);
    if (!set || set.size === 0) return;
    const bars = this.#o.core.store.peek('series')?.bars;
    if (!bars) return;
    const yKey = this.#yKey(u);
    const pr = uPlot.pxRatio;
    const n = bars.length;
    const scales: PrimitiveScales = {
      paneId,
      pixelRatio: pr,
      plot: { left: u.bbox.left, top: u.bbox.top, width: u.bbox.width, height: u.bbox.height },
      bars,
      firstIndex: Math.max(0, Math.floor(u.scales.x.min ?? 0)),
      lastIndex: Math.min(n - 1, Math.ceil(u.scales.x.max ?? n)),
      barSpacing: t.slot,
      indexToX: (i) => t.x(i),
      timeToX: (time) => {
        if (n === 0 || time < bars.time[0] || time > bars.time[n - 1]) return null;
        let lo = 0;
        let hi = n;
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          if (bars.time[mid] <= time) lo = mid + 1;
          else hi = mid;
        }
        return t.x(lo - 1);
      },
      priceToY: (p) => u.valToPos(p, yKey, true),
      yToPrice: (y) => u.posToVal((y - u.bbox.top) / pr, yKey),
    };
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
    const d = this.#drag;
    return d ? lines.map((l) => (l.id === d.id ? { ...l, price: d.price } : l)) : lines;
  }

  /** Inside the plot clip: watermark, price lines, last price line, markers. */
  readonly paint = (u: uPlot, paneId: string, t: PlotTransform): void => {
    if (paneId !== 'price') return;
    this.#priceT = t;
    const core = this.#o.core;
    const series = core.store.peek('series');
    const settings = core.store.peek('settings');
    const theme = this.#o.theme();
    const pr = uPlot.pxRatio;
    const box = u.bbox;
    if (series && settings.watermark !== 'off') {
      const text =
        settings.watermark === 'custom' ? settings.watermarkText : `${series.instrument.symbol} · ${series.period}`;
      paintWatermark(u.ctx, text, box, theme.text, pr);
    }
    if (!series || series.bars.length === 0) return;
    const bars = series.bars;
    paintPriceLines(u.ctx, this.#lines(), t, box, pr, theme.font);
    if (settings.lastPrice) {
      const last = this.#lastTag();
      if (last)
        paintPriceLines(
          u.ctx,
          [
            {
              id: '',
              price: last.price,
              label: '',
              color: last.color,
              style: 'dotted',
              axisLabel: false,
              draggable: false,
            },
          ],
          t,
          box,
          pr,
          theme.font,
        );
    }
    const min = u.scales.x.min ?? 0;
    const max = u.scales.x.max ?? bars.length;
    paintMarkers(
      u.ctx,
      core.markers.current(),
      bars,
      Math.max(0, Math.floor(min)),
      Math.min(bars.length - 1, Math.ceil(max)),
      t,
      pr,
      theme.font,
    );
  };

  /** Outside the plot clip: price tags of price lines and the last price on the price axis. */
  readonly paintAxis = (u: uPlot, paneId: string, t: PlotTransform): void => {
    if (paneId !== 'price') return;
    const core = this.#o.core;
    const settings = core.store.peek('settings');
    const tags: AxisTag[] = this.#lines()
      .filter((l) => l.axisLabel)
      .map((l) => ({ price: l.price, color: l.color, text: formatAxisNumber(l.price, 'price') }));
    if (settings.lastPrice) {
      const last = this.#lastTag();
      if (last) tags.push(last);
    }
    const pr = uPlot.pxRatio;
    paintAxisTags(u.ctx, tags, t, u.bbox, settings.priceAxisSide, AXIS_WIDTH * pr, pr, this.#o.theme().font);
  };

  #lastTag(): AxisTag | null {
    const bars = this.#o.core.store.peek('series')?.bars;
    if (!bars || bars.length === 0) return null;
    const i = bars.length - 1;
    const theme = this.#o.theme();
    const price = bars.close[i];
    return { price, color: price >= bars.open[i] ? theme.up : theme.down, text: formatAxisNumber(price, 'price') };
  }

  // ------------------------------------------------------------ dragging

  #plot(): uPlot | null {
    return this.#renderer?.pane('price')?.plot ?? null;
  }

  #yKey(u: uPlot): string {
    return u.axes[1]?.scale ?? u.series[1]?.scale ?? 'y';
  }

  /** Pointer y in price-plot CSS px, or null outside the plot. */
  #pointerY(e: PointerEvent): number | null {
    const u = this.#plot();
    if (!u) return null;
    const r = u.over.getBoundingClientRect();
    const x = e.clientX - r.left;
    const y = e.clientY - r.top;
    return x >= 0 && x <= r.width && y >= 0 && y <= r.height ? y : null;
  }

  #hit(y: number): PriceLine | null {
    const u = this.#plot();
    if (!u) return null;
    const key = this.#yKey(u);
    let best: PriceLine | null = null;
    let bestD = GRAB_PX;
    for (const l of this.#o.core.priceLines.current()) {
      if (!l.draggable) continue;
      const d = Math.abs(u.valToPos(l.price, key) - y);
      if (d <= bestD) {
        best = l;
        bestD = d;
      }
    }
    return best;
  }

  /** A host primitive claiming a press on its pane, with the point in plot CSS px. */
  #primitiveHit(e: PointerEvent): { primitive: ChartPrimitive; x: number; y: number } | null {
    for (const [paneId, set] of this.#primitives) {
      const u = this.#renderer?.pane(paneId)?.plot;
      if (!u) continue;
      const r = u.over.getBoundingClientRect();
      const x = e.clientX - r.left;
      const y = e.clientY - r.top;
      if (x < 0 || y < 0 || x > r.width || y > r.height) continue;
      for (const p of set) if (p.hitTest?.(x, y)) return { primitive: p, x, y };
    }
    return null;
  }

  readonly #onDown = (e: PointerEvent): void => {
    if (e.button !== 0 || this.#drag) return;
    const claimed = this.#primitiveHit(e);
    if (claimed) {
      e.stopImmediatePropagation();
      this.#o.emit('kline-primitive-click', { id: claimed.primitive.id ?? null, x: claimed.x, y: claimed.y });
      return;
    }
    const y = this.#pointerY(e);
    if (y === null) return;
    const line = this.#hit(y);
    if (!line) return;
    e.stopImmediatePropagation();
    e.preventDefault();
    try {
      this.#container?.setPointerCapture(e.pointerId);
    } catch {
      // Synthetic events (tests) have no active pointer to capture; moves still arrive.
    }
    this.#drag = { id: line.id, pointerId: e.pointerId, previous: line.price, price: line.price };
  };

  /** The bar under the crosshair changed (the renderer's `onCursor`): moves or hides the tooltip. */
  cursor(index: number | null): void {
    this.#cursorIndex = index;
    this.#showTooltip();
  }

  /** The markers' tooltip while the pointer is on a marker, else the bar's (by `legendMode`), or none. */
  #showTooltip(): void {
    const index = this.#cursorIndex;
    const tip = this.#tooltip;
    if (!tip) return;
    const hits = this.#markerHits;
    const series0 = this.#o.core.store.peek('series');
    const clock0 = this.#renderer?.clock;
    const parent0 = tip.element.parentElement;
    if (hits.length > 0 && this.#pointer && parent0 && series0 && clock0 && !this.#drag) {
      const intraday = !['1d', '1w', '1M'].includes(series0.period);
      const lines = [
        formatBarTime(hits[0].time, clock0, intraday),
        ...hits.slice(0, 5).map((m) => `${MARKER_GLYPHS[m.shape](m.position)} ${m.text ?? ''}`.trimEnd()),
      ];
      tip.showLines(lines, this.#pointer.x, this.#pointer.y, {
        width: parent0.clientWidth,
        height: parent0.clientHeight,
      });
      return;
    }
    const core = this.#o.core;
    const mode = core.store.peek('settings').legendMode;
    const series = core.store.peek('series');
    const clock = this.#renderer?.clock;
    const parent = tip.element.parentElement;
    if (
      index === null ||
      mode === 'legend' ||
      !series ||
      series.bars.length === 0 ||
      !clock ||
      !this.#pointer ||
      !parent ||
      this.#drag
    ) {
      tip.hide();
      return;
    }
    const labels = this.#o.tooltipLabels?.() ?? { open: 'O', high: 'H', low: 'L', close: 'C', volume: 'V' };
    tip.show(series, index, clock, labels, this.#pointer.x, this.#pointer.y, {
      width: parent.clientWidth,
      height: parent.clientHeight,
    });
  }

  /** Markers whose shape is under the pointer (a bar or two either side: shapes outgrow narrow bars). */
  #markersUnder(e: PointerEvent): readonly ChartMarker[] {
    const u = this.#plot();
    const t = this.#priceT;
    const bars = this.#o.core.store.peek('series')?.bars;
    const markers = this.#o.core.markers.current();
    if (!u || !t || !bars || markers.length === 0) return NO_MARKERS;
    const r = u.over.getBoundingClientRect();
    const px = e.clientX - r.left;
    const py = e.clientY - r.top;
    if (px < 0 || py < 0 || px > r.width || py > r.height) return NO_MARKERS;
    const pr = uPlot.pxRatio;
    const centre = Math.round(u.posToVal(px, 'x'));
    const x = px * pr + u.bbox.left;
    const y = py * pr + u.bbox.top;
    for (const i of [centre, centre - 1, centre + 1, centre - 2, centre + 2]) {
      const hits = markersAt(markers, bars, i, t, pr, x, y, 2 * pr);
      if (hits.length > 0) return hits;
    }
    return NO_MARKERS;
  }

  readonly #onLeave = (): void => {
    this.#markerHits = NO_MARKERS;
    this.#pointer = null;
    this.#tooltip?.hide();
  };

  readonly #onMove = (e: PointerEvent): void => {
    const parent = this.#tooltip?.element.parentElement;
    if (parent) {
      const r = parent.getBoundingClientRect();
      this.#pointer = { x: e.clientX - r.left, y: e.clientY - r.top };
    }
    const d = this.#drag;
    if (!d) {
      const hits = this.#markersUnder(e);
      if (hits.length > 0 || this.#markerHits.length > 0) {
        this.#markerHits = hits;
        this.#showTooltip();
      }
      const y = this.#pointerY(e);
      const cursor = y !== null && this.#hit(y) ? 'ns-resize' : '';
      // Written only when it changes: a style write per pointer move would dirty style every frame.
      if (this.#container && this.#container.style.cursor !== cursor) this.#container.style.cursor = cursor;
      return;
    }
    if (e.pointerId !== d.pointerId) return;
    e.stopImmediatePropagation();
    const price = this.#priceAt(e);
    if (price !== null) {
      d.price = price;
      this.#renderer?.invalidateOverlay();
    }
  };

  readonly #onUp = (e: PointerEvent): void => {
    const d = this.#drag;
    if (!d || e.pointerId !== d.pointerId) return;
    e.stopImmediatePropagation();
    this.#drag = null;
    try {
      this.#container?.releasePointerCapture(e.pointerId);
    } catch {
      // Not captured (synthetic events).
    }
    const price = this.#priceAt(e) ?? d.price;
    if (price === d.previous) {
      this.#renderer?.invalidateOverlay();
      return;
    }
    this.#o.core.priceLines.move(d.id, price);
    const detail: PriceLineMovedDetail = { id: d.id, price, previousPrice: d.previous };
    this.#o.emit('kline-price-line-moved', detail);
  };

  readonly #onCancel = (e: PointerEvent): void => {
    if (!this.#drag || e.pointerId !== this.#drag.pointerId) return;
    this.#drag = null;
    this.#renderer?.invalidateOverlay();
  };

  /** Price under the pointer (clamped to the plot), rounded to a sensible number of digits. */
  #priceAt(e: PointerEvent): number | null {
    const u = this.#plot();
    if (!u) return null;
    const r = u.over.getBoundingClientRect();
    const y = Math.max(0, Math.min(r.height, e.clientY - r.top));
    const price = u.posToVal(y, this.#yKey(u));
    if (!Number.isFinite(price)) return null;
    const step = 10 ** (Math.floor(Math.log10(Math.max(1e-9, Math.abs(price)))) - 4);
    return Number((Math.round(price / step) * step).toPrecision(12));
  }
}
