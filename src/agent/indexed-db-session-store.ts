import { validateSessionRecords } from './session-record-schema.js';
import {
  newSessionInfo,
  DEFAULT_SESSION_TITLE,
  SessionStoreUnavailableError,
  type SessionInfo,
  type SessionStore,
  type SessionStoreProblem,
} from './session-store.js';

const SESSIONS = 'sessions';
const EVENTS = 'events';
/** Records that failed validation are moved under this session id suffix (same `events` store), never deleted. */
const QUARANTINE_SUFFIX = '\u0000quarantine';

/** Options of {@link createIndexedDbSessionStore}. */
export interface IndexedDbSessionStoreOptions {
  /** Database name (default `kline-agent-sessions`). */
  readonly dbName?: string;
  /** `indexedDB.open` that has not answered after this long fails as unavailable (default 3000 ms). */
  readonly openTimeoutMs?: number;
  /** The database was closed or deleted under us (`closed`), or stored records were skipped (`invalid-records`). */
  readonly onProblem?: (problem: SessionStoreProblem) => void;
}

/** Default time `indexedDB.open` may take before the store counts as unavailable. */
export const DEFAULT_OPEN_TIMEOUT_MS = 3000;

/**
 * A {@link SessionStore} in IndexedDB: object store `sessions` keyed by `id`, object store
 * `events` keyed by `[sessionId, seq]`, so reading a session is one key-range scan in seq order.
 * When IndexedDB is missing, throws, refuses or does not open within `openTimeoutMs`, and after
 * the database was deleted or closed while open, every operation rejects with
 * {@link SessionStoreUnavailableError}. Records read back are validated: invalid ones are moved
 * aside (session id `<id>\u0000quarantine`) and reported, the rest replays.
 */
