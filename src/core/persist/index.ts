/** Layout persistence (`persist-key`): the versioned document, storage with quarantine, and durable commits. */
export * from './layout-document.js';
export * from './serialize-layout.js';
export * from './parse-layout.js';
export * from './layout-persistence.js';
export * from './apply-layout.js';
export * from './commit-with-persist.js';
export * from './layout-autosave.js';
export * from './persist-request.js';
export * from './merge-layouts.js';
export * from './layout-sync.js';
