import type { AgentEvent } from '../protocol/index.js';
import {
  createId,
  DEFAULT_SESSION_TITLE,
  SessionStoreUnavailableError,
  type SessionInfo,
  type SessionStore,
  type SessionStoreProblem,
} from './session-store.js';

/** Options of {@link createResilientSessionStore}. */
export interface ResilientSessionStoreOptions {
  /** Attempts per write before the session is kept in page memory only (default 3). */
  readonly attempts?: number;
  /** Delay before the second attempt; doubles each time (default 100 ms). */
  readonly baseDelayMs?: number;
  /** Told about every problem (show a notice); the conversation is never lost from the page. */
  readonly onProblem?: (problem: SessionStoreProblem) => void;
}

/** A {@link SessionStore} that never loses a conversation from the page; see {@link createResilientSessionStore}. */
export interface ResilientSessionStore extends SessionStore {
  /** `primary` while the wrapped store is used, `memory` once it was unavailable or lost. */
  readonly mode: 'primary' | 'memory';
  /** Ids of sessions whose newest events exist only in this page. */
  readonly unsaved: ReadonlySet<string>;
  /** Reports a problem the wrapped store noticed by itself (e.g. its database was deleted). */
  report(problem: SessionStoreProblem): void;
}

interface Mirror {
  info: SessionInfo;
  events: AgentEvent[];
  /** The wrapped store is no longer written for this session (a write failed): the page holds it. */
  unsaved: boolean;
}

/**
 * Wraps a durable store (IndexedDB) so that storage failures never cost the conversation shown in
 * the page. It keeps a page copy of every session it touched. A write that fails is retried
 * (`attempts`, exponential backoff); when every attempt fails, that session is kept in page memory
 * from then on (no half-written log) and `write-failed` is reported. When the wrapped store is
 * unavailable (could not open) or lost (deleted, closed), everything continues in page memory and
 * `unavailable` / `closed` is reported once. Reads that fail fall back to the page copy.
 */
