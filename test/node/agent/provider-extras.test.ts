import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { closeMock, ofType, setup } from './harness.js';
import { checkProviderRules } from '../../mock-model/check-provider-rules.js';

after(closeMock);

test("the mock enforces each provider rule: a request that breaks it gets the provider's 400 wording", () => {
  const toolTurn = {
    role: 'assistant',
    content: null,
    tool_calls: [{ id: 'c1', type: 'function', function: { name: 'x', arguments: '{}' } }],
  };
  assert.match(
    checkProviderRules([{ role: 'user', content: 'hi' }, toolTurn], ['deepseek-thinking'], new Map()) ?? '',
    /Missing 'reasoning_content' field/,
  );
  assert.equal(checkProviderRules([{ ...toolTurn, reasoning_content: 'r' }], ['deepseek-thinking'], new Map()), null);
  assert.match(
    checkProviderRules([{ role: 'assistant', content: 'hi', reasoning_content: 'r' }], ['deepseek-r1'], new Map()) ??
      '',
    /not allowed/,
  );
  assert.match(
    checkProviderRules([toolTurn], ['gemini-3'], new Map([['c1', 'sig']])) ?? '',
    /missing a thought_signature/,
  );
});

test('DeepSeek thinking mode with tools: reasoning goes back on the tool-call turn and never on a plain answer, no retry needed', async () => {
  const { mock, runtime, port, events, store, sessionId } = await setup();
  mock.script([
    {
      reasoning: 'The user wants weekly bars, so chart_set_period.',
      toolCalls: [{ name: 'chart_set_period', arguments: '{"period":"1w"}', id: 'call_ds' }],
    },
    { enforce: ['deepseek-thinking', 'deepseek-r1'], reasoning: 'Done; confirm.', text: 'The chart is weekly now.' },
    { enforce: ['deepseek-thinking', 'deepseek-r1'], text: 'Still weekly.' },
  ]);
  assert.equal(await runtime.run(sessionId, { text: 'weekly please' }), 'completed');
  assert.equal(await runtime.run(sessionId, { text: 'and now?' }), 'completed');
  assert.equal(mock.requests.length, 3, 'every request accepted the first time');
  assert.equal(port.calls.length, 1);

  const second = mock.requests[1].body.messages as {
    role: string;
    tool_calls?: unknown[];
    reasoning_content?: string;
    content: string | null;
  }[];
  const toolTurn = second.find((m) => m.role === 'assistant' && m.tool_calls);
  assert.equal(toolTurn?.reasoning_content, 'The user wants weekly bars, so chart_set_period.');
  const third = mock.requests[2].body.messages as typeof second;
  const plain = third.filter((m) => m.role === 'assistant' && !m.tool_calls);
  assert.equal(plain.length, 1);
  assert.equal('reasoning_content' in plain[0], false, 'a plain answer never carries its reasoning back');
  assert.equal(plain[0].content, 'The chart is weekly now.');

  // Reasoning streams live, is kept on the completed message, and its deltas are not stored.
  assert.ok(ofType(events, 'assistant.reasoning.delta').length > 0);
  const completed = ofType(events, 'assistant.message.completed');
  assert.equal(completed[1].reasoning, 'Done; confirm.');
  const stored = await store.readEvents(sessionId);
  assert.equal(
    stored.some((e) => e.type === 'assistant.reasoning.delta'),
    false,
  );
});

test('a reasoning that holds a secret is redacted before it is stored', async () => {
  const { mock, runtime, store, sessionId } = await setup({ secrets: ['sk-secret-value-123456'] });
  mock.script([{ reasoning: 'the key is sk-secret-value-123456', text: 'ok' }]);
  assert.equal(await runtime.run(sessionId, { text: 'hi' }), 'completed');
  const text = JSON.stringify(await store.readEvents(sessionId));
  assert.equal(text.includes('sk-secret-value-123456'), false);
});

