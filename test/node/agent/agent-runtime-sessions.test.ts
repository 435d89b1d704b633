import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  AgentRuntime,
  createMemorySessionStore,
  reduceTranscript,
  TRUNCATION_MARKER,
} from '../../../src/agent/index.js';
import type { AgentEvent } from '../../../src/protocol/index.js';
import { tabStore } from './tab-store.js';
import { closeMock, lastEvent, mockModel, ofType, setup } from './harness.js';
import { createFakePort } from './fake-port.js';

after(closeMock);

const toolNames = (body: { tools: { function: { name: string } }[] }) => body.tools.map((t) => t.function.name);

test('a read-only run is not offered mutating tools, and calling one anyway is refused without reaching the chart', async () => {
  const { mock, runtime, port, events, sessionId } = await setup();
  mock.script([
    {
      toolCalls: [
        { name: 'chart_set_period', arguments: '{"period":"1h"}' },
        { name: 'chart_get_context', arguments: '' },
      ],
    },
    { text: 'I can only look in read-only mode.' },
  ]);
  assert.equal(await runtime.run(sessionId, { text: 'switch to 1h', readOnly: true }), 'completed');
  assert.deepEqual(toolNames(mock.requests[0].body), ['chart_get_context', 'market_bars_query', 'ask_user']);
  assert.equal(ofType(events, 'run.started')[0].readOnly, true);
  assert.deepEqual(
    port.calls.map((c) => c.name),
    ['chart_get_context'],
  );
  assert.equal(port.calls[0].options?.readOnly, true);
  const [refused] = ofType(events, 'tool.finished').map((e) => e.result);
  assert.ok(!refused.success && refused.error.code === 'not_allowed');
});

test('ask_user: the question is emitted, answered, and the answer goes back to the model', async () => {
  const { mock, runtime, events, sessionId } = await setup({ inactivityMs: 400 });
  const args = JSON.stringify({
    question: 'Which Apple?',
    options: [{ label: 'AAPL', description: 'Apple Inc., NASDAQ' }, { label: 'APLE' }],
  });
  mock.script([{ toolCalls: [{ name: 'ask_user', arguments: args, id: 'q1' }] }, { text: 'Showing AAPL.' }]);
  runtime.subscribe((e) => {
    // Answer later than inactivityMs: the timer is paused while the question waits. (A user's think
    // time, not synchronisation: what is shown is that no deadline fires during it.)
    if (e.type === 'tool.question.required')
      setTimeout(
        () => runtime.answerQuestion(e.callId, { status: 'answered', selected: ['AAPL'], note: 'the US one' }),
        1_000,
      );
  });
  assert.equal(await runtime.run(sessionId, { text: 'show apple' }), 'completed');
  const [question] = ofType(events, 'tool.question.required');
  assert.deepEqual(
    { question: question.question, options: question.options, multiSelect: question.multiSelect },
    {
      question: 'Which Apple?',
      options: [{ label: 'AAPL', description: 'Apple Inc., NASDAQ' }, { label: 'APLE' }],
      multiSelect: false,
    },
  );
  assert.deepEqual(ofType(events, 'tool.question.resolved')[0].answer, {
    status: 'answered',
    selected: ['AAPL'],
    note: 'the US one',
  });
  const tool = mock.requests[1].body.messages.find((m: { role: string }) => m.role === 'tool');
  assert.deepEqual(JSON.parse(tool.content).data, { status: 'answered', selected: ['AAPL'], note: 'the US one' });
  const items = reduceTranscript(events);
  assert.ok(items.some((i) => i.kind === 'question' && i.answer?.status === 'answered'));
  assert.ok(!items.some((i) => i.kind === 'tool'), 'ask_user renders as a question, not a tool card');
});

test('ask_user: cancel resolves the question as cancelled and ends the run cancelled', async () => {
  const { mock, runtime, events, sessionId } = await setup();
  const args = JSON.stringify({ question: 'Which?', options: [{ label: 'A' }, { label: 'B' }], multiSelect: true });
  mock.script([{ toolCalls: [{ name: 'ask_user', arguments: args }] }, { text: 'never' }]);
  runtime.subscribe((e) => {
    if (e.type === 'tool.question.required') queueMicrotask(() => runtime.cancel(sessionId));
  });
  assert.equal(await runtime.run(sessionId, { text: 'pick' }), 'cancelled');
  assert.deepEqual(ofType(events, 'tool.question.resolved')[0].answer, { status: 'cancelled' });
  assert.deepEqual(ofType(events, 'tool.finished')[0].result, {
    success: true,
    stateChanged: false,
    data: { status: 'cancelled' },
  });
  assert.equal(lastEvent(events).type, 'run.cancelled');
  assert.equal(mock.requests.length, 1);
});

