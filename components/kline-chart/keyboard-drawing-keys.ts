import type { ReactiveControllerHost } from 'lit';
import type { ChartCore } from '../../src/core/commands/chart-core.js';
import { roundPrice } from '../../src/core/data/index.js';
import { isDrawingKind, type Drawing, type DrawingKind } from '../../src/core/drawings/index.js';
import { drawingStrings } from '../drawing-toolbar/drawing-toolbar-strings.js';
import type { ChartA11yController } from './chart-a11y-controller.js';
import { formatPrice } from './chart-legend.js';
import { allChartStrings } from './chart-more-strings.js';
import type { DrawingLayerController } from './drawing-layer-controller.js';
import { nudgeDrawings } from './nudge-drawings.js';

/** What the keys work on (`KeyboardDrawingController`'s options). */
export interface KeyboardDrawingOptions {
  readonly core: ChartCore;
  readonly drawings: DrawingLayerController;
  readonly a11y: ChartA11yController;
  readonly lang: () => string;
}

type Host = ReactiveControllerHost & HTMLElement;

/** What the keys read of a keydown. */
export type PressedKey = Pick<KeyboardEvent, 'key' | 'shiftKey'>;

/** Steps of the price axis one Up/Down press moves (Shift: ten). */
const PRICE_STEPS = 50;

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));
}

/**
 * Drawings without a mouse, on the focused plot (the WAI-ARIA "application" keys of the chart):
 *
 * - A drawing tool chosen: Left/Right move the keyboard crosshair bar by bar, Up/Down its price
 *   (Shift: ten steps), Enter sets the next anchor (the last one creates the drawing, one undo step,
 *   through the same `createDrawing` the pointer uses), Escape cancels.
 * - The select tool: `[` / `]` select the previous / next drawing; with a selection, arrows move it
 *   (Left/Right one bar, Up/Down one price step; each press one undo step) and Escape deselects.
 *   Delete is the drawing layer's.
 *
 * Gets the element's keydown in the capture phase (from `KeyboardDrawingController`), so these keys
 * never reach the pan/zoom keys. Part of the drawing layer's lazy chunk (drawing-layer-parts.ts).
 */
export class KeyboardDrawingKeys {
  readonly #host: Host;
  readonly #o: KeyboardDrawingOptions;
  /** The keyboard crosshair's price while placing (null: the bar's close). */
  #price: number | null = null;

  constructor(host: Host, options: KeyboardDrawingOptions) {
    this.#host = host;
    this.#o = options;
  }

  /** A drawing tool was chosen from the keyboard: the plot takes focus and the crosshair shows the last visible bar. */
  begin(kind: DrawingKind): void {
    this.#price = null;
    this.#host.focus();
    const bar = this.#o.a11y.stepKeyBar(0, false);
    if (bar !== null) this.#preview(bar);
    this.#say(fill(allChartStrings(this.#o.lang()).drawHelp, { kind: this.#kindLabel(kind) }));
  }

