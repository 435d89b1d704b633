import { html, type TemplateResult } from 'lit';
import {
  createIndexedDbSessionStore,
  createMemorySessionStore,
  createResilientSessionStore,
  type ResilientSessionStore,
  type SessionStore,
  type SessionStoreProblem,
} from '../../src/agent/index.js';
import type { PanelStorageStrings } from './panel-strings.js';

/** How long `indexedDB.open` may take before the panel falls back to page memory (tests lower it). */
export const panelStoreTiming = { openTimeoutMs: 3000, retryBaseDelayMs: 100 };

/** Whether this browsing context has IndexedDB (reading it can throw in sandboxed frames). */
export function hasIndexedDb(): boolean {
  try {
    return typeof indexedDB !== 'undefined' && indexedDB !== null;
  } catch {
    return false;
  }
}

/**
 * The panel's session store: page memory for `memory`, else IndexedDB wrapped so that a failed
 * write, an IndexedDB that cannot be opened (or does not answer within 3 s), or a database deleted
 * while open keeps the conversation in the page and calls `onProblem` (the panel shows a notice).
 */
export function createPanelSessionStore(
  kind: 'indexeddb' | 'memory',
  onProblem: (problem: SessionStoreProblem) => void,
): SessionStore {
  if (kind === 'memory') return createMemorySessionStore();
  let resilient: ResilientSessionStore | null = null;
  const durable = createIndexedDbSessionStore({
    openTimeoutMs: panelStoreTiming.openTimeoutMs,
    onProblem: (problem) => resilient?.report(problem),
  });
  resilient = createResilientSessionStore(durable, { baseDelayMs: panelStoreTiming.retryBaseDelayMs, onProblem });
  return resilient;
}

/** The notice text for a storage problem. */
export function storageNoticeText(problem: SessionStoreProblem, strings: PanelStorageStrings): string {
  switch (problem.kind) {
    case 'write-failed':
      return strings.writeFailed;
    case 'unavailable':
      return strings.unavailable;
    case 'closed':
      return strings.closed;
    case 'invalid-records':
      return strings.invalidRecords(problem.count);
  }
}

/** The notice bar for a storage problem (`data-notice="storage"`, `data-problem` its kind). */
export function renderStorageNotice(kind: SessionStoreProblem['kind'], text: string): TemplateResult {
  return html`<div part="notice" class="notice-bar" role="alert" data-notice="storage" data-problem=${kind}>${text}</div>`;
}