export function createIndexedDbSessionStore(options: string | IndexedDbSessionStoreOptions = {}): SessionStore {
  const {
    dbName = 'kline-agent-sessions',
    openTimeoutMs = DEFAULT_OPEN_TIMEOUT_MS,
    onProblem,
  } = typeof options === 'string' ? { dbName: options } : options;
  let opening: Promise<IDBDatabase> | null = null;
  /** Set once the connection was lost; the database is not reopened (a deleted one would come back empty). */
  let lost: string | null = null;
  /** See {@link SessionStore.keepConnection}: when false, the connection is closed whenever no transaction runs. */
  let keep = true;
  /** Transactions begun (waiting for the connection included) and not yet finished. */
  let running = 0;
  /**
   * Closes the open connection, its handlers first: an open connection with listeners is held by the
   * page (a pending activity) and with them everything `onProblem` reaches. The next operation reopens it.
   */
  const closeIfIdle = () => {
    if (keep || running > 0 || !opening) return;
    const closing = opening;
    opening = null;
    closing.then(
      (db) => {
        db.onversionchange = null;
        db.onclose = null;
        db.close();
      },
      () => undefined,
    );
  };
  const open = (): Promise<IDBDatabase> => {
    if (lost) return Promise.reject(new SessionStoreUnavailableError(lost));
    opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      let settled = false;
      const fail = (message: string) => {
        if (settled) return;
        settled = true;
        opening = null;
        clearTimeout(timer);
        reject(new SessionStoreUnavailableError(message));
      };
      const timer = setTimeout(
        () => fail(`IndexedDB did not open "${dbName}" within ${openTimeoutMs} ms.`),
        openTimeoutMs,
      );
      let request: IDBOpenDBRequest;
      try {
        if (typeof indexedDB === 'undefined' || !indexedDB)
          throw new Error('IndexedDB is not available in this browser context.');
        request = indexedDB.open(dbName, 1);
      } catch (error) {
        fail(`IndexedDB could not be opened: ${error instanceof Error ? error.message : String(error)}`);
        return;
      }
      request.onupgradeneeded = () => {
        const db = request.result;
        if (!db.objectStoreNames.contains(SESSIONS)) db.createObjectStore(SESSIONS, { keyPath: 'id' });
        if (!db.objectStoreNames.contains(EVENTS)) db.createObjectStore(EVENTS, { keyPath: ['sessionId', 'seq'] });
      };
      request.onsuccess = () => {
        const db = request.result;
        if (settled) {
          db.close();
          return;
        } // timed out meanwhile
        settled = true;
        clearTimeout(timer);
        const lose = (message: string) => {
          if (lost) return;
          lost = message;
          opening = null;
          try {
            db.close();
          } catch {
            /* already closed */
          }
          onProblem?.({ kind: 'closed', message });
        };
        // Deletion or an upgrade by another tab: let it proceed (do not block it), and stop using the database.
        db.onversionchange = (event) =>
          lose(
            event.newVersion === null
              ? `The saved-chats database "${dbName}" was deleted.`
              : `The saved-chats database "${dbName}" was upgraded by another tab.`,
          );
        // The browser closed the connection (site data cleared, storage evicted).
        db.onclose = () => lose(`The saved-chats database "${dbName}" was closed by the browser.`);
        resolve(db);
      };
      request.onerror = () =>
        fail(`IndexedDB could not open "${dbName}": ${request.error?.message ?? 'unknown error'}`);
      request.onblocked = () => fail(`IndexedDB "${dbName}" is blocked by another tab.`);
    });
    return opening;
  };

  /** Runs `work` in one transaction and resolves with its value once the transaction commits. */
  const transact = async <T>(
    stores: string[],
    mode: IDBTransactionMode,
    work: (tx: IDBTransaction) => Promise<T> | T,
  ): Promise<T> => {
    running++;
    try {
      return await transactOpen(stores, mode, work);
    } finally {
      running--;
      closeIfIdle();
    }
  };

  const transactOpen = async <T>(
    stores: string[],
    mode: IDBTransactionMode,
    work: (tx: IDBTransaction) => Promise<T> | T,
  ): Promise<T> => {
    const db = await open();
    let tx: IDBTransaction;
    try {
      tx = db.transaction(stores, mode);
    } catch (error) {
      // InvalidStateError: the connection is closing.
      if (lost) throw new SessionStoreUnavailableError(lost);
      throw error;
    }
    const done = new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    });
    let value: T;
    try {
      value = await work(tx);
    } catch (error) {
      try {
        tx.abort();
      } catch {
        /* already finished */
      }
      await done.catch(() => undefined);
      throw error;
    }
    await done;
    return value;
  };

  const request = <T>(req: IDBRequest<T>): Promise<T> =>
    new Promise((resolve, reject) => {
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
    });

  const eventRange = (sessionId: string) => IDBKeyRange.bound([sessionId, -Infinity], [sessionId, Infinity]);

  /**
   * Moves records that are not valid events out of the session's key range, so appends (which
   * continue after the last valid seq) never overwrite them and a later read does not see them.
   */
  const quarantine = (sessionId: string) =>
    transact([EVENTS], 'readwrite', async (tx) => {
      const store = tx.objectStore(EVENTS);
      const keys = await request(store.getAllKeys(eventRange(sessionId)));
      const all = await request(store.getAll(eventRange(sessionId)) as IDBRequest<unknown[]>);
      const valid = new Set<unknown>(validateSessionRecords(all, sessionId).events);
      await Promise.all(
        all.map(async (record, i) => {
          if (valid.has(record)) return;
          const seq = (keys[i] as [string, number])[1];
          await request(
            store.put({ sessionId: `${sessionId}${QUARANTINE_SUFFIX}`, seq, record, quarantinedAt: Date.now() }),
          );
          await request(store.delete(keys[i]));
        }),
      );
    });

  return {
    keepConnection(value) {
      keep = value;
      closeIfIdle();
    },
    async listSessions(key) {
      // A damaged record must not break the list: keep what has an id, with sane title and times.
      const sane = (raw: unknown): SessionInfo | null => {
        if (typeof raw !== 'object' || raw === null || typeof (raw as { id?: unknown }).id !== 'string') return null;
        const r = raw as Record<string, unknown>;
        const time = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
        return {
          id: r.id as string,
          title: typeof r.title === 'string' ? r.title : DEFAULT_SESSION_TITLE,
          createdAt: time(r.createdAt),
          updatedAt: time(r.updatedAt),
          ...(typeof r.key === 'string' ? { key: r.key } : {}),
        };
      };
      const all =
        key === undefined
          ? (
              await transact([SESSIONS], 'readonly', (tx) =>
                request(tx.objectStore(SESSIONS).getAll() as IDBRequest<unknown[]>),
              )
            ).flatMap((raw) => sane(raw) ?? [])
          : // One read-write transaction: two panels listing at once cannot both adopt an unkeyed chat.
            await transact([SESSIONS], 'readwrite', async (tx) => {
              const sessions = tx.objectStore(SESSIONS);
              const mine: SessionInfo[] = [];
              for (const raw of await request(sessions.getAll() as IDBRequest<unknown[]>)) {
                const info = sane(raw);
                if (!info) continue;
                if (info.key === key) mine.push(info);
                else if (info.key === undefined) {
                  await request(sessions.put({ ...(raw as object), key }));
                  mine.push({ ...info, key });
                }
              }
              return mine;
            });
      return all.sort((a, b) => b.updatedAt - a.updatedAt);
    },
    async createSession(title, key) {
      const info = newSessionInfo(title, key);
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
      const records = await transact([EVENTS], 'readonly', (tx) =>
        request(tx.objectStore(EVENTS).getAll(eventRange(sessionId)) as IDBRequest<unknown[]>),
      );
      const { events, invalid } = validateSessionRecords(records, sessionId);
      if (invalid.length > 0) {
        await quarantine(sessionId).catch((error: unknown) => {
          console.warn(
            `kline-agent: could not move ${invalid.length} invalid record(s) of session ${sessionId} aside`,
            error,
          );
        });
        onProblem?.({
          kind: 'invalid-records',
          sessionId,
          count: invalid.length,
          message: `${invalid.length} stored record(s) of this conversation could not be read and were skipped (first: ${invalid[0].reason}).`,
        });
      }
      return events;
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
