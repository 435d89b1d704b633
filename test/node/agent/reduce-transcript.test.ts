import { test } from 'node:test';
import assert from 'node:assert/strict';
import { reduceTranscript } from '../../../src/agent/index.js';
import { makeLog } from './events.js';

const ok = { success: true as const, stateChanged: true, data: { period: '1h' } };

test('transcript: user message with chips, streamed assistant text, tool card, completion', () => {
  const log = makeLog([
    { type: 'run.started', runId: 'r1', readOnly: false },
    {
      type: 'user.message',
      runId: 'r1',
      messageId: 'u1',
      text: 'Switch to 1h',
      context: [{ kind: 'chart-symbol', label: 'DEMO', text: 'DEMO daily' }],
    },
    { type: 'assistant.text.delta', runId: 'r1', messageId: 'm1', delta: 'Swit' },
    { type: 'assistant.text.delta', runId: 'r1', messageId: 'm1', delta: 'ching' },
  ]);
  let items = reduceTranscript(log);
  assert.equal(items.length, 2);
  assert.deepEqual(items[0], {
    kind: 'user',
    id: 'user:u1',
    runId: 'r1',
    at: 2000,
    text: 'Switch to 1h',
    context: [{ kind: 'chart-symbol', label: 'DEMO', text: 'DEMO daily' }],
  });
  assert.equal(items[1].kind, 'assistant');
  assert.ok(items[1].kind === 'assistant' && items[1].streaming && items[1].text === 'Switching');

  const more = makeLog([
    ...log.map(({ seq: _s, sessionId: _i, at: _a, ...rest }) => rest),
    { type: 'assistant.message.completed', runId: 'r1', messageId: 'm1', text: 'Switching' },
    { type: 'tool.started', runId: 'r1', callId: 'c1', name: 'chart_set_period', input: { period: '1h' } },
    { type: 'tool.progress', runId: 'r1', callId: 'c1', message: 'loading bars' },
  ]);
  items = reduceTranscript(more);
  const tool = items[2];
  assert.ok(tool.kind === 'tool');
  assert.equal(tool.status, 'running');
  assert.equal(tool.progress, 'loading bars');
  assert.ok(items[1].kind === 'assistant' && !items[1].streaming);

  const done = reduceTranscript(
    makeLog([
      ...more.map(({ seq: _s, sessionId: _i, at: _a, ...rest }) => rest),
      { type: 'tool.finished', runId: 'r1', callId: 'c1', name: 'chart_set_period', result: ok, elapsedMs: 12 },
      { type: 'assistant.message.completed', runId: 'r1', messageId: 'm2', text: '' },
      { type: 'assistant.message.completed', runId: 'r1', messageId: 'm3', text: 'Done: now 1h.' },
      { type: 'run.completed', runId: 'r1' },
    ]),
  );
  assert.deepEqual(
    done.map((i) => i.kind),
    ['user', 'assistant', 'tool', 'assistant'],
  );
  const finished = done[2];
  assert.ok(
    finished.kind === 'tool' && finished.status === 'succeeded' && finished.elapsedMs === 12 && finished.result === ok,
  );
});

test('transcript: questions, failures and notices; cut-off tools and questions stop looking live', () => {
  const items = reduceTranscript(
    makeLog([
      { type: 'run.started', runId: 'r1', readOnly: false },
      { type: 'user.message', runId: 'r1', messageId: 'u1', text: 'Show Apple' },
      { type: 'tool.started', runId: 'r1', callId: 'q1', name: 'ask_user', input: {} },
      {
        type: 'tool.question.required',
        runId: 'r1',
        callId: 'q1',
        question: 'Which one?',
        options: [{ label: 'AAPL' }, { label: 'APLE' }],
        multiSelect: false,
      },
      { type: 'tool.question.resolved', runId: 'r1', callId: 'q1', answer: { status: 'answered', selected: ['AAPL'] } },
      {
        type: 'tool.finished',
        runId: 'r1',
        callId: 'q1',
        name: 'ask_user',
        result: { success: true, stateChanged: false, data: {} },
        elapsedMs: 5,
      },
      { type: 'tool.started', runId: 'r1', callId: 'c2', name: 'chart_set_symbol', input: { symbol: 'AAPL' } },
      { type: 'run.failed', runId: 'r1', code: 'PROVIDER_UNAVAILABLE', message: 'down' },
      { type: 'run.started', runId: 'r2', readOnly: false },
      { type: 'user.message', runId: 'r2', messageId: 'u2', text: 'again' },
      { type: 'assistant.text.delta', runId: 'r2', messageId: 'm9', delta: 'par' },
      {
        type: 'tool.question.required',
        runId: 'r2',
        callId: 'q2',
        question: 'Sure?',
        options: [{ label: 'Yes' }],
        multiSelect: true,
      },
      { type: 'run.interrupted', runId: 'r2' },
      { type: 'run.failed', runId: 'r3', code: 'RUN_ACTIVE', message: 'busy' },
    ]),
  );
  assert.deepEqual(
    items.map((i) => i.kind),
    ['user', 'question', 'tool', 'error', 'user', 'assistant', 'question', 'notice', 'error'],
  );
  const [, q1, cut, err, , partial, q2, notice] = items;
  assert.ok(q1.kind === 'question' && q1.answer?.status === 'answered' && q1.options.length === 2);
  assert.ok(cut.kind === 'tool' && cut.status === 'failed', 'a tool of a failed run is not shown as running');
  assert.ok(err.kind === 'error' && err.code === 'PROVIDER_UNAVAILABLE');
  assert.ok(partial.kind === 'assistant' && partial.text === 'par' && !partial.streaming);
  assert.ok(q2.kind === 'question' && q2.answer?.status === 'cancelled' && q2.multiSelect);
  assert.ok(notice.kind === 'notice' && notice.notice === 'interrupted');
});

test('transcript: a refused ask_user (nothing asked) gets the failed tool card; an asked one only its question', () => {
  const refusal = {
    success: false as const,
    stateChanged: false as const,
    error: { code: 'invalid_input' as const, message: 'question: too short', retryable: false },
  };
  const items = reduceTranscript(
    makeLog([
      { type: 'run.started', runId: 'r1', readOnly: false },
      { type: 'user.message', runId: 'r1', messageId: 'u1', text: 'Ask me' },
      { type: 'tool.started', runId: 'r1', callId: 'bad', name: 'ask_user', input: { question: '' } },
      { type: 'tool.finished', runId: 'r1', callId: 'bad', name: 'ask_user', result: refusal, elapsedMs: 1 },
      { type: 'tool.started', runId: 'r1', callId: 'q', name: 'ask_user', input: { question: 'Which?' } },
      {
        type: 'tool.question.required',
        runId: 'r1',
        callId: 'q',
        question: 'Which?',
        options: [{ label: 'A' }],
        multiSelect: false,
      },
      { type: 'tool.question.resolved', runId: 'r1', callId: 'q', answer: { status: 'cancelled' } },
      {
        type: 'tool.finished',
        runId: 'r1',
        callId: 'q',
        name: 'ask_user',
        result: { success: true, stateChanged: false, data: { status: 'cancelled' } },
        elapsedMs: 2,
      },
    ]),
  );
  assert.deepEqual(
    items.map((i) => i.kind),
    ['user', 'tool', 'question'],
  );
  const card = items[1];
  assert.ok(card.kind === 'tool' && card.name === 'ask_user' && card.status === 'failed');
  assert.deepEqual(card.input, { question: '' });
  assert.equal(card.result?.success === false && card.result.error.code, 'invalid_input');
});
