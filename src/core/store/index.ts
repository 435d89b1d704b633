export * from './store.js';
export * from './history.js';
export * from './read-only-signal.js';
export * from './effect.js';
