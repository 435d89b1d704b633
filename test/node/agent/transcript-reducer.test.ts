import { test } from 'node:test';
import assert from 'node:assert/strict';
import { reduceTranscript, TranscriptReducer, type TranscriptItem } from '../../../src/agent/index.js';
import { makeLog } from './events.js';

const ok = { success: true as const, stateChanged: true, data: {} };

const log = makeLog([
  { type: 'run.started', runId: 'r1', readOnly: false },
  { type: 'user.message', runId: 'r1', messageId: 'u1', text: 'Add MACD', context: [] },
  { type: 'assistant.text.delta', runId: 'r1', messageId: 'm1', delta: 'Add' },
  { type: 'assistant.text.delta', runId: 'r1', messageId: 'm1', delta: 'ing' },
  { type: 'assistant.message.completed', runId: 'r1', messageId: 'm1', text: 'Adding' },
  { type: 'tool.started', runId: 'r1', callId: 'c1', name: 'indicators_add', input: { definitionId: 'MACD' } },
  { type: 'tool.progress', runId: 'r1', callId: 'c1', message: 'computing' },
  { type: 'tool.finished', runId: 'r1', callId: 'c1', name: 'indicators_add', result: ok, elapsedMs: 3 },
  { type: 'tool.started', runId: 'r1', callId: 'q1', name: 'ask_user', input: {} },
  {
    type: 'tool.question.required',
    runId: 'r1',
    callId: 'q1',
    question: 'Which pane?',
    options: [{ label: 'New' }],
    multiSelect: false,
  },
  { type: 'tool.started', runId: 'r1', callId: 'c2', name: 'chart_set_period', input: { period: '1h' } },
  { type: 'assistant.text.delta', runId: 'r1', messageId: 'm2', delta: 'Wait' },
  { type: 'run.cancelled', runId: 'r1' },
  { type: 'run.started', runId: 'r2', readOnly: false },
  { type: 'user.message', runId: 'r2', messageId: 'u2', text: 'Again', context: [] },
  { type: 'tool.started', runId: 'r2', callId: 'c1', name: 'indicators_add', input: { definitionId: 'RSI' } },
  { type: 'assistant.message.completed', runId: 'r2', messageId: 'm3', text: '' },
  { type: 'run.failed', runId: 'r2', code: 'PROVIDER_UNAVAILABLE', message: 'boom' },
]);

test('folding one event at a time gives, after every event, what folding the whole log gives', () => {
  const reducer = new TranscriptReducer();
  const snapshots: { items: TranscriptItem[]; copy: string }[] = [];
  for (let n = 1; n <= log.length; n++) {
    reducer.push(log[n - 1]);
    const items = reducer.items();
    assert.deepEqual(items, reduceTranscript(log.slice(0, n)), `after event ${n} (${log[n - 1].type})`);
    snapshots.push({ items, copy: JSON.stringify(items) });
  }
  // Earlier results are never mutated by later events (a renderer may still hold them).
  for (const s of snapshots) assert.equal(JSON.stringify(s.items), s.copy);
  const last = reducer.items();
  assert.deepEqual(
    last.map((i) => i.kind),
    ['user', 'assistant', 'tool', 'question', 'tool', 'assistant', 'notice', 'user', 'tool', 'error'],
  );
  assert.ok(last[4].kind === 'tool' && last[4].status === 'failed', 'the tool cut off by the cancel shows as failed');
  assert.ok(last[3].kind === 'question' && last[3].answer?.status === 'cancelled');
  assert.ok(last[5].kind === 'assistant' && !last[5].streaming && last[5].text === 'Wait');
});

test('a streamed delta replaces only the message it extends; every other row keeps its identity', () => {
  const reducer = new TranscriptReducer();
  for (const event of log.slice(0, 11)) reducer.push(event);
  const before = reducer.items();
  reducer.push(log[11]); // first delta of m2: a new row
  reducer.push(
    makeLog([
      ...log.slice(0, 12).map(({ seq: _s, sessionId: _i, at: _a, ...rest }) => rest),
      { type: 'assistant.text.delta', runId: 'r1', messageId: 'm2', delta: 'ing' },
    ])[12],
  );
  const after = reducer.items();
  assert.equal(after.length, before.length + 1);
  for (let i = 0; i < before.length; i++) assert.equal(after[i], before[i], `row ${i} is the same object`);
  const added = after[before.length];
  assert.ok(added.kind === 'assistant' && added.text === 'Waiting');
  assert.equal(reducer.items(), after, 'the same array until the next event');
});

