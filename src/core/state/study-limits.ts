/** The most studies one chart keeps: past it a chart stops being readable (and each costs a pass per frame). */
export const MAX_STUDIES = 40;
/** The most indicator panes below the price pane: at the minimum pane height more would not fit a screen. */
export const MAX_PANES = 12;
