/**
 * The drawing bar's code, a chunk the chart loads when it first shows the bar (or a compact chart's
 * active-tool button), so a page's first candle does not wait for it (issue #12). The chart reserves
 * the bar's width meanwhile, and `whenPainted()` waits for it.
 */
export { renderDrawingToolbar, renderActiveTool, drawingToolbarStyles } from './drawing-toolbar.js';
export { DrawingBarFold } from './drawing-bar-fold.js';
// The words of the bar, the active-tool button and the editor are here, not in the entry (the chart asks for them
// once a chunk that shows them is in: this one or the editor's).
export { drawingStrings } from './drawing-toolbar-strings.js';
