/** Small UI parts of the agent panel: templates and one light-DOM element, each usable alone. */
export * from './markdown-view/index.js';
export * from './tool-card/index.js';
export * from './question-card/index.js';
export * from './context-chips/index.js';
export * from './session-list/index.js';
export * from './approval-card/index.js';
export * from './run-changes/index.js';
export * from './watch-signal/index.js';
