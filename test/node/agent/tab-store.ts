import type { SessionStore } from '../../../src/agent/index.js';

/**
 * `store` as one tab writes to it: after `close()` (the tab closes) its appends never settle, as IndexedDB's
 * do for a closed page; reads still go through.
 */
export function tabStore(store: SessionStore): { store: SessionStore; close(): void } {
  let closed = false;
  return {
    store: { ...store, append: (id, events) => (closed ? new Promise<void>(() => {}) : store.append(id, events)) },
    close: () => void (closed = true),
  };
}
