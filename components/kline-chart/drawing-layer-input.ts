import { createBarTimeScale, type ChartCore } from '../../src/core/commands/index.js';
import type { DrawingMapper } from '../../src/core/drawings/index.js';
import type { ToolResult } from '../../src/protocol/index.js';
import type { ChartRenderer, DrawingInteraction } from '../../src/render/index.js';
import type { DrawingLayerTool } from './drawing-layer-controller.js';
import { TouchHold } from './touch-hold.js';
import { localPoint } from '../../src/render/local-point.js';

/** Pointer travel that makes a range-select press a drag rather than a click, CSS px. */
const RANGE_DRAG_MIN_PX = 3;

function isTextInput(e: Event): boolean {
  const t = e.composedPath()[0];
  return t instanceof HTMLElement && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName));
}

/** What the input handling reads from and asks of its `DrawingLayerController`. */
export interface DrawingLayerInputHost {
  readonly core: ChartCore;
  tool(): DrawingLayerTool;
  setTool(tool: DrawingLayerTool): void;
  interaction(): DrawingInteraction | null;
  renderer(): ChartRenderer | null;
  container(): HTMLElement | null;
  mapper(paneId: string): DrawingMapper | null;
  setCursor(): void;
  invalidate(): void;
  run(name: string, input: unknown): Promise<ToolResult>;
}

/**
 * The drawing layer's pointer and keyboard handling (in the drawing layer's parts chunk, issue #12):
 * presses, drags and keys on the panes turned into drawing commands through the interaction, and the
 * range-select tool. `DrawingLayerController` listens from the start, in the capture phase for
 * pointers, and hands each event here once the parts are in; before then no drawing exists and no
 * drawing tool is chosen (choosing one loads the parts), so there is nothing to hit.
 */
export class DrawingLayerInput {
  readonly #h: DrawingLayerInputHost;
  #range: { startX: number; x: number; pointerId: number } | null = null;
  #capture: number | null = null;
  #inside = false;
  readonly #owned = new WeakSet<Event>();

  constructor(host: DrawingLayerInputHost) {
    this.#h = host;
  }

  /** Whether the drawing layer took `e`: the chart must not pan on it. */
  owns(e: Event): boolean {
    return this.#owned.has(e);
  }

  /** Drops a range-select drag in progress (the tool changed). */
  clearRange(): void {
    this.#range = null;
  }

  /** The range-select drag as plot x pixels, once it is wide enough to be a drag. */
  rangeBand(): { x0: number; x1: number } | null {
    const r = this.#range;
    if (!r || Math.abs(r.x - r.startX) < RANGE_DRAG_MIN_PX) return null;
    return { x0: Math.min(r.startX, r.x), x1: Math.max(r.startX, r.x) };
  }

