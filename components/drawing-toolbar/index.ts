/** The drawing toolbar template and its strings. */
export * from './drawing-toolbar.js';
export * from './drawing-toolbar-strings.js';
