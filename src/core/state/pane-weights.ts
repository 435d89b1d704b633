// The made-up panes' weights, apart from ordered-pane-layout.ts: the entry reads them, while only chunks
// order the panes (src/core/commands/pane-preview.ts, indicator-tools.ts; issue #12).

/** Weight of the price pane when a layout is made up. */
export const DEFAULT_PRICE_WEIGHT = 3;
/** Weight of a new indicator pane. */
export const DEFAULT_PANE_WEIGHT = 1;