export function createResilientSessionStore(
  primary: SessionStore,
  options: ResilientSessionStoreOptions = {},
): ResilientSessionStore {
  const attempts = Math.max(1, options.attempts ?? 3);
  const baseDelayMs = options.baseDelayMs ?? 100;
  const mirrors = new Map<string, Mirror>();
  const unsaved = new Set<string>();
  let mode: 'primary' | 'memory' = 'primary';
  const reported = new Set<string>();

  const report = (problem: SessionStoreProblem) => {
    if (problem.kind === 'unavailable' || problem.kind === 'closed') {
      if (mode === 'memory') return;
      mode = 'memory';
    }
    const key =
      problem.kind === 'write-failed'
        ? `${problem.kind}:${problem.sessionId}`
        : problem.kind === 'invalid-records'
          ? ''
          : problem.kind;
    if (key && reported.has(key)) return;
    if (key) reported.add(key);
    try {
      options.onProblem?.(problem);
    } catch (error) {
      console.error('kline-agent: a session store problem listener threw', error);
    }
  };

  const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

  /** Runs `op` on the wrapped store; `null` means "use the page copy" (the store is gone). */
  const tryPrimary = async <T>(
    op: () => Promise<T>,
    retry: boolean,
  ): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> => {
    let lastError: unknown = null;
    for (let attempt = 0; attempt < (retry ? attempts : 1); attempt++) {
      if (mode === 'memory')
        return { ok: false, error: lastError ?? new SessionStoreUnavailableError('storage unavailable') };
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, baseDelayMs * 2 ** (attempt - 1)));
      try {
        return { ok: true, value: await op() };
      } catch (error) {
        lastError = error;
        if (error instanceof SessionStoreUnavailableError) {
          report({ kind: 'unavailable', message: error.message });
          return { ok: false, error };
        }
      }
    }
    return { ok: false, error: lastError };
  };

  const mirrorOf = (info: SessionInfo): Mirror => {
    let mirror = mirrors.get(info.id);
    if (!mirror) {
      mirror = { info: { ...info }, events: [], unsaved: false };
      mirrors.set(info.id, mirror);
    }
    return mirror;
  };

  const markUnsaved = (mirror: Mirror, error: unknown) => {
    if (mirror.unsaved) return;
    mirror.unsaved = true;
    unsaved.add(mirror.info.id);
    if (mode === 'primary') {
      console.error(`kline-agent: session ${mirror.info.id} could not be saved; it is kept in this page only`, error);
      report({ kind: 'write-failed', sessionId: mirror.info.id, message: messageOf(error) });
    }
  };

  const pageOnly = () => mode === 'memory';

  return {
    get mode() {
      return mode;
    },
    unsaved,
    report,
    keepConnection(keep) {
      primary.keepConnection?.(keep);
    },

    async listSessions(key) {
      const stored = pageOnly() ? null : await tryPrimary(() => primary.listSessions(key), false);
      const byId = new Map<string, SessionInfo>();
      if (stored?.ok) for (const info of stored.value) byId.set(info.id, info);
      // Sessions of this page the store does not have (or has an older title/time of) come from the page.
      for (const mirror of mirrors.values()) {
        if (key !== undefined && mirror.info.key === undefined) mirror.info.key = key;
        if (key !== undefined && mirror.info.key !== key) continue;
        if (!stored?.ok || mirror.unsaved || !byId.has(mirror.info.id)) byId.set(mirror.info.id, { ...mirror.info });
      }
      return [...byId.values()].sort((a, b) => b.updatedAt - a.updatedAt);
    },

    async createSession(title, key) {
      const now = Date.now();
      const fresh = (): SessionInfo => ({
        id: createId('session'),
        title: title ?? DEFAULT_SESSION_TITLE,
        createdAt: now,
        updatedAt: now,
        ...(key !== undefined ? { key } : {}),
      });
      if (!pageOnly()) {
        const created = await tryPrimary(() => primary.createSession(title, key), true);
        if (created.ok) {
          mirrorOf(created.value);
          return created.value;
        }
        const mirror = mirrorOf(fresh());
        markUnsaved(mirror, created.error);
        return { ...mirror.info };
      }
      return { ...mirrorOf(fresh()).info };
    },

    async deleteSession(id) {
      const mirror = mirrors.get(id);
      mirrors.delete(id);
      unsaved.delete(id);
      if (pageOnly()) return;
      const deleted = await tryPrimary(() => primary.deleteSession(id), true);
      if (!deleted.ok && mode === 'primary') {
        console.error(`kline-agent: session ${id} could not be deleted from storage`, deleted.error);
        if (mirror) report({ kind: 'write-failed', sessionId: id, message: messageOf(deleted.error) });
      }
    },

    async append(sessionId, events) {
      let mirror = mirrors.get(sessionId);
      if (!mirror) {
        // Not read through this wrapper (unusual): seed the page copy from the store.
        const now = Date.now();
        mirror = mirrorOf({ id: sessionId, title: DEFAULT_SESSION_TITLE, createdAt: now, updatedAt: now });
        if (!pageOnly()) {
          const [list, stored] = await Promise.all([
            tryPrimary(() => primary.listSessions(), false),
            tryPrimary(() => primary.readEvents(sessionId), false),
          ]);
          const info = list.ok ? list.value.find((s) => s.id === sessionId) : undefined;
          if (info) mirror.info = { ...info };
          if (stored.ok) mirror.events = stored.value;
        }
      }
      mirror.events.push(...events.map((e) => structuredClone(e)));
      mirror.info.updatedAt = Date.now();
      if (pageOnly() || mirror.unsaved) return;
      const written = await tryPrimary(() => primary.append(sessionId, events), true);
      if (!written.ok) markUnsaved(mirror, written.error);
    },

    async readEvents(sessionId) {
      const mirror = mirrors.get(sessionId);
      if (pageOnly() || mirror?.unsaved) return (mirror?.events ?? []).map((e) => structuredClone(e));
      const stored = await tryPrimary(() => primary.readEvents(sessionId), true);
      if (!stored.ok) {
        if (mode === 'primary') console.error(`kline-agent: session ${sessionId} could not be read`, stored.error);
        return (mirror?.events ?? []).map((e) => structuredClone(e));
      }
      if (mirror) mirror.events = stored.value.map((e) => structuredClone(e));
      else {
        const list = await tryPrimary(() => primary.listSessions(), false);
        const info = list.ok ? list.value.find((s) => s.id === sessionId) : undefined;
        if (info) mirrorOf(info).events = stored.value.map((e) => structuredClone(e));
      }
      return stored.value;
    },

    async renameSession(id, title) {
      const mirror = mirrors.get(id);
      if (mirror) {
        mirror.info.title = title;
        mirror.info.updatedAt = Date.now();
      }
      if (pageOnly() || mirror?.unsaved) {
        if (!mirror) throw new Error(`Unknown session "${id}".`);
        return;
      }
      const renamed = await tryPrimary(() => primary.renameSession(id, title), true);
      if (!renamed.ok && mode === 'primary' && !mirror) throw renamed.error;
    },
  };
}
