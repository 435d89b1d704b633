import type { IndicatorInstance, PaneLayout } from './chart-state.js';

/** Weight of the price pane when a layout is made up. */
export const DEFAULT_PRICE_WEIGHT = 3;
/** Weight of a new indicator pane. */
export const DEFAULT_PANE_WEIGHT = 1;

/**
 * The pane layout as the renderer shows it: the price pane first, then every stored pane, then any
 * pane an indicator uses that the layout does not list yet (weight {@link DEFAULT_PANE_WEIGHT}).
 */
export function orderedPaneLayout(
  panes: readonly PaneLayout[],
  indicators: readonly IndicatorInstance[],
): PaneLayout[] {
  const layout = [...panes];
  const known = new Set(layout.map((p) => p.id));
  if (!known.has('price')) layout.unshift({ id: 'price', weight: DEFAULT_PRICE_WEIGHT });
  else if (layout[0].id !== 'price') {
    layout.unshift(
      ...layout.splice(
        layout.findIndex((p) => p.id === 'price'),
        1,
      ),
    );
  }
  for (const i of indicators) {
    if (!known.has(i.paneId) && i.paneId !== 'price') {
      known.add(i.paneId);
      layout.push({ id: i.paneId, weight: DEFAULT_PANE_WEIGHT });
    }
  }
  return layout;
}