test('ask_user with invalid input is an invalid_input tool error naming the fields', async () => {
  const { mock, runtime, events, sessionId } = await setup();
  const args = JSON.stringify({ question: 'Which?', options: [] });
  mock.script([{ toolCalls: [{ name: 'ask_user', arguments: args }] }, { text: 'ok' }]);
  assert.equal(await runtime.run(sessionId, { text: 'pick' }), 'completed');
  const [result] = ofType(events, 'tool.finished').map((e) => e.result);
  assert.ok(!result.success && result.error.code === 'invalid_input');
  assert.ok(!result.success && result.error.details?.some((d) => d.path === 'options'));
  assert.equal(ofType(events, 'tool.question.required').length, 0);
});

test('replay: a run without a terminal event is marked interrupted, and seq continues after the stored log', async () => {
  const mock = await mockModel();
  const store = createMemorySessionStore();
  const { id: sessionId } = await store.createSession();
  const base = { sessionId, runId: 'old', at: 1 };
  const stored: AgentEvent[] = [
    { ...base, seq: 1, type: 'run.started', readOnly: false },
    { ...base, seq: 2, type: 'user.message', messageId: 'u', text: 'draw a line' },
    { ...base, seq: 3, type: 'assistant.text.delta', messageId: 'm', delta: 'Drawing' },
    { ...base, seq: 4, type: 'tool.started', callId: 'c1', name: 'drawing_create', input: {} },
  ];
  await store.append(sessionId, stored);
  const runtime = new AgentRuntime({ baseURL: mock.url, store });
  runtime.setPort(createFakePort());
  const emitted: AgentEvent[] = [];
  runtime.subscribe((e) => emitted.push(e));
  const opened = await runtime.openSession(sessionId);
  assert.equal(opened.readOnly, false);
  assert.equal(opened.events.length, 5);
  assert.deepEqual(lastEvent(opened.events), {
    seq: 5,
    sessionId,
    runId: 'old',
    at: lastEvent(opened.events).at,
    type: 'run.interrupted',
  });
  assert.deepEqual(await store.readEvents(sessionId), opened.events);
  assert.deepEqual(
    emitted.map((e) => e.type),
    ['run.interrupted'],
  );
  assert.equal(reduceTranscript(opened.events).at(-1)?.kind, 'notice');

  const again = await runtime.openSession(sessionId);
  assert.equal(again.events.length, 5, 'marked once');

  mock.script([{ text: 'Done now.' }]);
  assert.equal(await runtime.run(sessionId, { text: 'try again' }), 'completed');
  const all = await store.readEvents(sessionId);
  // Seq keeps counting after the stored log; live-only text deltas leave gaps in the stored copy.
  const seqs = all.map((e) => e.seq);
  assert.deepEqual(seqs.slice(0, 5), [1, 2, 3, 4, 5]);
  assert.ok(
    seqs.every((s, i) => i === 0 || s > seqs[i - 1]),
    seqs.join(),
  );
  assert.ok(!all.slice(5).some((e) => e.type === 'assistant.text.delta'));
  assert.equal(all.at(-1)?.type, 'run.completed');
  // The interrupted run's partial text and cut-off call are part of the history the model sees.
  const roles = mock.requests[0].body.messages.map((m: { role: string; content: string }) => m.role);
  assert.deepEqual(roles, ['system', 'user', 'assistant', 'tool', 'user']);
  runtime.closeSession(sessionId);
});

