import type { IndicatorInstance, PaneLayout } from '../state/index.js';
import type { CommandContext } from './command-context.js';

/** Pane id → relative weight. */
export type Weights = Readonly<Record<string, number>>;

/** The separators' drag preview (pane-preview.ts `installPanePreview`). */
export interface PanePreview {
  previewWeights(panes: PaneCommands, weights: Weights): boolean;
  cancelPreview(panes: PaneCommands): void;
}

/**
 * The drag preview's code, once its chunk has installed it: only a separator's drag (in the chunk fetched
 * after the first paint, components/kline-chart/pane-separator-drag.ts) previews, so the first paint
 * does without it (issue #12).
 */
let preview: PanePreview | null = null;

/** Internal (pane-preview.ts): installs the drag preview. */
export function setPanePreview(ops: PanePreview): void {
  preview = ops;
}

/**
 * The panes in the order shown (state/ordered-pane-layout.ts `orderedPaneLayout`), once installed: only the
 * chunks read {@link PaneCommands.layout} (the pane tools and the separators' drag), and both import
 * pane-preview.ts, which installs it, so the first paint does without it (issue #12).
 */
let order: ((panes: readonly PaneLayout[], indicators: readonly IndicatorInstance[]) => PaneLayout[]) | undefined;

/** Internal (pane-preview.ts): installs the panes' order. */
export function setPaneOrder(fn: NonNullable<typeof order>): void {
  order = fn;
}

/**
 * The pane layout and the separators' drag preview. The pane separators and the legend's move
 * buttons run the `pane_resize` and `pane_move` tools ({@link import('./pane-tools.js').PaneTools},
 * loaded after the first paint: builtin-tool-hosts.ts, issue #12), so a drag, a click and an agent's
 * call are each one undo step named after the tool. A separator drag previews with
 * {@link previewWeights} (shown at once, not recorded); the `pane_resize` that ends the drag records
 * ONE step from the layout before the first preview.
 */
export class PaneCommands {
  /** Internal: the store, shared with the pane tools. */
  readonly ctx: Pick<CommandContext, 'store'>;
  /**
   * Internal (the pane tools end it): a drag preview on screen, the layout before it and the layout
   * it wrote (stale once the panes change otherwise).
   */
  preview: { base: readonly PaneLayout[]; shown: readonly PaneLayout[] } | null = null;

  constructor(ctx: Pick<CommandContext, 'store'>) {
    this.ctx = ctx;
  }

  // ---- non-tool methods for the separators ----

  /**
   * The panes top to bottom with their weights, price first (what the renderer shows). Only code that
   * imports pane-preview.ts calls it (the pane tools, the separators' drag): that installs {@link order}.
   */
  layout(): PaneLayout[] {
    // Not installed is a wrong import (a caller without pane-preview.ts), said as such rather than a TypeError.
    if (!order) throw new Error('pane-preview.ts not loaded');
    return order(this.ctx.store.peek('panes'), this.ctx.store.peek('indicators'));
  }

  /**
   * Shows new pane weights at once during a separator drag, without an undo step; `pane_resize`
   * (or {@link cancelPreview}) ends the drag. Values that are not positive numbers and unknown ids
   * are ignored. Returns whether anything changed. The body is pane-preview.ts, which the drag's chunk
   * installs when it loads (a drag cannot start before): until then nothing changes.
   */
  previewWeights(weights: Weights): boolean {
    return preview?.previewWeights(this, weights) ?? false;
  }

  /** Drops a drag preview, restoring the layout from before it (Escape during a drag; pane-preview.ts). */
  cancelPreview(): void {
    preview?.cancelPreview(this);
  }
}
