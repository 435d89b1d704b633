import type { IndicatorInstance, PaneLayout } from './chart-state.js';
import { DEFAULT_PANE_WEIGHT, DEFAULT_PRICE_WEIGHT } from './pane-weights.js';

/**
 * The pane layout as the renderer shows it: the price pane first, then every stored pane, then any
 * pane an indicator uses that the layout does not list yet (weight {@link DEFAULT_PANE_WEIGHT}).
 */
export function orderedPaneLayout(
  panes: readonly PaneLayout[],
  indicators: readonly IndicatorInstance[],
): PaneLayout[] {
  // The first stored price pane (or a made-up one) first, then the rest in their order.
  const price = panes.findIndex((p) => p.id === 'price');
  const layout = [price < 0 ? { id: 'price', weight: DEFAULT_PRICE_WEIGHT } : panes[price]];
  panes.forEach((p, i) => i !== price && layout.push(p));
  const known = new Set(layout.map((p) => p.id));
  for (const { paneId } of indicators)
    if (!known.has(paneId)) {
      known.add(paneId);
      layout.push({ id: paneId, weight: DEFAULT_PANE_WEIGHT });
    }
  return layout;
}