  /** The element's keydown, in the capture phase (`KeyboardDrawingController` passes it on). */
  readonly onKey = (e: KeyboardEvent): void => {
    if (e.composedPath()[0] !== this.#host || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
    if (!this.handleKey(e)) return;
    e.preventDefault();
    e.stopImmediatePropagation();
  };

  /** One key (no Ctrl, Meta or Alt) for the current tool; true when it was the drawing keys'. */
  handleKey(e: PressedKey): boolean {
    const tool = this.#o.drawings.tool;
    return isDrawingKind(tool) ? this.#placingKey(e, tool) : tool === 'select' ? this.#selectKey(e) : false;
  }

  #placingKey(e: PressedKey, kind: DrawingKind): boolean {
    const a11y = this.#o.a11y;
    const series = this.#o.core.store.peek('series');
    if (!series) return false;
    const t = allChartStrings(this.#o.lang());
    switch (e.key) {
      case 'ArrowLeft':
      case 'ArrowRight': {
        if (e.shiftKey) return false; // Shift+Left/Right still pans
        const bar = a11y.stepKeyBar(a11y.keyBar === null ? 0 : e.key === 'ArrowLeft' ? -1 : 1, false);
        if (bar === null) return true;
        this.#preview(bar);
        this.#say(`${a11y.describeBar(bar)}. ${t.price} ${this.#format(this.#priceAt(bar))}`);
        return true;
      }
      case 'ArrowUp':
      case 'ArrowDown': {
        const bar = a11y.keyBar ?? a11y.stepKeyBar(0, false);
        if (bar === null) return true;
        const step = this.#priceStep() * (e.shiftKey ? 10 : 1);
        this.#price = this.#round(this.#priceAt(bar) + (e.key === 'ArrowUp' ? step : -step));
        this.#preview(bar);
        this.#say(`${t.price} ${this.#format(this.#price)}`);
        return true;
      }
      case 'Enter': {
        const bar = a11y.keyBar;
        if (bar === null) {
          this.begin(kind);
          return true;
        }
        const result = this.#o.drawings.layer?.keyPlace({ time: series.bars.time[bar], price: this.#priceAt(bar) });
        if (!result) return true;
        if (result.done) {
          this.#price = null;
          a11y.setKeyPrice(null);
          this.#say(fill(t.drawPlaced, { kind: this.#kindLabel(kind) }));
        } else {
          this.#preview(bar);
          this.#say(fill(t.drawPoint, { set: result.set, needed: result.needed }));
        }
        return true;
      }
      case 'Escape':
        this.#price = null;
        this.#o.drawings.setTool('select');
        a11y.clearKeyBar();
        this.#say(t.drawCancelled);
        return true;
      default:
        return false;
    }
  }

  #selectKey(e: PressedKey): boolean {
    const core = this.#o.core;
    const t = allChartStrings(this.#o.lang());
    if (e.key === '[' || e.key === ']') {
      const drawings = core.drawings.current().filter((d) => d.paneId === 'price');
      if (drawings.length === 0) {
        this.#say(t.noDrawings);
        return true;
      }
      const selected = core.store.peek('drawingSelection');
      const at = selected.length ? drawings.findIndex((d) => d.id === selected[selected.length - 1]) : -1;
      const next =
        e.key === ']'
          ? (at + 1) % drawings.length
          : at <= 0
            ? drawings.length - 1
            : (at - 1 + drawings.length) % drawings.length;
      const drawing = drawings[next];
      core.drawings.select([drawing.id]);
      this.#say(`${fill(t.drawingSelected, { kind: this.#kindLabel(drawing.kind) })}. ${this.#describe(drawing)}`);
      return true;
    }
    if (core.store.peek('drawingSelection').length === 0) return false;
    if (e.key === 'Escape') {
      // One Escape deselects and hides the keyboard crosshair.
      core.drawings.select([]);
      this.#o.a11y.clearKeyBar();
      return true;
    }
    if (!['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(e.key) || e.shiftKey) return false;
    const bars = e.key === 'ArrowLeft' ? -1 : e.key === 'ArrowRight' ? 1 : 0;
    const price = e.key === 'ArrowUp' ? this.#priceStep() : e.key === 'ArrowDown' ? -this.#priceStep() : 0;
    const moved = nudgeDrawings(core, bars, price);
    if (moved.length)
      this.#say(`${fill(t.drawingMoved, { kind: this.#kindLabel(moved[0].kind) })}. ${this.#describe(moved[0])}`);
    return true;
  }

  /** Shows the drawing being placed with its next point at the crosshair, and the crosshair at that price. */
  #preview(bar: number): void {
    const series = this.#o.core.store.peek('series');
    if (!series) return;
    const price = this.#priceAt(bar);
    this.#o.a11y.setKeyPrice(price);
    this.#o.drawings.layer?.keyPreview({ time: series.bars.time[bar], price });
  }

  #priceAt(bar: number): number {
    return this.#price ?? this.#o.core.store.peek('series')?.bars.close[bar] ?? 0;
  }

  /** One fiftieth of the visible price axis, in whole ticks of the instrument's precision. */
  #priceStep(): number {
    const precision = this.#o.core.store.peek('series')?.instrument.pricePrecision ?? 2;
    const tick = Math.pow(10, -precision);
    const m = this.#o.drawings.layer?.mapper('price');
    const range = m && m.height > 0 ? Math.abs(m.yToPrice(0) - m.yToPrice(m.height)) : 0;
    return Math.max(tick, Math.round(range / PRICE_STEPS / tick) * tick);
  }

  #round(price: number): number {
    const precision = this.#o.core.store.peek('series')?.instrument.pricePrecision ?? 2;
    return roundPrice(price, precision);
  }

  #format(price: number): string {
    return formatPrice(price, this.#o.core.store.peek('series')?.instrument.pricePrecision ?? 2);
  }

  #describe(d: Drawing): string {
    return d.points.map((p) => this.#format(p.price)).join(', ');
  }

  #kindLabel(kind: DrawingKind): string {
    return drawingStrings(this.#o.lang()).kinds[kind];
  }

  #say(text: string): void {
    this.#o.a11y.announcer.say(text, 250);
  }
}
