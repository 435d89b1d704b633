import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { closeMock, lastEvent, ofType, setup } from './harness.js';

after(closeMock);

// While the runtime waits out a 429's Retry-After it says so (a live `run.retrying` event the panel
// turns into "Rate limited — retrying in N s"); when it gives up, the failure carries the wait.

const limited = (seconds: string) => ({
  status: 429,
  headers: { 'retry-after': seconds },
  errorBody: { error: { message: 'slow down', type: 'rate_limit' } },
});

test('a 429 with Retry-After announces the wait before retrying; the event is live-only', async () => {
  const { mock, runtime, events, store, sessionId } = await setup();
  mock.script([limited('1'), { text: 'ok' }]);
  assert.equal(await runtime.run(sessionId, { text: 'hi' }), 'completed');
  const retrying = ofType(events, 'run.retrying');
  assert.equal(retrying.length, 1);
  assert.equal(retrying[0].code, 'PROVIDER_RATE_LIMIT');
  assert.equal(retrying[0].cause, 'rate-limited');
  assert.equal(retrying[0].delayMs, 1000);
  assert.equal(retrying[0].attempt, 1);
  assert.ok(retrying[0].at <= mock.requests[1].at, 'announced before the retry was sent');
  const stored = await store.readEvents(sessionId);
  assert.equal(ofType(stored, 'run.retrying').length, 0, 'not stored: it says nothing after the fact');
});

test('when the retries run out, run.failed carries the wait the provider asked for', async () => {
  const { mock, runtime, events, sessionId } = await setup();
  mock.script([limited('1'), limited('1'), limited('1')]);
  assert.equal(await runtime.run(sessionId, { text: 'hi' }), 'failed');
  assert.equal(ofType(events, 'run.retrying').length, 2);
  const end = lastEvent(events);
  assert.equal(end.type, 'run.failed');
  assert.equal(end.code, 'PROVIDER_RATE_LIMIT');
  assert.equal(end.retryAfterMs, 1000);
  assert.match(end.message, /1 s/);
});
