import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { withCheckpoint } from '../../../src/agent/checkpoint-text.js';
import { closeMock, ofType, setup } from './harness.js';

after(closeMock);

test('a text checkpoint taken while a secret streams stores no part of it (the deltas are live-only for that reason)', async () => {
  // A host secret the model repeats (a user pasted it): long enough that it streams for over a second.
  const secret = `HOSTSECRET${'q7Xk2Lm9Pz'.repeat(12)}`;
  const { mock, runtime, store, events, sessionId } = await setup({ secrets: [secret] });
  mock.script([
    { text: `Here it is: ${secret} and that is all of it. Keep it safe, and rotate it soon.`, chunkDelayMs: 60 },
  ]);
  assert.equal(await runtime.run(sessionId, { text: 'what did I paste?' }), 'completed');

  const stored = await store.readEvents(sessionId);
  const checkpoints = ofType(stored, 'assistant.text.checkpoint');
  assert.ok(checkpoints.length >= 1, 'the answer streamed for seconds: it was checkpointed');
  const piece = secret.slice(0, 12);
  for (const checkpoint of checkpoints)
    assert.ok(
      !checkpoint.text.includes(piece),
      `a checkpoint stored part of the secret: ${JSON.stringify(checkpoint.text)}`,
    );
  assert.ok(!JSON.stringify(stored).includes(piece), 'no stored event holds a part of the secret');
  // The live view still got the whole answer, and the completion stores it redacted.
  const completed = ofType(events, 'assistant.message.completed').at(-1);
  assert.ok(completed?.text.includes('[REDACTED] and that is all of it.'));
  runtime.closeSession(sessionId);
});

test('a secret whose name and value fall in two checkpoints is still redacted: no checkpoint stores the value', async () => {
  // 24-character units, streamed 8 characters at a time: the only place a delta ends outside a key's
  // characters is right after `password: `, so every checkpoint after the first starts with a value.
  const unit = '&xyzw-password: S3CRETVL';
  const { mock, runtime, store, sessionId } = await setup();
  mock.script([{ text: `${unit.repeat(80)}& done.`, chunkDelayMs: 20 }]);
  assert.equal(await runtime.run(sessionId, { text: 'list the passwords' }), 'completed');

  const stored = await store.readEvents(sessionId);
  const checkpoints = ofType(stored, 'assistant.text.checkpoint');
  let soFar = '';
  let cutAfterName = 0;
  for (const checkpoint of checkpoints) {
    if (checkpoint.from && soFar.slice(0, checkpoint.from).endsWith('password: ')) cutAfterName++;
    soFar = withCheckpoint(soFar, checkpoint);
  }
  assert.ok(cutAfterName >= 1, `a checkpoint began right after a name (${checkpoints.length} checkpoints)`);
  assert.ok(soFar.includes('-password: [REDACTED]&'), 'the checkpoints add up to the redacted text');
  assert.ok(!JSON.stringify(stored).includes('S3CRETVL'), 'no stored event holds the value');
  runtime.closeSession(sessionId);
});
