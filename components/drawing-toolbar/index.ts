/** The drawing toolbar template and its strings. */
export * from './drawing-toolbar.js';
export * from './drawing-toolbar-strings.js';
export * from './drawing-bar-fold.js';
export * from './drawing-groups.js';
