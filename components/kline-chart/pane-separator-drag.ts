import type { PaneLayout } from '../../src/core/state/index.js';
import { clientScale } from '../../src/render/client-scale.js';
import { installPanePreview } from '../../src/core/commands/pane-preview.js';

// The drag's live preview (PaneCommands.previewWeights) comes with this chunk (issue #12).
installPanePreview();

/**
 * What the separators change (`PaneSeparators`' commands, pane-separators.ts): the panes' layout and drag preview
 * (the core's `PaneCommands`), and the resize a drag or key ends with.
 */
export interface SeparatorCommands {
  readonly panes: {
    layout(): readonly PaneLayout[];
    previewWeights(weights: Readonly<Record<string, number>>): unknown;
    cancelPreview(): void;
  };
  resize(weights: Readonly<Record<string, number>>): void;
}

/** What a separator's drag and keys need of `PaneSeparators` (pane-separators.ts). */
export interface SeparatorDragHost {
  readonly layer: HTMLElement;
  readonly commands: SeparatorCommands;
  /** The panes' tops and heights, top to bottom, and the panes' total height (CSS px). */
  tops(): readonly { id: string; top: number; height: number }[];
  total(): number;
  readonly axisHeight: number;
  readonly minHeight: number;
  readonly keyStep: number;
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
 * A separator's drag (a live preview, ONE undo step on release, Escape cancels) and its arrow keys. In
 * the chunk fetched after the first paint (input-parts.ts); `PaneSeparators` claims each press and key at
 * once and hands it here, in order, when the chunk is in.
 */
export class SeparatorDrag {
  readonly #h: SeparatorDragHost;
  #drag: Drag | null = null;

  constructor(host: SeparatorDragHost) {
    this.#h = host;
  }

  get dragging(): boolean {
    return this.#drag !== null;
  }

  #begin(el: HTMLElement, pointerId: number, startY: number): Drag | null {
    const h = this.#h;
    const tops = h.tops();
    const above = el.dataset.above;
    const below = el.dataset.below;
    const a = tops.find((p) => p.id === above);
    const b = tops.find((p) => p.id === below);
    if (!above || !below || !a || !b) return null;
    const layout = h.commands.panes.layout();
    const wa = layout.find((p) => p.id === above)?.weight ?? 1;
    const wb = layout.find((p) => p.id === below)?.weight ?? 1;
    const totalWeight = layout.reduce((s, p) => s + p.weight, 0) || 1;
    // The renderer shares the height minus the time axis in proportion to the weights.
    const pxPerWeight = Math.max(1e-6, (h.total() - h.axisHeight) / totalWeight);
    const belowIsLast = tops[tops.length - 1].id === below;
    return {
      pointerId,
      startY,
      scale: clientScale(h.layer).y,
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
    const minHeight = this.#h.minHeight;
    const minBelow = minHeight + (drag.belowIsLast ? this.#h.axisHeight : 0);
    const nextA = Math.min(Math.max(ha + dy, minHeight), span - minBelow);
    const sum = wa + wb;
    const weightA = Math.min(Math.max(wa + (nextA - ha) / drag.pxPerWeight, sum * 0.02), sum * 0.98);
    return { [drag.above]: weightA, [drag.below]: sum - weightA };
  }

  /**
   * A press, move, lift or key on separator `el` (those before the chunk, claimed then, handed over in
   * order when it arrived): a press drags, Escape cancels the drag, ArrowUp/ArrowDown move one step.
   */
  handle(e: Event, el: HTMLElement): void {
    switch (e.type) {
      case 'pointerdown':
        if ((e as PointerEvent).button !== 0) return;
        // The panes below pan on pointerdown; a separator drag must not reach them.
        e.stopPropagation();
        e.preventDefault();
        try {
          el.setPointerCapture((e as PointerEvent).pointerId);
        } catch {
          // A synthetic or already-released pointer cannot be captured; the drag still works over the separator.
        }
        return this.#down(e as PointerEvent, el);
      case 'pointermove':
        return this.#move(e as PointerEvent);
      case 'pointerup':
        return this.#up(e as PointerEvent, el);
      case 'pointercancel':
        return this.#cancel(el);
      case 'keydown': {
        const key = (e as KeyboardEvent).key;
        if (key === 'Escape') {
          if (this.#drag) {
            e.stopPropagation();
            this.#cancel(el);
          }
          return;
        }
        if (key !== 'ArrowUp' && key !== 'ArrowDown') return;
        // Arrows pan the chart elsewhere; on a separator they resize.
        e.preventDefault();
        e.stopPropagation();
        const drag = this.#begin(el, -1, 0);
        if (drag)
          this.#h.commands.resize(this.#weightsFor(drag, key === 'ArrowUp' ? -this.#h.keyStep : this.#h.keyStep));
      }
    }
  }

  #down(e: PointerEvent, el: HTMLElement): void {
    this.#drag = this.#begin(el, e.pointerId, e.clientY);
    // Its line stays shown while dragged, wherever the pointer is (kline-chart.styles.ts).
    if (this.#drag) el.classList.add('dragging');
  }

  #move(e: PointerEvent): void {
    const drag = this.#drag;
    if (!drag || e.pointerId !== drag.pointerId) return;
    e.stopPropagation();
    drag.last = this.#weightsFor(drag, (e.clientY - drag.startY) / drag.scale);
    this.#h.commands.panes.previewWeights(drag.last);
  }

  #up(e: PointerEvent, el: HTMLElement): void {
    const drag = this.#drag;
    if (!drag || e.pointerId !== drag.pointerId) return;
    e.stopPropagation();
    this.#drag = null;
    if (el.hasPointerCapture?.(e.pointerId)) el.releasePointerCapture(e.pointerId);
    const weights = this.#weightsFor(drag, (e.clientY - drag.startY) / drag.scale);
    if (e.clientY === drag.startY) this.#h.commands.panes.cancelPreview();
    else this.#h.commands.resize(weights);
    el.classList.remove('dragging');
  }

  #cancel(el: HTMLElement): void {
    if (!this.#drag) return;
    this.#drag = null;
    this.#h.commands.panes.cancelPreview();
    el.classList.remove('dragging');
  }
}
