import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { closeMock, lastEvent, ofType, setup } from './harness.js';
import { waitFor } from '../wait-for.js';

after(closeMock);

function failure(events: Parameters<typeof lastEvent>[0]) {
  const end = lastEvent(events);
  assert.equal(end.type, 'run.failed');
  return end;
}

test('a 500 is retried and the run then succeeds', async () => {
  const { mock, runtime, events, sessionId } = await setup();
  mock.script([{ status: 500 }, { text: 'recovered' }]);
  assert.equal(await runtime.run(sessionId, { text: 'hi' }), 'completed');
  assert.equal(mock.requests.length, 2);
  assert.equal(ofType(events, 'assistant.message.completed')[0].text, 'recovered');
});

test('429 after all retries → PROVIDER_RATE_LIMIT, honouring Retry-After', async () => {
  const { mock, runtime, events, sessionId } = await setup();
  const limited = {
    status: 429,
    headers: { 'retry-after': '0' },
    errorBody: { error: { message: 'slow down', type: 'rate_limit' } },
  };
  mock.script([limited, limited, limited, { text: 'too late' }]);
  assert.equal(await runtime.run(sessionId, { text: 'hi' }), 'failed');
  assert.equal(mock.requests.length, 3, 'one call plus two retries');
  assert.equal(failure(events).code, 'PROVIDER_RATE_LIMIT');
});

test('Retry-After in seconds is waited for', async () => {
  const { mock, runtime, sessionId } = await setup();
  mock.script([{ status: 503, headers: { 'retry-after': '1' } }, { text: 'ok' }]);
  assert.equal(await runtime.run(sessionId, { text: 'hi' }), 'completed');
  const waited = mock.requests[1].at - mock.requests[0].at;
  assert.ok(waited >= 950 && waited < 3_000, `waited about the second asked for (${waited} ms)`);
});

test('401 → PROVIDER_AUTH without retry, saying what to check', async () => {
  const { mock, runtime, events, sessionId } = await setup();
  mock.script([
    { status: 401, errorBody: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } } },
  ]);
  assert.equal(await runtime.run(sessionId, { text: 'hi' }), 'failed');
  assert.equal(mock.requests.length, 1);
  const end = failure(events);
  assert.equal(end.code, 'PROVIDER_AUTH');
  assert.match(end.message, /OPENAI_API_KEY/);
  assert.match(end.message, /api-key/);
  assert.match(end.message, /base URL/);
});

test("the relay's model_not_configured 503 → MODEL_NOT_CONFIGURED with its message, not retried", async () => {
  const { mock, runtime, events, sessionId } = await setup();
  const message = 'No model is configured: set OPENAI_API_KEY or OPENAI_BASE_URL on the relay.';
  mock.script([{ status: 503, errorBody: { error: { code: 'model_not_configured', message } } }]);
  assert.equal(await runtime.run(sessionId, { text: 'hi' }), 'failed');
  assert.equal(mock.requests.length, 1);
  const end = failure(events);
  assert.equal(end.code, 'MODEL_NOT_CONFIGURED');
  assert.equal(end.message, message);
});

test('a stream that breaks before any output is retried; after output it fails PROVIDER_BAD_RESPONSE keeping the text', async () => {
  const { mock, runtime, events, sessionId } = await setup();
  mock.script([{ text: 'never seen', hangUpAfterChunks: 1 }, { text: 'second try' }]);
  assert.equal(await runtime.run(sessionId, { text: 'hi' }), 'completed');
  assert.equal(mock.requests.length, 2);

  events.length = 0;
  mock.script([
    { text: 'Partial answer that will be cut off in the middle', hangUpAfterChunks: 4 },
    { text: 'unused' },
  ]);
  assert.equal(await runtime.run(sessionId, { text: 'again' }), 'failed');
  assert.equal(mock.requests.length, 3, 'no retry once text was shown');
  assert.equal(failure(events).code, 'PROVIDER_BAD_RESPONSE');
  const partial = ofType(events, 'assistant.message.completed')[0];
  assert.ok(
    partial && partial.text.length > 0 && 'Partial answer that will be cut off in the middle'.startsWith(partial.text),
  );
});

test('an unreachable server → PROVIDER_UNAVAILABLE after retries', async () => {
  const { runtime, events, sessionId } = await setup({ baseURL: 'http://127.0.0.1:9/v1' });
  assert.equal(await runtime.run(sessionId, { text: 'hi' }), 'failed');
  const end = failure(events);
  assert.equal(end.code, 'PROVIDER_UNAVAILABLE');
  assert.match(end.message, /127\.0\.0\.1:9/);
});

