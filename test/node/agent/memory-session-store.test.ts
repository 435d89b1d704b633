import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createMemorySessionStore } from '../../../src/agent/index.js';
import { makeLog } from './events.js';

test('memory store: create, append in order, read copies, rename, list newest first, delete', async (t) => {
  // Sessions are ordered by Date.now(); a mocked clock gives each step its own millisecond.
  t.mock.timers.enable({ apis: ['Date'], now: 1_000 });
  const store = createMemorySessionStore();
  const a = await store.createSession();
  assert.equal(a.title, 'New chat');
  t.mock.timers.tick(2);
  const b = await store.createSession('Second');
  const log = makeLog(
    [
      { type: 'run.started', runId: 'r', readOnly: false },
      { type: 'run.completed', runId: 'r' },
    ],
    a.id,
  );
  await store.append(a.id, log.slice(0, 1));
  await store.append(a.id, log.slice(1));
  const read = await store.readEvents(a.id);
  assert.deepEqual(read, log);
  (read[0] as { seq: number }).seq = 99;
  assert.equal((await store.readEvents(a.id))[0].seq, 1, 'reads are copies');
  assert.deepEqual(
    (await store.listSessions()).map((s) => s.id),
    [a.id, b.id],
    'a was updated last',
  );
  t.mock.timers.tick(2);
  await store.renameSession(b.id, 'Renamed');
  assert.deepEqual(
    (await store.listSessions()).map((s) => [s.id, s.title]),
    [
      [b.id, 'Renamed'],
      [a.id, 'New chat'],
    ],
  );
  await store.deleteSession(a.id);
  assert.deepEqual(await store.readEvents(a.id), []);
  await assert.rejects(store.append(a.id, log), /Unknown session/);
});
