/** Drawing layer of the renderer: the canvas painter and the DOM-free pointer/keyboard state machine. */
export * from './dash-pattern.js';
export * from './paint-drawings.js';
export * from './drawing-interaction.js';
