import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createMemorySessionStore } from '../../../src/agent/index.js';

test('sessions are listed per key; chats saved without a key join the first key listed', async () => {
  const store = createMemorySessionStore();
  const legacy = await store.createSession('old chat');
  const a = await store.createSession('post A', '/post-a#chart');
  const b = await store.createSession('post B', '/post-b#chart');
  assert.deepEqual((await store.listSessions('/post-a#chart')).map((s) => s.title).sort(), ['old chat', 'post A']);
  assert.deepEqual(
    (await store.listSessions('/post-b#chart')).map((s) => s.id),
    [b.id],
    'the old chat was adopted by post A only',
  );
  assert.deepEqual(await store.listSessions('/post-c#chart'), []);
  assert.equal((await store.listSessions()).length, 3, 'without a key: every chat');
  assert.equal((await store.listSessions()).find((s) => s.id === legacy.id)!.key, '/post-a#chart');
  assert.equal(a.key, '/post-a#chart');
});

test('the resilient store lists per key, for stored chats and for chats kept only in the page', async () => {
  const { createResilientSessionStore, SessionStoreUnavailableError } = await import('../../../src/agent/index.js');
  const inner = createMemorySessionStore();
  let broken = false;
  const primary = {
    ...inner,
    async createSession(title?: string, key?: string) {
      if (broken) throw new SessionStoreUnavailableError('gone');
      return inner.createSession(title, key);
    },
  };
  const store = createResilientSessionStore(primary, { baseDelayMs: 1 });
  const a = await store.createSession('stored A', '/a#chart');
  await store.createSession('stored B', '/b#chart');
  broken = true;
  const pageOnly = await store.createSession('page-only A', '/a#chart');
  assert.equal(pageOnly.key, '/a#chart');
  assert.deepEqual((await store.listSessions('/a#chart')).map((s) => s.title).sort(), ['page-only A', 'stored A']);
  assert.deepEqual((await store.listSessions('/a#chart')).map((s) => s.id).includes(a.id), true);
  assert.ok(!(await store.listSessions('/a#chart')).some((s) => s.title === 'stored B'), "page B's chat stays out");
});
