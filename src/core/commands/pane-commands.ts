import { orderedPaneLayout, type PaneLayout } from '../state/index.js';
import type { CommandContext } from './command-context.js';

/** Pane id → relative weight. */
export type Weights = Readonly<Record<string, number>>;

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

  /** The panes top to bottom with their weights, price first (what the renderer shows). */
  layout(): PaneLayout[] {
    return orderedPaneLayout(this.ctx.store.peek('panes'), this.ctx.store.peek('indicators'));
  }

  /**
   * Shows new pane weights at once during a separator drag, without an undo step; `pane_resize`
   * (or {@link cancelPreview}) ends the drag. Values that are not positive numbers and unknown ids
   * are ignored. Returns whether anything changed.
   */
  previewWeights(weights: Weights): boolean {
    const current = this.layout();
    const next = withWeights(current, weights);
    if (next.every((p, i) => p.weight === current[i].weight)) return false;
    const base = this.livePreview()?.base ?? this.ctx.store.peek('panes');
    this.ctx.store.action('pane_preview', (d) => d.set('panes', next), { undoable: false });
    this.preview = { base, shown: this.ctx.store.peek('panes') };
    return true;
  }

  /** Drops a drag preview, restoring the layout from before it (Escape during a drag). */
  cancelPreview(): void {
    const base = this.livePreview()?.base;
    this.preview = null;
    if (base) this.ctx.store.action('pane_preview', (d) => d.set('panes', base), { undoable: false });
  }

  // ---- internal: shared with the pane tools ----

  /** Internal: the preview, while the panes on screen are still the ones it wrote. */
  livePreview() {
    const preview = this.preview;
    return preview && preview.shown === this.ctx.store.peek('panes') ? preview : null;
  }
}

/** `layout` with the given weights (rounded to 3 decimals); non-positive or non-finite values are ignored. */
export function withWeights(layout: readonly PaneLayout[], weights: Weights): PaneLayout[] {
  return layout.map((p) => {
    const w = Object.prototype.hasOwnProperty.call(weights, p.id) ? weights[p.id] : undefined;
    return typeof w === 'number' && Number.isFinite(w) && w > 0
      ? { id: p.id, weight: Math.max(0.001, Math.round(w * 1000) / 1000) }
      : p;
  });
}
