import type { AgentEvent } from '../protocol/index.js';
import { newSessionInfo, type SessionInfo, type SessionStore } from './session-store.js';

/**
 * A {@link SessionStore} that lives as long as the page (tests, `session-store="memory"`).
 * Events are structured-cloned on the way in and out, like IndexedDB does, so callers can't
 * mutate the log by accident.
 */
export function createMemorySessionStore(): SessionStore {
  const sessions = new Map<string, { info: SessionInfo; events: AgentEvent[] }>();
  const copy = <T>(value: T): T => structuredClone(value);
  return {
    async listSessions(key) {
      const listed: SessionInfo[] = [];
      for (const { info } of sessions.values()) {
        if (key !== undefined && info.key === undefined) info.key = key;
        if (key === undefined || info.key === key) listed.push({ ...info });
      }
      return listed.sort((a, b) => b.updatedAt - a.updatedAt);
    },
    async createSession(title, key) {
      const info = newSessionInfo(title, key);
      sessions.set(info.id, { info, events: [] });
      return { ...info };
    },
    async deleteSession(id) {
      sessions.delete(id);
    },
    async append(sessionId, events) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`Unknown session "${sessionId}".`);
      session.events.push(...events.map(copy));
      session.info.updatedAt = Date.now();
    },
    async readEvents(sessionId) {
      return (sessions.get(sessionId)?.events ?? []).map(copy);
    },
    async renameSession(id, title) {
      const session = sessions.get(id);
      if (!session) throw new Error(`Unknown session "${id}".`);
      session.info.title = title;
      session.info.updatedAt = Date.now();
    },
  };
}