  /** Pointer position in price-plot CSS px, and whether it lies inside the plot. */
  #plotPoint(e: PointerEvent): { x: number; y: number; inside: boolean } | null {
    const over = this.#h.renderer()?.pane('price')?.plot.over;
    if (!over) return null;
    return localPoint(over, e);
  }

  /** A finger the layer took (a handle, a drawing, a new drawing's anchors) moves what it took, whichever way it goes. */
  readonly #touchHold = new TouchHold();

  #take(e: PointerEvent): void {
    this.#owned.add(e);
    const container = this.#h.container();
    if (e.type === 'pointerdown' && container && this.#capture === null) {
      this.#capture = e.pointerId;
      if (e.pointerType === 'touch') this.#touchHold.hold(container);
      try {
        container.setPointerCapture(e.pointerId);
      } catch {
        // Synthetic events (tests) have no active pointer to capture; moves still arrive.
      }
    }
  }

  #release(e: PointerEvent): void {
    if (this.#capture !== e.pointerId) return;
    this.#capture = null;
    this.#touchHold.release();
    try {
      this.#h.container()?.releasePointerCapture(e.pointerId);
    } catch {
      // Already released by the browser.
    }
  }

  pointerDown(e: PointerEvent): void {
    const tool = this.#h.tool();
    if (e.button !== 0 || tool === null) return;
    const p = this.#plotPoint(e);
    if (!p || !p.inside) return;
    if (tool === 'range-select') {
      this.#range = { startX: p.x, x: p.x, pointerId: e.pointerId };
      this.#take(e);
      return;
    }
    if (this.#h.interaction()?.pointerDown(p.x, p.y, { shift: e.shiftKey })) this.#take(e);
    this.#h.setCursor();
  }

  pointerMove(e: PointerEvent): void {
    const p = this.#plotPoint(e);
    if (!p) return;
    const range = this.#range;
    if (range && e.pointerId === range.pointerId) {
      range.x = Math.min(Math.max(0, p.x), this.#h.mapper('price')?.width ?? p.x);
      this.#owned.add(e);
      this.#h.invalidate();
      return;
    }
    const gesture = this.#capture !== null;
    if (!p.inside && !gesture) {
      if (this.#inside) this.#h.interaction()?.pointerLeave();
      this.#inside = false;
      this.#h.setCursor();
      return;
    }
    this.#inside = p.inside;
    if (this.#h.interaction()?.pointerMove(p.x, p.y)) this.#owned.add(e);
    this.#h.setCursor();
  }

  pointerUp(e: PointerEvent): void {
    const p = this.#plotPoint(e);
    const range = this.#range;
    if (range && e.pointerId === range.pointerId) {
      this.#range = null;
      this.#owned.add(e);
      this.#release(e);
      this.#h.invalidate();
      void this.#commitRange(range.startX, p ? p.x : range.x);
      return;
    }
    if (p && this.#h.interaction()?.pointerUp(p.x, p.y)) this.#owned.add(e);
    this.#release(e);
    this.#h.setCursor();
  }

  pointerCancel(e: PointerEvent): void {
    this.#range = null;
    this.#h.interaction()?.pointerCancel();
    this.#release(e);
    this.#h.invalidate();
  }

  pointerLeave(): void {
    if (this.#capture !== null) return;
    this.#inside = false;
    this.#h.interaction()?.pointerLeave();
  }

  /** A key on the chart (not in a text field): handled ones have their default prevented. */
  keyEvent(e: KeyboardEvent): void {
    if (e.defaultPrevented || isTextInput(e)) return;
    if (this.keyDown(e)) e.preventDefault();
  }

  /** Delete/Backspace, Escape, Ctrl/Cmd+C and Ctrl/Cmd+V. True when handled (prevent the default). */
  keyDown(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey'>): boolean {
    if (this.#h.tool() === 'range-select' && e.key === 'Escape') {
      this.#h.setTool('select');
      return true;
    }
    const handled =
      this.#h.interaction()?.keyDown(e.key, { ctrl: e.ctrlKey, meta: e.metaKey, shift: e.shiftKey }) ?? false;
    this.#h.setCursor();
    return handled;
  }

  /** A range-select drag ends: commit it through `chart_set_selection`; a click clears the selection. */
  async #commitRange(x0: number, x1: number): Promise<void> {
    const core = this.#h.core;
    const m = this.#h.mapper('price');
    const series = core.store.peek('series');
    if (!m || !series) return;
    this.#h.setTool('select');
    if (Math.abs(x1 - x0) < RANGE_DRAG_MIN_PX) {
      if (core.store.peek('selection')) await this.#h.run('chart_set_selection', { clear: true });
      return;
    }
    const scale = createBarTimeScale(series.bars.time, series.bars.length);
    const n = series.bars.length;
    const index = (x: number) => Math.min(n - 1, Math.max(0, Math.round(scale.toIndex(m.xToTime(x)))));
    const a = index(Math.min(x0, x1));
    const b = index(Math.max(x0, x1));
    await this.#h.run('chart_set_selection', { from: series.bars.time[a], to: series.bars.time[b] });
  }
}