test('a tab closed mid-answer: the text streamed up to the last checkpoint and what the run changed survive the reload, in the panel and for the model', async () => {
  const mock = await mockModel();
  const store = createMemorySessionStore();
  const { id: sessionId } = await store.createSession();
  // The first tab's store stops taking writes when the tab closes, as IndexedDB does for a closed page.
  const tab = tabStore(store);
  const answer = Array.from({ length: 60 }, (_, i) => `word${i} `).join('');
  mock.script([
    { toolCalls: [{ name: 'chart_set_period', arguments: '{"period":"1w"}' }] },
    { text: answer, chunkDelayMs: 60 },
  ]);
  const first = new AgentRuntime({ baseURL: mock.url, store: tab.store });
  const port = createFakePort();
  // What the chart's run ledger reports once the period changed (src/core/runs/run-ledger.ts).
  const changes = (runId: string) => ({
    runId,
    summary: ['period 1d → 1w'],
    changes: { runId, slices: { target: { before: { period: '1d' }, after: { period: '1w' } } } },
  });
  port.runChanges = (runId: string) => (port.calls.length > 0 ? changes(runId) : null);
  first.setPort(port);
  const shown: AgentEvent[] = [];
  first.subscribe((e) => shown.push(e));
  void first.run(sessionId, { text: 'explain the trend' });
  const started = Date.now();
  while (Date.now() - started < 2_500) await new Promise((r) => setTimeout(r, 50));
  tab.close();
  const seen = ofType(shown, 'assistant.text.delta')
    .map((e) => e.delta)
    .join('');
  assert.ok(seen.length > 0 && seen.length < answer.length, `mid-answer (${seen.length} of ${answer.length} chars)`);
  first.cancel(sessionId);

  const stored = await store.readEvents(sessionId);
  assert.ok(!stored.some((e) => e.type === 'assistant.text.delta'), 'deltas stay live-only');
  const checkpoints = ofType(stored, 'assistant.text.checkpoint');
  assert.ok(checkpoints.length >= 1 && checkpoints.length <= 3, `about one a second, got ${checkpoints.length}`);

  const second = new AgentRuntime({ baseURL: mock.url, store });
  second.setPort(createFakePort());
  const opened = await second.openSession(sessionId);
  const items = reduceTranscript(opened.events);
  const said = items.find((i) => i.kind === 'assistant');
  assert.ok(said && said.kind === 'assistant' && !said.streaming);
  assert.ok(
    answer.startsWith(said.text) && said.text.length >= seen.length - 8 * 20,
    `kept ${said.text.length} of ${seen.length} shown chars`,
  );
  assert.equal(items.at(-1)?.kind, 'notice');
  // What the run changed before the reload is still listed, with what "Undo run" needs.
  const changed = items.find((i) => i.kind === 'changes');
  assert.ok(changed && changed.kind === 'changes', 'a changes row for the interrupted run');
  assert.deepEqual(changed.summary, ['period 1d → 1w']);
  assert.deepEqual(changed.changes.slices.target, { before: { period: '1d' }, after: { period: '1w' } });

  mock.script([{ text: 'Picking up.' }]);
  assert.equal(await second.run(sessionId, { text: 'go on' }), 'completed');
  const history = mock.requests.at(-1)?.body.messages as { role: string; content: string }[];
  assert.deepEqual(
    history.map((m) => m.role),
    ['system', 'user', 'assistant', 'tool', 'assistant', 'user'],
  );
  assert.equal(history[4].content, said.text);
  second.closeSession(sessionId);
});

test('redaction: no api key, bearer token, sk- key or host secret reaches stored or emitted events', async () => {
  const apiKey = 'sk-proj-THISISTHEKEY1234567890';
  const leaky = `Your key ${apiKey}, header Authorization: Bearer abc.def.ghi, other sk-otherkey99999999 and HOST-SECRET-7.`;
  const { mock, runtime, store, events, sessionId } = await setup({
    apiKey,
    secrets: ['HOST-SECRET-7'],
    tools: [
      {
        name: 'chart_get_context',
        safety: 'read-only',
        executionMode: 'parallel',
        run: () => ({ success: true, stateChanged: false, data: { echo: leaky } }),
      },
    ],
  });
  mock.script([
    { text: leaky, toolCalls: [{ name: 'chart_get_context', arguments: JSON.stringify({ note: leaky }) }] },
    { text: leaky },
  ]);
  assert.equal(await runtime.run(sessionId, { text: `my key is ${apiKey} and HOST-SECRET-7` }), 'completed');
  assert.equal(mock.requests[0].headers.authorization, `Bearer ${apiKey}`, 'the key itself is used for the request');
  for (const json of [JSON.stringify(await store.readEvents(sessionId)), JSON.stringify(events)]) {
    assert.ok(!json.includes('THISISTHEKEY'), 'api key');
    assert.ok(!json.includes('abc.def.ghi'), 'bearer token');
    assert.ok(!json.includes('sk-otherkey'), 'sk- key');
    assert.ok(!json.includes('HOST-SECRET-7'), 'host secret');
    assert.ok(json.includes('[REDACTED]'));
  }
});

test('history: previous tool outputs past the token budget are shortened oldest first, with a marker', async () => {
  const big = 'row,'.repeat(2_000);
  const { mock, runtime, sessionId } = await setup({
    tokenBudget: 1_500,
    tools: [
      {
        name: 'market_bars_query',
        safety: 'read-only',
        executionMode: 'parallel',
        run: () => ({ success: true, stateChanged: false, data: null, text: big }),
      },
    ],
  });
  mock.script([
    { toolCalls: [{ name: 'market_bars_query', arguments: '{"limit":1000}' }] },
    { text: 'Here are the bars.' },
    { text: 'Second answer.' },
  ]);
  assert.equal(await runtime.run(sessionId, { text: 'bars please' }), 'completed');
  assert.equal(await runtime.run(sessionId, { text: 'and now?' }), 'completed');
  const tool = mock.requests[2].body.messages.find((m: { role: string }) => m.role === 'tool');
  assert.ok(tool.content.endsWith(TRUNCATION_MARKER));
  assert.equal(tool.content.length, 200 + TRUNCATION_MARKER.length);
});
