/** The floating drawing editor template. */
export * from './drawing-editor.js';