test("Gemini 3: each call's thought signature is sent back on that call in the follow-up", async () => {
  const { mock, runtime, port, sessionId } = await setup();
  mock.script([
    {
      toolCalls: [
        {
          name: 'chart_set_period',
          arguments: '{"period":"1w"}',
          id: 'g1',
          extraContent: { google: { thought_signature: 'sig-one' } },
        },
        { name: 'chart_get_context', arguments: '{}', id: 'g2' },
      ],
    },
    { enforce: ['gemini-3'], text: 'Weekly.' },
  ]);
  assert.equal(await runtime.run(sessionId, { text: 'weekly' }), 'completed');
  assert.equal(mock.requests.length, 2);
  assert.equal(port.calls.length, 2);
  const turn = (
    mock.requests[1].body.messages as { role: string; tool_calls?: { id: string; extra_content?: unknown }[] }[]
  ).find((m) => m.role === 'assistant' && m.tool_calls)!;
  assert.deepEqual(
    turn.tool_calls!.map((c) => [c.id, c.extra_content]),
    [
      ['g1', { google: { thought_signature: 'sig-one' } }],
      ['g2', undefined],
    ],
  );
});

test('a <tool_call> block in the answer text runs once as a call and leaves the text without it', async () => {
  const { mock, runtime, port, events, sessionId } = await setup();
  mock.script([
    { text: 'Switching now.\n<tool_call>{"name": "chart_set_period", "arguments": {"period": "1w"}}</tool_call>' },
    { text: 'Done.' },
  ]);
  assert.equal(await runtime.run(sessionId, { text: 'weekly' }), 'completed');
  assert.equal(port.calls.length, 1);
  assert.deepEqual(port.calls[0].input, { period: '1w' });
  const completed = ofType(events, 'assistant.message.completed');
  assert.equal(completed[0].text, 'Switching now.');
  assert.equal(ofType(events, 'tool.finished')[0].result.success, true);
  const turn = (
    mock.requests[1].body.messages as {
      role: string;
      tool_calls?: { function: { name: string; arguments: string } }[];
    }[]
  ).find((m) => m.role === 'assistant' && m.tool_calls)!;
  assert.equal(turn.tool_calls![0].function.name, 'chart_set_period');
});

test('a fenced JSON call naming an offered tool runs; a fenced, double-encoded arguments string is unwrapped', async () => {
  const { mock, runtime, port, sessionId } = await setup();
  mock.script([
    { text: '```json\n{"name":"chart_set_period","arguments":"{\\"period\\":\\"1h\\"}"}\n```' },
    { text: 'Hourly.' },
    { toolCalls: [{ name: 'chart_set_period', arguments: '```json\n{"period":"1d"}\n```' }] },
    { text: 'Daily.' },
  ]);
  assert.equal(await runtime.run(sessionId, { text: 'hourly' }), 'completed');
  assert.equal(await runtime.run(sessionId, { text: 'daily' }), 'completed');
  assert.deepEqual(
    port.calls.map((c) => c.input),
    [{ period: '1h' }, { period: '1d' }],
  );
});

test('ambiguous calls in text stay text: two blocks, an unknown tool, broken JSON', async () => {
  const { mock, runtime, port, events, sessionId } = await setup();
  const two =
    '<tool_call>{"name":"chart_set_period","arguments":{"period":"1w"}}</tool_call><tool_call>{"name":"chart_set_period","arguments":{"period":"1d"}}</tool_call>';
  const unknown = '<tool_call>{"name":"delete_everything","arguments":{}}</tool_call>';
  const broken = '<tool_call>{"name":"chart_set_period","arguments":{"period":</tool_call>';
  mock.script([{ text: two }, { text: unknown }, { text: broken }]);
  for (const text of ['a', 'b', 'c']) assert.equal(await runtime.run(sessionId, { text }), 'completed');
  assert.equal(port.calls.length, 0);
  assert.deepEqual(
    ofType(events, 'assistant.message.completed').map((e) => e.text),
    [two, unknown, broken],
  );
});
