import type { AgentEvent } from '../protocol/index.js';

/** One conversation as listed in a session picker. Times are epoch ms. */
export interface SessionInfo {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  /**
   * The place the chat belongs to (a panel's `session-key`: by default the page path and the chart
   * id). Absent on chats saved before keys existed: the first key listed adopts them.
   */
  key?: string;
}

/** Append-only event log per session. Events arrive already redacted. */
export interface SessionStore {
  /**
   * Newest (by `updatedAt`) first. With `key`: only that key's chats, and chats without a key
   * (saved before keys existed) are given this key and listed too.
   */
  listSessions(key?: string): Promise<SessionInfo[]>;
  createSession(title?: string, key?: string): Promise<SessionInfo>;
  /** Removes the session and its events; unknown ids are ignored. */
  deleteSession(id: string): Promise<void>;
  /** Appends in order; rejects for an unknown session. */
  append(sessionId: string, events: AgentEvent[]): Promise<void>;
  /** All events of the session in `seq` order (empty for an unknown session). */
  readEvents(sessionId: string): Promise<AgentEvent[]>;
  renameSession(id: string, title: string): Promise<void>;
  /**
   * Whether the store keeps its connection (an IndexedDB database) open between operations: yes until
   * told otherwise. `false` closes it as soon as no operation is under way, and again after each later
   * one, so that nothing of the page keeps the store, nor what its owner gave it (a panel removed from
   * the page: chart-agent-panel.ts). Stores without a connection leave it out.
   */
  keepConnection?(keep: boolean): void;
}

/** Title given to sessions created without one. */
export const DEFAULT_SESSION_TITLE = 'New chat';

/** A random id that sorts roughly by creation time. */
export function createId(prefix: string): string {
  const random =
    typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID().replace(/-/g, '').slice(0, 12)
      : Math.random().toString(36).slice(2, 14);
  return `${prefix}_${Date.now().toString(36)}${random}`;
}

/** The record of a session created now: a fresh id, `title` or the default, and `key` when given. */
export function newSessionInfo(title: string | undefined, key: string | undefined): SessionInfo {
  const now = Date.now();
  return {
    id: createId('session'),
    title: title ?? DEFAULT_SESSION_TITLE,
    createdAt: now,
    updatedAt: now,
    ...(key !== undefined ? { key } : {}),
  };
}

/**
 * Something went wrong with storing conversations; the conversation itself stays in the page.
 * - `unavailable`: the store could not be opened (no IndexedDB, it threw, or it did not answer in time): conversations live in page memory.
 * - `closed`: the database was deleted or closed while open (another tab, the user clearing site data): from now on, page memory.
 * - `write-failed`: events of one session could not be written after retries: that session is kept in page memory.
 * - `invalid-records`: stored records that do not match the event schema were skipped (and kept aside) when a session was read.
 */
export type SessionStoreProblem =
  | { readonly kind: 'unavailable'; readonly message: string }
  | { readonly kind: 'closed'; readonly message: string }
  | { readonly kind: 'write-failed'; readonly sessionId: string; readonly message: string }
  | { readonly kind: 'invalid-records'; readonly sessionId: string; readonly count: number; readonly message: string };

/** The store cannot be used at all (not opened, closed, deleted); retrying the same operation will not help. */
export class SessionStoreUnavailableError extends Error {
  override readonly name = 'SessionStoreUnavailableError';
}
