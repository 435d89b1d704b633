import type { PaneLayout } from '../../src/core/state/index.js';
import { clientScale } from '../../src/render/client-scale.js';

/** What the separators need of the chart: the layout, a drag preview, and the `pane_resize` tool. */
export interface PaneSeparatorsHost {
  /** Panes top to bottom with their weights (`PaneCommands.layout`). */
  layout(): readonly PaneLayout[];
  /** Shows weights during a drag without an undo step (`PaneCommands.previewWeights`). */
  previewWeights(weights: Readonly<Record<string, number>>): void;
  /** Drops the drag preview (`PaneCommands.cancelPreview`). */
  cancelPreview(): void;
  /** Records the weights: runs the `pane_resize` tool, one undo step from the layout before the drag. */
  resize(weights: Readonly<Record<string, number>>): void;
}

/** Options of {@link PaneSeparators}. */
export interface PaneSeparatorsOptions {
  /** Height of the time axis under the last pane (the renderer's `xAxisH`), in CSS px. */
  readonly axisHeight?: number;
  /** A pane is never dragged smaller than this (the renderer's own minimum), in CSS px. */
  readonly minHeight?: number;
  /** Pixels per arrow key press on a focused separator. */
  readonly keyStep?: number;
  /** Accessible name of a separator from the ids of the panes above and below it (default "Resize panes"). */
  readonly label?: (above: string, below: string) => string;
}

interface Drag {
  readonly pointerId: number;
  readonly startY: number;
  /** Client px per CSS px down the chart (an ancestor's `transform: scale()` or `zoom`). */
  readonly scale: number;
  readonly above: string;
  readonly below: string;
  /** Pixel heights of the two panes when the drag began. */
  readonly heights: readonly [number, number];
  /** Weights of the two panes when the drag began. */
  readonly weights: readonly [number, number];
  /** CSS px per unit of weight. */
  readonly pxPerWeight: number;
  /** The lower pane is the last one: its height includes the time axis. */
  readonly belowIsLast: boolean;
  last: Record<string, number> | null;
}

/**
 * Draggable separators between the chart's panes. Dragging previews new heights at once and
 * records ONE undo step on release (the `pane_resize` tool, src/core/commands/pane-commands.ts);
 * Escape cancels the drag.
 * A focused separator moves with ArrowUp/ArrowDown (one step per press).
 *
 * It owns a transparent layer appended to `parent` (the element that contains the panes at its
 * top-left, e.g. the chart's `.main`); call {@link update} with the renderer's pane offsets.
 *
 * @example
 * const separators = new PaneSeparators(main, {
 *   layout: () => core.panes.layout(),
 *   previewWeights: (w) => core.panes.previewWeights(w),
 *   cancelPreview: () => core.panes.cancelPreview(),
 *   resize: (weights) => void core.tools.execute('pane_resize', { weights }, { origin: 'user' }),
 * });
 * // in ChartRenderer's onLayout: separators.update(offsets, panesContainer.clientHeight)
 */
export class PaneSeparators {
  readonly layer: HTMLDivElement;
  readonly #commands: PaneSeparatorsHost;
  readonly #axisHeight: number;
  readonly #minHeight: number;
  readonly #keyStep: number;
  readonly #label: (above: string, below: string) => string;
  #tops: { id: string; top: number; height: number }[] = [];
  #total = 0;
  #drag: Drag | null = null;

  constructor(parent: HTMLElement, commands: PaneSeparatorsHost, options: PaneSeparatorsOptions = {}) {
    this.#commands = commands;
    this.#axisHeight = options.axisHeight ?? 26;
    this.#minHeight = options.minHeight ?? 40;
    this.#keyStep = options.keyStep ?? 10;
    this.#label = options.label ?? (() => 'Resize panes');
    const layer = document.createElement('div');
    layer.className = 'pane-separators';
    Object.assign(layer.style, { position: 'absolute', inset: '0', pointerEvents: 'none', zIndex: '3' });
    parent.appendChild(layer);
    this.layer = layer;
  }