test('takeFirstChanged names the first row added or replaced since it was last asked, and every row before it is unchanged', () => {
  const reducer = new TranscriptReducer();
  assert.equal(reducer.takeFirstChanged(), 0, 'a new transcript: every row is new');
  let before: TranscriptItem[] = [];
  const firsts: number[] = [];
  for (const event of log) {
    reducer.push(event);
    const first = reducer.takeFirstChanged();
    const after = reducer.items();
    for (let i = 0; i < Math.min(first, after.length); i++)
      assert.equal(after[i], before[i], `row ${i} before ${first}`);
    if (first < after.length) assert.notEqual(after[first], before[first], `row ${first} changed`);
    else assert.equal(after.length, before.length, 'nothing changed: no row added');
    firsts.push(first);
    before = after;
  }
  assert.equal(reducer.takeFirstChanged(), Infinity, 'nothing since');
  // A delta of the first answer changes row 1 only; the cancel closes run 1's question (row 3), tool and answer.
  assert.equal(firsts[3], 1);
  assert.equal(firsts[log.findIndex((e) => e.type === 'run.cancelled')], 3);
});

test('running tools and open questions and approvals are kept as events arrive', () => {
  const reducer = new TranscriptReducer();
  const events = makeLog([
    { type: 'run.started', runId: 'r1', readOnly: false },
    { type: 'tool.started', runId: 'r1', callId: 'c1', name: 'indicators_add', input: {} },
    { type: 'tool.started', runId: 'r1', callId: 'c2', name: 'chart_get_context', input: {} },
    { type: 'tool.approval.required', runId: 'r1', callId: 'a1', name: 'x', label: 'X', summary: 'Add X', input: {} },
    { type: 'tool.approval.required', runId: 'r1', callId: 'a2', name: 'y', label: 'Y', summary: 'Add Y', input: {} },
    { type: 'tool.finished', runId: 'r1', callId: 'c2', name: 'chart_get_context', result: ok, elapsedMs: 1 },
    { type: 'tool.approval.resolved', runId: 'r1', callId: 'a1', name: 'x', approved: true },
    { type: 'run.cancelled', runId: 'r1' },
  ]);
  const seen: [number, boolean, string[]][] = [];
  for (const event of events) {
    reducer.push(event);
    reducer.items();
    seen.push([reducer.runningTools(), reducer.waitingForUser(), reducer.pendingApprovals('r1')]);
  }
  assert.deepEqual(seen, [
    [0, false, []],
    [1, false, []],
    [2, false, []],
    [2, true, ['a1']],
    [2, true, ['a1', 'a2']],
    [1, true, ['a1', 'a2']],
    [1, true, ['a2']],
    [0, false, []], // the cancel failed the tool and expired the approval
  ]);
});

test('a message that ends empty in the middle of the rows disappears, and the rows still match a full fold', () => {
  const events = makeLog([
    { type: 'run.started', runId: 'r1', readOnly: false },
    { type: 'assistant.text.delta', runId: 'r1', messageId: 'm1', delta: 'x' },
    { type: 'tool.started', runId: 'r1', callId: 'c1', name: 'indicators_add', input: {} },
    { type: 'assistant.message.completed', runId: 'r1', messageId: 'm1', text: '' },
    { type: 'tool.finished', runId: 'r1', callId: 'c1', name: 'indicators_add', result: ok, elapsedMs: 2 },
    { type: 'run.completed', runId: 'r1' },
  ]);
  const reducer = new TranscriptReducer();
  for (let n = 1; n <= events.length; n++) {
    reducer.push(events[n - 1]);
    assert.deepEqual(reducer.items(), reduceTranscript(events.slice(0, n)), `after event ${n}`);
  }
  assert.deepEqual(
    reducer.items().map((i) => i.kind),
    ['tool'],
  );
});
