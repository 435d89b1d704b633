import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildHistory, fitToBudget, TRUNCATION_MARKER, type ChatMessage } from '../../../src/agent/build-history.js';
import { makeLog } from './events.js';

test('history rebuilds user, assistant-with-tool-calls and tool messages; cut-off calls get an aborted result', () => {
  const log = makeLog([
    { type: 'run.started', runId: 'r1', readOnly: false },
    {
      type: 'user.message',
      runId: 'r1',
      messageId: 'u1',
      text: 'hi',
      context: [{ kind: 'chart-symbol', label: 'DEMO', text: 'DEMO 1d' }],
    },
    { type: 'assistant.message.completed', runId: 'r1', messageId: 'm1', text: '' },
    { type: 'tool.started', runId: 'r1', callId: 'c1', name: 'a', input: { x: 1 } },
    { type: 'tool.started', runId: 'r1', callId: 'c2', name: 'b', input: '{"broken' },
    {
      type: 'tool.finished',
      runId: 'r1',
      callId: 'c2',
      name: 'b',
      result: {
        success: false,
        stateChanged: false,
        error: { code: 'invalid_input', message: 'bad', retryable: false },
      },
      elapsedMs: 0,
    },
    {
      type: 'tool.finished',
      runId: 'r1',
      callId: 'c1',
      name: 'a',
      result: { success: true, stateChanged: false, data: 1 },
      elapsedMs: 0,
    },
    { type: 'assistant.message.completed', runId: 'r1', messageId: 'm2', text: 'Answer' },
    { type: 'run.completed', runId: 'r1' },
    { type: 'run.started', runId: 'r2', readOnly: false },
    {
      type: 'user.message',
      runId: 'r2',
      messageId: 'u2',
      text: 'more',
      context: [{ kind: 'chart-symbol', label: 'DEMO', text: 'DEMO 1d' }],
    },
    { type: 'assistant.message.completed', runId: 'r2', messageId: 'm3', text: 'Checking' },
    { type: 'tool.started', runId: 'r2', callId: 'c1', name: 'a', input: {} },
    { type: 'run.interrupted', runId: 'r2' },
  ]);
  const messages = buildHistory(log, { currentRunId: 'r3' });
  assert.deepEqual(
    messages.map((m) => m.role),
    ['user', 'assistant', 'tool', 'tool', 'assistant', 'user', 'assistant', 'tool'],
  );
  assert.match(
    (messages[0] as { content: string }).content,
    /hi\n\n\[Attached context\]\n## DEMO \(chart-symbol\)\nDEMO 1d/,
  );
  const step = messages[1] as Extract<ChatMessage, { role: 'assistant' }>;
  assert.equal(step.content, null);
  assert.deepEqual(
    step.tool_calls?.map((c) => [c.id, c.function.name, c.function.arguments]),
    [
      ['c1', 'a', '{"x":1}'],
      ['c2', 'b', '{}'],
    ],
  );
  assert.deepEqual(
    messages.slice(2, 4).map((m) => (m as { tool_call_id: string }).tool_call_id),
    ['c1', 'c2'],
  );
  assert.equal(JSON.parse((messages[2] as { content: string }).content).data, 1);
  // the second run reused call id c1: it is made unique, and its missing result is an aborted failure
  const second = messages[6] as Extract<ChatMessage, { role: 'assistant' }>;
  assert.equal(second.tool_calls?.[0].id, 'c1_r1');
  const lastTool = messages[7] as { tool_call_id: string; content: string };
  assert.equal(lastTool.tool_call_id, 'c1_r1');
  assert.equal(JSON.parse(lastTool.content).error.code, 'aborted');
  // the current run's own user message carries no inlined context (it is in the system prompt)
  const current = buildHistory(log, { currentRunId: 'r2' });
  assert.equal((current[5] as { content: string }).content, 'more');
});

test('fitToBudget shortens the oldest tool outputs first and marks them', () => {
  const big = 'x'.repeat(4000);
  const messages: ChatMessage[] = [
    { role: 'system', content: 'sys' },
    { role: 'user', content: 'q' },
    {
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'a', type: 'function', function: { name: 't', arguments: '{}' } }],
    },
    { role: 'tool', tool_call_id: 'a', content: big },
    {
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'b', type: 'function', function: { name: 't', arguments: '{}' } }],
    },
    { role: 'tool', tool_call_id: 'b', content: big },
  ];
  const fitted = fitToBudget(messages, 1500);
  const [first, second] = [fitted[3], fitted[5]] as { content: string }[];
  assert.equal(first.content, 'x'.repeat(200) + TRUNCATION_MARKER);
  assert.equal(second.content, big, 'the newest output survives once the budget fits');
  assert.equal((messages[3] as { content: string }).content, big, 'input untouched');
  assert.equal((fitToBudget(messages, 100_000)[3] as { content: string }).content, big);
});
