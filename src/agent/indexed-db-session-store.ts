import type { AgentEvent } from '../protocol/index.js';
import { createId, DEFAULT_SESSION_TITLE, type SessionInfo, type SessionStore } from './session-store.js';

const SESSIONS = 'sessions';
const EVENTS = 'events';

/**
 * A {@link SessionStore} in IndexedDB: object store `sessions` keyed by `id`, object store
 * `events` keyed by `[sessionId, seq]`, so reading a session is one key-range scan in seq order.
 */
export function createIndexedDbSessionStore(dbName = 'kline-agent-sessions'): SessionStore {
  let opening: Promise<IDBDatabase> | null = null;
  const open = (): Promise<IDBDatabase> => {
    opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(dbName, 1);
      request.onupgradeneeded = () => {
        const db = request.result;
        if (!db.objectStoreNames.contains(SESSIONS)) db.createObjectStore(SESSIONS, { keyPath: 'id' });
        if (!db.objectStoreNames.contains(EVENTS)) db.createObjectStore(EVENTS, { keyPath: ['sessionId', 'seq'] });
      };
      request.onsuccess = () => {
        const db = request.result;
        // Another tab upgrading the schema must not be blocked by this connection.
        db.onversionchange = () => { db.close(); opening = null; };
        resolve(db);
      };
      request.onerror = () => { opening = null; reject(request.error ?? new Error('IndexedDB open failed')); };
      request.onblocked = () => { opening = null; reject(new Error(`IndexedDB "${dbName}" is blocked by another tab.`)); };
    });
    return opening;
  };

  /** Runs `work` in one transaction and resolves with its value once the transaction commits. */
  const transact = async <T>(stores: string[], mode: IDBTransactionMode, work: (tx: IDBTransaction) => Promise<T> | T): Promise<T> => {
    const db = await open();
    const tx = db.transaction(stores, mode);
    const done = new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    });
    let value: T;
    try {
      value = await work(tx);
    } catch (error) {
      try { tx.abort(); } catch { /* already finished */ }
      await done.catch(() => undefined);
      throw error;
    }
    await done;
    return value;
  };

  const request = <T>(req: IDBRequest<T>): Promise<T> => new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });

  const eventRange = (sessionId: string) => IDBKeyRange.bound([sessionId, -Infinity], [sessionId, Infinity]);

  return {
    async listSessions(key) {
      const all = key === undefined
        ? await transact([SESSIONS], 'readonly', (tx) => request(tx.objectStore(SESSIONS).getAll() as IDBRequest<SessionInfo[]>))
        // One read-write transaction: two panels listing at once cannot both adopt an unkeyed chat.
        : await transact([SESSIONS], 'readwrite', async (tx) => {
          const sessions = tx.objectStore(SESSIONS);
          const mine: SessionInfo[] = [];
          for (const info of await request(sessions.getAll() as IDBRequest<SessionInfo[]>)) {
            if (info.key === key) mine.push(info);
            else if (info.key === undefined) {
              const adopted = { ...info, key };
              await request(sessions.put(adopted));
              mine.push(adopted);
            }
          }
          return mine;
        });
      return all.sort((a, b) => b.updatedAt - a.updatedAt);
    },
    async createSession(title, key) {
      const now = Date.now();
      const info: SessionInfo = {
        id: createId('session'), title: title ?? DEFAULT_SESSION_TITLE, createdAt: now, updatedAt: now, ...(key !== undefined ? { key } : {}),
      };
      await transact([SESSIONS], 'readwrite', (tx) => request(tx.objectStore(SESSIONS).add(info)));
      return { ...info };
    },
    async deleteSession(id) {
      await transact([SESSIONS, EVENTS], 'readwrite', async (tx) => {
        await request(tx.objectStore(SESSIONS).delete(id));
        await request(tx.objectStore(EVENTS).delete(eventRange(id)));
      });
    },
    async append(sessionId, events) {
      if (events.length === 0) return;
      await transact([SESSIONS, EVENTS], 'readwrite', async (tx) => {
        const sessions = tx.objectStore(SESSIONS);
        const info = await request(sessions.get(sessionId) as IDBRequest<SessionInfo | undefined>);
        if (!info) throw new Error(`Unknown session "${sessionId}".`);
        const store = tx.objectStore(EVENTS);
        // Issue every put before awaiting any: awaiting between requests is fine in IndexedDB,
        // but batching keeps one round trip per append.
        await Promise.all(events.map((event) => request(store.put(event))));
        await request(sessions.put({ ...info, updatedAt: Date.now() }));
      });
    },
    async readEvents(sessionId) {
      return transact([EVENTS], 'readonly', (tx) => request(tx.objectStore(EVENTS).getAll(eventRange(sessionId)) as IDBRequest<AgentEvent[]>));
    },
    async renameSession(id, title) {
      await transact([SESSIONS], 'readwrite', async (tx) => {
        const sessions = tx.objectStore(SESSIONS);
        const info = await request(sessions.get(id) as IDBRequest<SessionInfo | undefined>);
        if (!info) throw new Error(`Unknown session "${id}".`);
        await request(sessions.put({ ...info, title, updatedAt: Date.now() }));
      });
    },
  };
}
