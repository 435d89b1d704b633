import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { AgentRuntime, createMemorySessionStore, reduceTranscript } from '../../../src/agent/index.js';
import type { AgentEvent } from '../../../src/protocol/index.js';
import { pollUntil } from '../../browser/helpers/wait-for.js';
import { tabStore } from './tab-store.js';
import { closeMock, mockModel, ofType } from './harness.js';
import { createFakePort } from './fake-port.js';

after(closeMock);

const CHECKPOINTS = 5;

test('a long answer stores its streamed text about once (each checkpoint adds what is new), and a reload mid-answer still shows all of it, to the user and the model', async () => {
  const mock = await mockModel();
  const store = createMemorySessionStore();
  const { id: sessionId } = await store.createSession();
  // The first tab's store stops taking writes when the tab closes, as IndexedDB does for a closed page.
  const tab = tabStore(store);
  // About 7,000 characters streamed in 8-character deltas every 10 ms: some 9 seconds of answer.
  const answer = Array.from({ length: 160 }, (_, i) => `Point ${i}: the trend is up and volume rose. `).join('');
  mock.script([{ text: answer, chunkDelayMs: 10 }]);
  const first = new AgentRuntime({ baseURL: mock.url, store: tab.store });
  first.setPort(createFakePort());
  const shown: AgentEvent[] = [];
  first.subscribe((e) => shown.push(e));
  void first.run(sessionId, { text: 'explain the trend in depth' });
  const storedCheckpoints = async () => ofType(await store.readEvents(sessionId), 'assistant.text.checkpoint');
  await pollUntil(async () => (await storedCheckpoints()).length >= CHECKPOINTS, `${CHECKPOINTS} checkpoints`, 20_000);
  tab.close(); // the tab closes mid-answer
  first.cancel(sessionId);

  const checkpoints = await storedCheckpoints();
  const last = checkpoints.at(-1)!;
  // What the user saw when the last stored checkpoint was taken.
  const seenThen = ofType(shown, 'assistant.text.delta')
    .filter((e) => e.seq < last.seq)
    .map((e) => e.delta)
    .join('');
  assert.ok(seenThen.length > 0 && seenThen.length < answer.length, `mid-answer (${seenThen.length} chars)`);

  const second = new AgentRuntime({ baseURL: mock.url, store });
  second.setPort(createFakePort());
  const opened = await second.openSession(sessionId);
  const said = reduceTranscript(opened.events).find((i) => i.kind === 'assistant');
  assert.ok(said && said.kind === 'assistant', 'the answer so far is shown after the reload');
  assert.equal(said.text, seenThen, 'all the text streamed up to the last checkpoint, in order');

  // Whole-text checkpoints would store 1 + 2 + … + 5 seconds of text (3× it); pieces store it once.
  const bytes = checkpoints.reduce((sum, e) => sum + JSON.stringify(e).length, 0);
  assert.ok(
    bytes < 2 * seenThen.length,
    `${checkpoints.length} checkpoints store ${bytes} bytes for ${seenThen.length} chars of text`,
  );

  mock.script([{ text: 'Picking up.' }]);
  assert.equal(await second.run(sessionId, { text: 'go on' }), 'completed');
  const history = mock.requests.at(-1)?.body.messages as { role: string; content: string }[];
  assert.deepEqual(
    history.map((m) => m.role),
    ['system', 'user', 'assistant', 'user'],
  );
  assert.equal(history[2].content, seenThen, 'the model is sent the same text');
  second.closeSession(sessionId);
});

test('a chat stored with whole-text checkpoints (older builds) still loads: the last one is the text so far', async () => {
  const mock = await mockModel();
  const store = createMemorySessionStore();
  const { id: sessionId } = await store.createSession();
  const at = Date.now();
  const base = { sessionId, runId: 'run_old', at };
  await store.append(sessionId, [
    { ...base, seq: 1, type: 'run.started', readOnly: false },
    { ...base, seq: 2, type: 'user.message', messageId: 'msg_u', text: 'explain the trend' },
    { ...base, seq: 3, type: 'assistant.text.checkpoint', messageId: 'msg_a', text: 'The trend is ' },
    { ...base, seq: 4, type: 'assistant.text.checkpoint', messageId: 'msg_a', text: 'The trend is up, and volume ' },
  ]);
  const runtime = new AgentRuntime({ baseURL: mock.url, store });
  runtime.setPort(createFakePort());
  const opened = await runtime.openSession(sessionId);
  const said = reduceTranscript(opened.events).find((i) => i.kind === 'assistant');
  assert.ok(said && said.kind === 'assistant');
  assert.equal(said.text, 'The trend is up, and volume ');

  mock.script([{ text: 'Picking up.' }]);
  assert.equal(await runtime.run(sessionId, { text: 'go on' }), 'completed');
  const history = mock.requests.at(-1)?.body.messages as { role: string; content: string }[];
  assert.equal(history[2].content, 'The trend is up, and volume ');
  runtime.closeSession(sessionId);
});