test('no connected chart → DISCONNECTED before calling the model', async () => {
  const { mock, runtime, events, sessionId } = await setup({ noPort: true });
  mock.script([{ text: 'unused' }]);
  assert.equal(await runtime.run(sessionId, { text: 'hi' }), 'failed');
  assert.equal(mock.requests.length, 0);
  const end = failure(events);
  assert.equal(end.code, 'DISCONNECTED');
  assert.match(end.message, /No chart is connected/);
});

test('a chart removed during the run → DISCONNECTED', async () => {
  const { mock, runtime, port, events, sessionId } = await setup();
  mock.script([{ text: 'a slow answer that goes on and on and on', chunkDelayMs: 40 }]);
  runtime.subscribe((e) => {
    if (e.type === 'assistant.text.delta') port.close();
  });
  assert.equal(await runtime.run(sessionId, { text: 'hi' }), 'failed');
  assert.equal(failure(events).code, 'DISCONNECTED');
});

test('no activity for inactivityMs → DEADLINE_EXCEEDED; a slow but steady stream is not cut', async () => {
  // 1 s: a loaded machine can take 0.5 s before the first chunk of the first request arrives.
  const { mock, runtime, events, sessionId } = await setup({ inactivityMs: 1_000 });
  // Each streamed delta is activity: 80 characters in 10 deltas, 150 ms apart, outlast inactivityMs.
  const steady = 'a steady answer that keeps arriving in small pieces, well past the inactivity ms';
  mock.script([{ text: steady, chunkDelayMs: 150 }]);
  assert.equal(await runtime.run(sessionId, { text: 'hi' }), 'completed');
  assert.equal(ofType(events, 'assistant.message.completed')[0].text, steady);

  // A model that goes silent mid-answer: the run stops at the silence, before the answer ends.
  events.length = 0;
  const silent = 'first words, then a long silence before the rest';
  mock.script([{ text: silent, chunkDelayMs: 3_000 }]);
  assert.equal(await runtime.run(sessionId, { text: 'again' }), 'failed');
  assert.equal(failure(events).code, 'DEADLINE_EXCEEDED');
  const shown = ofType(events, 'assistant.text.delta')
    .map((e) => e.delta)
    .join('');
  assert.ok(shown.length < silent.length, `the run did not wait for the whole answer (saw ${JSON.stringify(shown)})`);
});

test('a stream of empty chunks is no activity: the run stops at the deadline and hangs up', async () => {
  const { mock, runtime, events, sessionId } = await setup({ inactivityMs: 1_000 });
  // A stalled provider: a few words, then a chunk with an empty delta every 50 ms for 10 s.
  mock.script([{ text: 'first words', chunkDelayMs: 50, flood: { kind: 'empty', maxChars: 200 } }]);
  const started = Date.now();
  assert.equal(await runtime.run(sessionId, { text: 'hi' }), 'failed');
  assert.equal(failure(events).code, 'DEADLINE_EXCEEDED');
  assert.ok(
    Date.now() - started < 6_000,
    `stopped at the deadline, not at the stream's end (${Date.now() - started} ms)`,
  );
  await waitFor(() => mock.requests[0].stream?.closedEarly === true, 'the server to see the client hang up');
  assert.ok(
    mock.requests[0].stream!.events < 150,
    `most empty chunks were never read (${mock.requests[0].stream!.events})`,
  );
});

test('one active run per session (RUN_ACTIVE); another session runs in parallel', async () => {
  const { mock, runtime, store, events, sessionId } = await setup();
  const other = (await store.createSession('other')).id;
  mock.script([{ text: 'first answer streaming slowly', chunkDelayMs: 30 }, { text: 'other session answer' }]);
  const first = runtime.run(sessionId, { text: 'one' });
  await waitFor(() => runtime.activeRun(sessionId) !== null, 'the first run to start');
  assert.equal(await runtime.run(sessionId, { text: 'two' }), 'failed');
  const refused = ofType(events, 'run.failed').find((e) => e.code === 'RUN_ACTIVE');
  assert.ok(refused);
  assert.notEqual(refused.runId, runtime.activeRun(sessionId)?.runId);
  assert.equal(await runtime.run(other, { text: 'parallel' }), 'completed');
  assert.equal(await first, 'completed');
  assert.equal(runtime.activeRun(sessionId), null);
});
