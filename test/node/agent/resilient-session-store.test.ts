import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  createMemorySessionStore,
  createResilientSessionStore,
  SessionStoreUnavailableError,
  validateSessionRecords,
  type SessionStore,
  type SessionStoreProblem,
} from '../../../src/agent/index.js';
import type { AgentEvent } from '../../../src/protocol/index.js';

const event = (sessionId: string, seq: number, text = `m${seq}`): AgentEvent => ({
  type: 'user.message',
  seq,
  sessionId,
  at: seq,
  messageId: `u${seq}`,
  text,
});

/** A memory store whose appends fail `failures` times (or always), counting attempts. */
function flaky(
  failures: number,
  error: () => Error = () => new Error('disk full'),
): SessionStore & { attempts: number } {
  const inner = createMemorySessionStore();
  const store = {
    ...inner,
    attempts: 0,
    async append(id: string, events: AgentEvent[]) {
      store.attempts++;
      if (store.attempts <= failures) throw error();
      return inner.append(id, events);
    },
  };
  return store;
}

test('a failing write is retried with backoff and succeeds without a notice', async () => {
  const primary = flaky(2);
  const problems: SessionStoreProblem[] = [];
  const store = createResilientSessionStore(primary, { baseDelayMs: 1, onProblem: (p) => problems.push(p) });
  const { id } = await store.createSession('t');
  await store.append(id, [event(id, 1)]);
  assert.equal(primary.attempts, 3);
  assert.deepEqual(problems, []);
  assert.deepEqual(
    (await primary.readEvents(id)).map((e) => e.seq),
    [1],
  );
});

test('when every attempt fails the session stays in the page (reported once) and later writes do not half-write the store', async () => {
  const primary = flaky(Infinity);
  const problems: SessionStoreProblem[] = [];
  const store = createResilientSessionStore(primary, {
    attempts: 3,
    baseDelayMs: 1,
    onProblem: (p) => problems.push(p),
  });
  const { id } = await store.createSession('t');
  await store.append(id, [event(id, 1)]);
  await store.append(id, [event(id, 2)]);
  assert.equal(primary.attempts, 3, 'no more writes once the session is page-only');
  assert.deepEqual(
    problems.map((p) => p.kind),
    ['write-failed'],
  );
  assert.deepEqual(
    (await store.readEvents(id)).map((e) => e.seq),
    [1, 2],
  );
  assert.deepEqual([...store.unsaved], [id]);
  assert.ok((await store.listSessions()).some((s) => s.id === id));
  await store.renameSession(id, 'renamed');
  assert.equal((await store.listSessions()).find((s) => s.id === id)!.title, 'renamed');
});

test('an unavailable store switches everything to page memory at once, with one notice', async () => {
  const down: SessionStore = {
    listSessions: () => Promise.reject(new SessionStoreUnavailableError('no IndexedDB')),
    createSession: () => Promise.reject(new SessionStoreUnavailableError('no IndexedDB')),
    deleteSession: () => Promise.reject(new SessionStoreUnavailableError('no IndexedDB')),
    append: () => Promise.reject(new SessionStoreUnavailableError('no IndexedDB')),
    readEvents: () => Promise.reject(new SessionStoreUnavailableError('no IndexedDB')),
    renameSession: () => Promise.reject(new SessionStoreUnavailableError('no IndexedDB')),
  };
  const problems: SessionStoreProblem[] = [];
  const store = createResilientSessionStore(down, { onProblem: (p) => problems.push(p) });
  assert.deepEqual(await store.listSessions(), []);
  const { id } = await store.createSession('t');
  await store.append(id, [event(id, 1)]);
  assert.deepEqual(
    (await store.readEvents(id)).map((e) => e.seq),
    [1],
  );
  assert.equal(store.mode, 'memory');
  assert.deepEqual(
    problems.map((p) => p.kind),
    ['unavailable'],
  );
});

test('a store lost while open (reported by it) keeps what the page read and wrote', async () => {
  const primary = createMemorySessionStore();
  const problems: SessionStoreProblem[] = [];
  const store = createResilientSessionStore(primary, { onProblem: (p) => problems.push(p) });
  const { id } = await store.createSession('t');
  await store.append(id, [event(id, 1)]);
  await store.readEvents(id);
  store.report({ kind: 'closed', message: 'deleted' });
  await store.append(id, [event(id, 2)]);
  assert.deepEqual(
    (await store.readEvents(id)).map((e) => e.seq),
    [1, 2],
  );
  assert.deepEqual(
    (await primary.readEvents(id)).map((e) => e.seq),
    [1],
    'nothing more written to the lost store',
  );
  assert.deepEqual(
    problems.map((p) => p.kind),
    ['closed'],
  );
});

test('validateSessionRecords keeps valid events and names each record it cannot replay', () => {
  const records: unknown[] = [
    event('s', 1),
    { type: 'user.message', seq: 2, sessionId: 's', at: 2, messageId: 'x', text: 42 },
    { type: 'made.up', seq: 3, sessionId: 's', at: 3 },
    null,
    {
      type: 'tool.finished',
      seq: 4,
      sessionId: 's',
      at: 4,
      callId: 'c',
      name: 'n',
      elapsedMs: 1,
      result: { success: true, stateChanged: false, data: 1 },
    },
    { ...event('other', 5) },
    event('s', 4),
    { type: 'run.failed', seq: 6, sessionId: 's', at: 6, code: 'NOT_A_CODE', message: 'x' },
  ];
  const { events, invalid } = validateSessionRecords(records, 's');
  assert.deepEqual(
    events.map((e) => e.seq),
    [1, 4],
  );
  assert.equal(invalid.length, 6);
  assert.match(invalid[0].reason, /user\.message: \/text/);
  assert.match(invalid[1].reason, /unknown event type "made.up"/);
  assert.match(invalid[2].reason, /not an object/);
  assert.match(invalid[3].reason, /another session/);
  assert.match(invalid[4].reason, /seq 4 is out of order/);
  assert.match(invalid[5].reason, /run\.failed/);
});
