/**
 * The drawing bar's code, a chunk the chart loads when it first shows the bar (or a compact chart's
 * active-tool button), so a page's first candle does not wait for it (issue #12). The chart reserves
 * the bar's width meanwhile, and `whenPainted()` waits for it.
 */
export { renderDrawingToolbar, renderActiveTool, drawingToolbarStyles } from './drawing-toolbar.js';
export { DrawingBarFold } from './drawing-bar-fold.js';
