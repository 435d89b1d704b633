/** The most studies one chart keeps: past it a chart stops being readable (and each costs a pass per frame). */
export const MAX_STUDIES = 40;
/** The most indicator panes below the price pane: at the minimum pane height more would not fit a screen. */
export const MAX_PANES = 12;
/** The most markers one instrument holds (`markers_create`, a restored layout). */
export const MAX_MARKERS = 10_000;
/** The most price lines one instrument holds (`price_lines_create`, a restored layout). */
export const MAX_PRICE_LINES = 100;
