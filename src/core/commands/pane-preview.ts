import type { PaneLayout } from '../state/index.js';
import { orderedPaneLayout } from '../state/ordered-pane-layout.js';
import { setPaneOrder, setPanePreview, type PaneCommands, type Weights } from './pane-commands.js';

// `PaneCommands.layout` works from here on: every caller of it imports this module (pane-commands.ts).
setPaneOrder(orderedPaneLayout);

/** `layout` with the given weights (rounded to 3 decimals); non-positive or non-finite values are ignored. */
export function withWeights(layout: readonly PaneLayout[], weights: Weights): PaneLayout[] {
  return layout.map((p) => {
    const w = Object.prototype.hasOwnProperty.call(weights, p.id) ? weights[p.id] : undefined;
    return typeof w === 'number' && Number.isFinite(w) && w > 0
      ? { id: p.id, weight: Math.max(0.001, Math.round(w * 1000) / 1000) }
      : p;
  });
}

/** The drag preview of `panes`, while the panes on screen are still the ones it wrote (also the pane tools). */
export function livePreview(panes: PaneCommands): PaneCommands['preview'] {
  const preview = panes.preview;
  return preview && preview.shown === panes.ctx.store.peek('panes') ? preview : null;
}

/** {@link PaneCommands.previewWeights}: shows `weights` at once, remembering the layout before the drag. */
function previewWeights(panes: PaneCommands, weights: Weights): boolean {
  const current = panes.layout();
  const next = withWeights(current, weights);
  if (next.every((p, i) => p.weight === current[i].weight)) return false;
  const store = panes.ctx.store;
  const base = livePreview(panes)?.base ?? store.peek('panes');
  store.action('pane_preview', (d) => d.set('panes', next), { undoable: false });
  panes.preview = { base, shown: store.peek('panes') };
  return true;
}

/** {@link PaneCommands.cancelPreview}: puts back the layout from before the drag, unless the panes changed since. */
function cancelPreview(panes: PaneCommands): void {
  const base = livePreview(panes)?.base;
  panes.preview = null;
  if (base) panes.ctx.store.action('pane_preview', (d) => d.set('panes', base), { undoable: false });
}

/**
 * Makes `PaneCommands.previewWeights` and `cancelPreview` work: the separators' drag (in the chunk fetched
 * after the first paint, components/kline-chart/pane-separator-drag.ts) calls it when it loads, so the first
 * paint does without this code (issue #12).
 */
export function installPanePreview(): void {
  setPanePreview({ previewWeights, cancelPreview });
}
