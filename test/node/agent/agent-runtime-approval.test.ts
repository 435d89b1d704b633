import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AgentEvent } from '../../../src/protocol/index.js';
import { closeMock, ofType, setup } from './harness.js';

after(closeMock);

/** Answers every approval request as `decide` says, as soon as it is emitted. */
function autoAnswer(
  runtime: {
    subscribe(l: (e: AgentEvent) => void): () => void;
    answerApproval(id: string, ok: boolean, always?: boolean): void;
  },
  decide: (e: Extract<AgentEvent, { type: 'tool.approval.required' }>) => [boolean, boolean?],
) {
  return runtime.subscribe((e) => {
    if (e.type === 'tool.approval.required') queueMicrotask(() => runtime.answerApproval(e.callId, ...decide(e)));
  });
}

test('approve: the mutating call waits for the card, then runs; the card describes it in words', async () => {
  const { mock, runtime, port, events, sessionId } = await setup({ confirmMutations: true });
  autoAnswer(runtime, () => [true]);
  mock.script([{ toolCalls: [{ name: 'chart_set_period', arguments: '{"period":"1w"}' }] }, { text: 'Weekly.' }]);
  assert.equal(await runtime.run(sessionId, { text: 'weekly' }), 'completed');
  assert.equal(port.calls.length, 1);
  const [required] = ofType(events, 'tool.approval.required');
  assert.equal(required.summary, 'Switch the period to 1w');
  const types = events.map((e) => e.type);
  assert.ok(types.indexOf('tool.approval.required') < types.indexOf('tool.approval.resolved'));
  assert.ok(types.indexOf('tool.approval.resolved') < types.indexOf('tool.started'), 'runs only after the decision');
  assert.equal(ofType(events, 'tool.approval.resolved')[0].approved, true);
});

test('deny: nothing runs, the model gets denied_by_user', async () => {
  const { mock, runtime, port, events, sessionId } = await setup({ confirmMutations: true });
  autoAnswer(runtime, () => [false]);
  mock.script([
    { toolCalls: [{ name: 'chart_set_period', arguments: '{"period":"1w"}' }] },
    { text: 'OK, left as is.' },
  ]);
  assert.equal(await runtime.run(sessionId, { text: 'weekly' }), 'completed');
  assert.equal(port.calls.length, 0);
  const result = ofType(events, 'tool.finished')[0].result;
  assert.equal(result.success, false);
  assert.equal(!result.success && result.error.code, 'denied_by_user');
  const tool = (mock.requests[1].body.messages as { role: string; content: string }[]).find((m) => m.role === 'tool')!;
  assert.match(tool.content, /denied_by_user/);
});

test('always: the tool is allowed for the rest of the session; other mutating tools still ask; read-only tools never ask', async () => {
  const { mock, runtime, port, events, sessionId } = await setup({
    confirmMutations: true,
    tools: [
      { name: 'chart_get_context', safety: 'read-only', executionMode: 'parallel' },
      { name: 'chart_set_period', safety: 'mutating', executionMode: 'sequential' },
      { name: 'indicators_add', safety: 'mutating', executionMode: 'sequential' },
    ],
  });
  autoAnswer(runtime, () => [true, true]);
  mock.script([
    {
      toolCalls: [
        { name: 'chart_get_context', arguments: '{}' },
        { name: 'chart_set_period', arguments: '{"period":"1w"}' },
      ],
    },
    { text: 'Weekly.' },
    {
      toolCalls: [
        { name: 'chart_set_period', arguments: '{"period":"1d"}' },
        { name: 'indicators_add', arguments: '{"definitionId":"MACD","params":{"fast":12,"slow":26,"signal":5}}' },
      ],
    },
    { text: 'Daily with MACD.' },
  ]);
  assert.equal(await runtime.run(sessionId, { text: 'weekly' }), 'completed');
  assert.equal(await runtime.run(sessionId, { text: 'daily + macd' }), 'completed');
  assert.equal(port.calls.length, 4);
  const asked = ofType(events, 'tool.approval.required').map((e) => [e.name, e.summary]);
  assert.deepEqual(asked, [
    ['chart_set_period', 'Switch the period to 1w'],
    ['indicators_add', 'Add MACD(12,26,5)'],
  ]);
});

test('several mutating calls of one turn ask together before the first runs; approving one by one works', async () => {
  const { mock, runtime, port, events, sessionId } = await setup({
    confirmMutations: true,
    tools: [
      { name: 'chart_set_period', safety: 'mutating', executionMode: 'sequential' },
      { name: 'indicators_add', safety: 'mutating', executionMode: 'sequential' },
    ],
  });
  runtime.subscribe((e) => {
    // Decide only once both cards are up: the second is denied, the first approved.
    if (e.type === 'tool.approval.required' && ofType(events, 'tool.approval.required').length === 2) {
      const [first, second] = ofType(events, 'tool.approval.required');
      queueMicrotask(() => {
        runtime.answerApproval(second.callId, false);
        runtime.answerApproval(first.callId, true);
      });
    }
  });
  mock.script([
    {
      toolCalls: [
        { name: 'chart_set_period', arguments: '{"period":"1w"}' },
        { name: 'indicators_add', arguments: '{"definitionId":"RSI"}' },
      ],
    },
    { text: 'Done.' },
  ]);
  assert.equal(await runtime.run(sessionId, { text: 'go' }), 'completed');
  assert.deepEqual(
    port.calls.map((c) => c.name),
    ['chart_set_period'],
  );
  const finished = ofType(events, 'tool.finished').map((e) => (e.result.success ? 'ok' : e.result.error.code));
  assert.deepEqual(finished, ['ok', 'denied_by_user']);
});

test('the inactivity deadline pauses while an approval card waits', async () => {
  const { mock, runtime, port, events, sessionId } = await setup({ confirmMutations: true, inactivityMs: 250 });
  let failedBeforeAnswer = -1;
  runtime.subscribe((e) => {
    if (e.type === 'tool.approval.required') {
      // The user answers after several deadlines (think time, not synchronisation).
      setTimeout(() => {
        failedBeforeAnswer = ofType(events, 'run.failed').length;
        runtime.answerApproval(e.callId, true);
      }, 1200);
    }
  });
  mock.script([{ toolCalls: [{ name: 'chart_set_period', arguments: '{"period":"1w"}' }] }, { text: 'Weekly.' }]);
  await runtime.run(sessionId, { text: 'weekly' });
  // Several deadlines passed while the card waited; the run was still alive and the call then ran.
  // (What happens after the answer depends on the machine's speed and is not asserted.)
  assert.equal(failedBeforeAnswer, 0);
  assert.equal(port.calls.length, 1);
});

test('stopping the run while a card waits denies the call and runs nothing', async () => {
  const { mock, runtime, port, events, sessionId } = await setup({ confirmMutations: true });
  runtime.subscribe((e) => {
    if (e.type === 'tool.approval.required') queueMicrotask(() => runtime.cancel(sessionId));
  });
  mock.script([{ toolCalls: [{ name: 'chart_set_period', arguments: '{"period":"1w"}' }] }]);
  assert.equal(await runtime.run(sessionId, { text: 'weekly' }), 'cancelled');
  assert.equal(port.calls.length, 0);
  assert.equal(ofType(events, 'run.cancelled').length, 1);
});