  /** Places one separator between each two neighbouring panes. `offsets`: pane id → top (CSS px). */
  update(offsets: ReadonlyMap<string, number>, totalHeight: number): void {
    const sorted = [...offsets].map(([id, top]) => ({ id, top })).sort((a, b) => a.top - b.top);
    this.#total = totalHeight;
    this.#tops = sorted.map((p, i) => ({
      ...p,
      height: (i + 1 < sorted.length ? sorted[i + 1].top : totalHeight) - p.top,
    }));
    const wanted = Math.max(0, sorted.length - 1);
    const existing = [...this.layer.children] as HTMLElement[];
    for (let i = wanted; i < existing.length; i++) existing[i].remove();
    for (let i = 0; i < wanted; i++) {
      const el = existing[i] ?? this.#create();
      const above = this.#tops[i];
      const below = this.#tops[i + 1];
      el.dataset.above = above.id;
      el.dataset.below = below.id;
      el.setAttribute('aria-label', this.#label(above.id, below.id));
      el.style.top = `${below.top - 3}px`;
      el.setAttribute('aria-valuenow', String(Math.round((above.height / Math.max(1, totalHeight)) * 100)));
    }
  }

  /** Removes the layer and ends a drag in progress (its preview is dropped). */
  destroy(): void {
    if (this.#drag) this.#commands.cancelPreview();
    this.#drag = null;
    this.layer.remove();
  }

  #create(): HTMLElement {
    const el = document.createElement('div');
    el.className = 'pane-separator';
    el.setAttribute('role', 'separator');
    el.setAttribute('aria-orientation', 'horizontal');
    el.setAttribute('aria-valuemin', '0');
    el.setAttribute('aria-valuemax', '100');
    el.tabIndex = 0;
    // A study's title can change without a relayout (its parameters): the name is read again on focus.
    el.addEventListener('focus', () =>
      el.setAttribute('aria-label', this.#label(el.dataset.above ?? '', el.dataset.below ?? '')),
    );
    Object.assign(el.style, {
      position: 'absolute',
      left: '0',
      right: '0',
      height: '7px',
      cursor: 'row-resize',
      pointerEvents: 'auto',
      touchAction: 'none',
      outline: 'none',
    });
    const line = document.createElement('div');
    Object.assign(line.style, {
      position: 'absolute',
      left: '0',
      right: '0',
      top: '3px',
      height: '1px',
      background: 'transparent',
    });
    el.appendChild(line);
    const highlight = (on: boolean) =>
      (line.style.background = on ? 'var(--kline-accent-color, #2962ff)' : 'transparent');
    el.addEventListener('pointerenter', () => highlight(true));
    el.addEventListener('pointerleave', () =>
      highlight(this.#drag !== null || document.activeElement === el || el.matches(':focus')),
    );
    el.addEventListener('focus', () => highlight(true));
    el.addEventListener('blur', () => highlight(false));
    el.addEventListener('pointerdown', (e) => this.#onDown(e, el));
    el.addEventListener('pointermove', (e) => this.#onMove(e));
    el.addEventListener('pointerup', (e) => this.#onUp(e, el, highlight));
    el.addEventListener('pointercancel', () => this.#cancel(highlight));
    el.addEventListener('keydown', (e) => this.#onKey(e, el, highlight));
    this.layer.appendChild(el);
    return el;
  }

  #begin(el: HTMLElement, pointerId: number, startY: number): Drag | null {
    const above = el.dataset.above;
    const below = el.dataset.below;
    const a = this.#tops.find((p) => p.id === above);
    const b = this.#tops.find((p) => p.id === below);
    if (!above || !below || !a || !b) return null;
    const layout = this.#commands.layout();
    const wa = layout.find((p) => p.id === above)?.weight ?? 1;
    const wb = layout.find((p) => p.id === below)?.weight ?? 1;
    const totalWeight = layout.reduce((s, p) => s + p.weight, 0) || 1;
    // The renderer shares the height minus the time axis in proportion to the weights.
    const pxPerWeight = Math.max(1e-6, (this.#total - this.#axisHeight) / totalWeight);
    const belowIsLast = this.#tops[this.#tops.length - 1].id === below;
    return {
      pointerId,
      startY,
      scale: clientScale(this.layer).y,
      above,
      below,
      heights: [a.height, b.height],
      weights: [wa, wb],
      pxPerWeight,
      belowIsLast,
      last: null,
    };
  }

  /** Weights of the two panes after moving their boundary by `dy` CSS px (their sum is kept). */
  #weightsFor(drag: Drag, dy: number): Record<string, number> {
    const [ha, hb] = drag.heights;
    const [wa, wb] = drag.weights;
    const span = ha + hb;
    const minBelow = this.#minHeight + (drag.belowIsLast ? this.#axisHeight : 0);
    const nextA = Math.min(Math.max(ha + dy, this.#minHeight), span - minBelow);
    const sum = wa + wb;
    const weightA = Math.min(Math.max(wa + (nextA - ha) / drag.pxPerWeight, sum * 0.02), sum * 0.98);
    return { [drag.above]: weightA, [drag.below]: sum - weightA };
  }

  #onDown(e: PointerEvent, el: HTMLElement): void {
    if (e.button !== 0) return;
    // The panes below pan on pointerdown; a separator drag must not reach them.
    e.stopPropagation();
    e.preventDefault();
    const drag = this.#begin(el, e.pointerId, e.clientY);
    if (!drag) return;
    this.#drag = drag;
    try {
      el.setPointerCapture(e.pointerId);
    } catch {
      // A synthetic or already-released pointer cannot be captured; the drag still works over the separator.
    }
  }

  #onMove(e: PointerEvent): void {
    const drag = this.#drag;
    if (!drag || e.pointerId !== drag.pointerId) return;
    e.stopPropagation();
    drag.last = this.#weightsFor(drag, (e.clientY - drag.startY) / drag.scale);
    this.#commands.previewWeights(drag.last);
  }

  #onUp(e: PointerEvent, el: HTMLElement, highlight: (on: boolean) => void): void {
    const drag = this.#drag;
    if (!drag || e.pointerId !== drag.pointerId) return;
    e.stopPropagation();
    this.#drag = null;
    if (el.hasPointerCapture?.(e.pointerId)) el.releasePointerCapture(e.pointerId);
    const weights = this.#weightsFor(drag, (e.clientY - drag.startY) / drag.scale);
    if (e.clientY === drag.startY) this.#commands.cancelPreview();
    else this.#commands.resize(weights);
    highlight(el.matches(':hover') || el.matches(':focus'));
  }

  #cancel(highlight: (on: boolean) => void): void {
    if (!this.#drag) return;
    this.#drag = null;
    this.#commands.cancelPreview();
    highlight(false);
  }

  #onKey(e: KeyboardEvent, el: HTMLElement, highlight: (on: boolean) => void): void {
    if (e.key === 'Escape') {
      if (this.#drag) {
        e.stopPropagation();
        this.#cancel(highlight);
      }
      return;
    }
    if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
    // Arrows pan the chart elsewhere; on a separator they resize.
    e.preventDefault();
    e.stopPropagation();
    const drag = this.#begin(el, -1, 0);
    if (!drag) return;
    this.#commands.resize(this.#weightsFor(drag, e.key === 'ArrowUp' ? -this.#keyStep : this.#keyStep));
  }
}
