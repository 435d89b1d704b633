import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { closeMock, lastEvent, ofType, setup } from './harness.js';

after(closeMock);

// A model whose stream ends with neither text nor a tool call must not end the run as if it had
// answered: the user would see their question and nothing under it.

test('an empty answer fails the run with PROVIDER_BAD_RESPONSE, cause empty-answer', async () => {
  const { mock, runtime, events, sessionId } = await setup();
  mock.script([{}]);
  assert.equal(await runtime.run(sessionId, { text: 'hi' }), 'failed');
  assert.equal(mock.requests.length, 1, 'not retried by itself');
  const end = lastEvent(events);
  assert.equal(end.type, 'run.failed');
  assert.equal(end.code, 'PROVIDER_BAD_RESPONSE');
  assert.equal(end.cause, 'empty-answer');
  assert.match(end.message, /no text and no tool call/i);
});

test('an answer of only whitespace (or only thinking) is empty too', async () => {
  const { mock, runtime, events, sessionId } = await setup();
  mock.script([{ text: '  \n ', reasoning: 'Let me think about it.' }]);
  assert.equal(await runtime.run(sessionId, { text: 'hi' }), 'failed');
  const end = lastEvent(events);
  assert.equal(end.type === 'run.failed' && end.cause, 'empty-answer');
});

test('tool calls then a silent last step still complete: the run showed what it did', async () => {
  const { mock, runtime, events, sessionId } = await setup();
  mock.script([{ toolCalls: [{ name: 'chart_get_context', arguments: '{}' }] }, {}]);
  assert.equal(await runtime.run(sessionId, { text: 'look' }), 'completed');
  assert.equal(lastEvent(events).type, 'run.completed');
});

test('retry() runs the last user turn again without a second user message; run.started names retryOf', async () => {
  const { mock, runtime, events, store, sessionId } = await setup();
  mock.script([{}, { text: 'Here is the answer.' }]);
  assert.equal(await runtime.run(sessionId, { text: 'What is the trend?' }), 'failed');
  const failedRun = ofType(events, 'run.started')[0].runId;

  assert.equal(await runtime.retry(sessionId), 'completed');
  const starts = ofType(events, 'run.started');
  assert.equal(starts.length, 2);
  assert.equal(starts[1].retryOf, failedRun);
  assert.equal(starts[0].retryOf, undefined);
  assert.equal(ofType(events, 'user.message').length, 1, 'no duplicate user message');
  assert.equal(ofType(events, 'assistant.message.completed').at(-1)!.text, 'Here is the answer.');

  // The model is asked the same question once: one user message in the retried request.
  const users = (mock.requests[1].body.messages as { role: string; content: string }[]).filter(
    (m) => m.role === 'user',
  );
  assert.deepEqual(
    users.map((m) => m.content),
    ['What is the trend?'],
  );
  // Stored as well: a reload shows one question and the retried answer.
  const stored = await store.readEvents(sessionId);
  assert.equal(ofType(stored, 'user.message').length, 1);
  assert.equal(ofType(stored, 'run.started')[1].retryOf, failedRun);
});

test('retry() after a failed retry names the latest failed run', async () => {
  const { mock, runtime, events, sessionId } = await setup();
  mock.script([{}, {}, { text: 'third time' }]);
  assert.equal(await runtime.run(sessionId, { text: 'q' }), 'failed');
  assert.equal(await runtime.retry(sessionId), 'failed');
  assert.equal(await runtime.retry(sessionId), 'completed');
  const starts = ofType(events, 'run.started');
  assert.equal(starts[2].retryOf, starts[1].runId);
  assert.equal(ofType(events, 'user.message').length, 1);
});

test('retry() with no message in the session rejects and runs nothing', async () => {
  const { mock, runtime, sessionId } = await setup();
  await assert.rejects(runtime.retry(sessionId), /nothing to retry/i);
  assert.equal(mock.requests.length, 0);
});
