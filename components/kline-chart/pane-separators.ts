import { inputParts, withInputParts } from './load-input-parts.js';
import type { SeparatorCommands, SeparatorDrag } from './pane-separator-drag.js';

/** What the separators need of the chart: the layout, a drag preview, and the `pane_resize` tool. */
export type PaneSeparatorsHost = SeparatorCommands;

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
  /** Says that the drag's chunk could not be fetched (at a press or key; the next one tries again). */
  readonly notice?: () => void;
}

/**
 * Draggable separators between the chart's panes. Dragging previews new heights at once and
 * records ONE undo step on release (the `pane_resize` tool, src/core/commands/pane-commands.ts);
 * Escape cancels the drag.
 * A focused separator moves with ArrowUp/ArrowDown (one step per press). The drag and the keys are in
 * the chunk fetched after the first paint (pane-separator-drag.ts, input-parts.ts): a press or key before
 * it is here is claimed at once and handled, in order, when it arrives.
 *
 * It owns a transparent layer appended to `parent` (the element that contains the panes at its
 * top-left, e.g. the chart's `.main`); call {@link update} with the renderer's pane offsets.
 *
 * @example
 * const separators = new PaneSeparators(main, {
 *   panes: core.panes,
 *   resize: (weights) => void core.tools.execute('pane_resize', { weights }, { origin: 'user' }),
 * });
 * // in ChartRenderer's onLayout: separators.update(offsets, panesContainer.clientHeight)
 */
export class PaneSeparators {
  readonly layer: HTMLDivElement;
  readonly #commands: PaneSeparatorsHost;
  readonly #label: (above: string, below: string) => string;
  readonly #notice: (() => void) | undefined;
  #tops: { id: string; top: number; height: number }[] = [];
  #total = 0;
  #drag: SeparatorDrag | null = null;
  readonly #o: Required<Pick<PaneSeparatorsOptions, 'axisHeight' | 'minHeight' | 'keyStep'>>;

  constructor(parent: HTMLElement, commands: PaneSeparatorsHost, options: PaneSeparatorsOptions = {}) {
    this.#commands = commands;
    this.#o = {
      axisHeight: options.axisHeight ?? 26,
      minHeight: options.minHeight ?? 40,
      keyStep: options.keyStep ?? 10,
    };
    this.#label = options.label ?? (() => 'Resize panes');
    this.#notice = options.notice;
    // Its look and the separators' are the chart's style sheet's (kline-chart.styles.ts).
    const layer = document.createElement('div');
    layer.className = 'pane-separators';
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
    if (wanted > 0) this.#withDrag(() => undefined, true); // fetched now, before a press needs it
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
    if (this.#drag?.dragging) this.#commands.panes.cancelPreview();
    this.#gone = true;
    this.layer.remove();
  }

  #gone = false;
  /** A press not yet handled (the drag's chunk on its way): its moves and lift wait for the chunk too. */
  #pressed = false;

  /**
   * Runs `act` with the drag and keys: at once when their chunk is here, else when it arrives (in the
   * order asked). A chunk that cannot be fetched leaves the separators still (the pan and keys work).
   */
  #withDrag(act: (drag: SeparatorDrag) => void, quiet = false): void {
    withInputParts(
      () => {
        const drag = this.#dragNow();
        if (drag) act(drag);
      },
      quiet ? undefined : this.#notice,
    );
  }

  #dragNow(): SeparatorDrag | null {
    const parts = inputParts();
    if (this.#drag || !parts || this.#gone) return this.#drag;
    return (this.#drag = new parts.SeparatorDrag({
      ...this.#o,
      layer: this.layer,
      commands: this.#commands,
      tops: () => this.#tops,
      total: () => this.#total,
    }));
  }

  /**
   * A separator's press, move, lift or key: the drag's (pane-separator-drag.ts) once its chunk is here;
   * before that a press or arrow key is claimed at once and handed over, in order, when it arrives.
   */
  readonly #on = (e: Event): void => {
    const el = e.currentTarget as HTMLElement;
    const drag = this.#dragNow();
    if (drag) return drag.handle(e, el);
    const type = e.type;
    const down = type === 'pointerdown';
    const key = type === 'keydown';
    if (
      down
        ? (e as PointerEvent).button !== 0
        : key
          ? !/^Arrow(Up|Down)$/.test((e as KeyboardEvent).key)
          : !this.#pressed // a move or lift without a press on its way
    )
      return;
    if (down || key) {
      // The separator's at once: neither the panes' pan nor the chart's keys.
      e.stopPropagation();
      e.preventDefault();
    }
    if (down) {
      this.#pressed = true;
      try {
        el.setPointerCapture((e as PointerEvent).pointerId);
      } catch {
        // A synthetic or already-released pointer cannot be captured; the drag still works over the separator.
      }
    } else if (!key && type !== 'pointermove') this.#pressed = false;
    // A failed fetch is said at the press or key, not again at each of its moves and its lift.
    this.#withDrag((d) => d.handle(e, el), !down && !key);
  };

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
    for (const type of ['pointerdown', 'pointermove', 'pointerup', 'pointercancel', 'keydown'])
      el.addEventListener(type, this.#on);
    this.layer.appendChild(el);
    return el;
  }
}
