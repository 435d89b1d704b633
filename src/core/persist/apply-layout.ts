import type { ChartState } from '../state/index.js';
import type { Store } from '../store/index.js';
import type { LayoutDocument } from './layout-document.js';

/** Name of the action that applies a restored layout (not an undo step). */
export const RESTORE_ACTION = 'persist_restore';

/**
 * Applies a restored layout in one action that is not an undo step, and clears the history:
 * steps recorded before the restore hold slices it replaced, so undoing them would write
 * pre-restore values over the restored layout.
 */
export function applyLayout(store: Store<ChartState>, layout: LayoutDocument): void {
  store.action(
    RESTORE_ACTION,
    (d) => {
      d.set('indicators', layout.indicators);
      d.set('panes', layout.panes);
      d.set('drawings', layout.drawings);
      d.set('comparisons', layout.comparisons);
      d.set('settings', layout.settings);
      d.set('markers', layout.markers ?? {});
      d.set('priceLines', layout.priceLines ?? {});
      d.set('drawingSelection', []);
    },
    { undoable: false },
  );
  store.history.clear();
}
