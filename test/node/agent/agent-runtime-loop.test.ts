import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { closeMock, lastEvent, ofType, setup } from './harness.js';
import { waitFor } from '../wait-for.js';
import { slowTool } from './fake-port.js';

after(closeMock);

test('streams text as deltas with monotonic seq, stores what subscribers saw but the live-only deltas, sends the documented request', async () => {
  const { mock, runtime, store, events, sessionId } = await setup();
  mock.script([
    {
      text: 'Hello there, the chart shows DEMO daily.',
      usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
    },
  ]);
  const status = await runtime.run(sessionId, { text: 'What is on the chart?' });
  assert.equal(status, 'completed');
  assert.deepEqual(
    events.map((e) => e.seq),
    events.map((_, i) => i + 1),
  );
  const deltas = ofType(events, 'assistant.text.delta');
  assert.ok(deltas.length > 1, 'several deltas');
  assert.equal(deltas.map((d) => d.delta).join(''), 'Hello there, the chart shows DEMO daily.');
  const completed = ofType(events, 'assistant.message.completed');
  assert.equal(completed.length, 1);
  assert.equal(completed[0].text, 'Hello there, the chart shows DEMO daily.');
  assert.equal(completed[0].messageId, deltas[0].messageId);
  assert.deepEqual(
    events.slice(0, 2).map((e) => e.type),
    ['run.started', 'user.message'],
  );
  const end = lastEvent(events);
  assert.ok(end.type === 'run.completed');
  assert.deepEqual(end.usage, { promptTokens: 10, completionTokens: 5, totalTokens: 15 });
  // The log holds every event but the live-only text deltas (the completed message carries the text).
  assert.deepEqual(
    await store.readEvents(sessionId),
    events.filter((e) => e.type !== 'assistant.text.delta'),
  );

  const request = mock.requests[0];
  assert.equal(request.body.stream, true);
  assert.deepEqual(request.body.stream_options, { include_usage: true });
  assert.equal(request.body.tool_choice, 'auto');
  assert.equal(request.body.model, undefined, 'no model configured: the relay picks one');
  assert.equal(request.headers.authorization, 'Bearer relay');
  const names = request.body.tools.map((t: { function: { name: string } }) => t.function.name);
  assert.deepEqual(names, ['chart_get_context', 'market_bars_query', 'chart_set_period', 'ask_user']);
  assert.equal(request.body.tools[0].type, 'function');
  assert.equal(request.body.messages[0].role, 'system');
  assert.match(
    request.body.messages[0].content,
    /Tools available in this run\nchart_get_context, market_bars_query, chart_set_period, ask_user/,
  );
  assert.deepEqual(request.body.messages[1], { role: 'user', content: 'What is on the chart?' });
});

test('a tool call round trip: the port runs it and the next request carries the result; the next run sees it too', async () => {
  const { mock, runtime, port, events, sessionId } = await setup({ model: 'gpt-test', webSearch: async () => [] });
  mock.script([
    { text: 'Switching.', toolCalls: [{ name: 'chart_set_period', arguments: '{"period":"1h"}', id: 'call_x' }] },
    { text: 'Now on 1h.' },
  ]);
  assert.equal(await runtime.run(sessionId, { text: 'Switch to 1h' }), 'completed');
  assert.equal(port.calls.length, 1);
  assert.deepEqual(port.calls[0].input, { period: '1h' });
  assert.equal(port.calls[0].options?.readOnly, false);
  assert.equal(port.calls[0].options?.runId, events[0].runId);
  assert.ok(port.calls[0].options?.signal instanceof AbortSignal);
  const finished = ofType(events, 'tool.finished');
  assert.equal(finished.length, 1);
  assert.deepEqual(finished[0].result, { success: true, stateChanged: true, data: { ok: 'chart_set_period' } });
  assert.ok(finished[0].elapsedMs >= 0);

  const second = mock.requests[1].body;
  assert.equal(second.model, 'gpt-test');
  assert.ok(second.tools.some((t: { function: { name: string } }) => t.function.name === 'web_search'));
  const assistant = second.messages.find((m: { role: string }) => m.role === 'assistant');
  assert.equal(assistant.content, 'Switching.');
  assert.deepEqual(assistant.tool_calls, [
    { id: 'call_x', type: 'function', function: { name: 'chart_set_period', arguments: '{"period":"1h"}' } },
  ]);
  const tool = second.messages.find((m: { role: string }) => m.role === 'tool');
  assert.equal(tool.tool_call_id, 'call_x');
  assert.deepEqual(JSON.parse(tool.content), { success: true, stateChanged: true, data: { ok: 'chart_set_period' } });
  assert.ok(!tool.content.includes('\n'), 'compact JSON');

  mock.script([{ text: 'It is 1h already.' }]);
  assert.equal(await runtime.run(sessionId, { text: 'And now?' }), 'completed');
  const third = mock.requests[2].body.messages.map((m: { role: string }) => m.role);
  assert.deepEqual(third, ['system', 'user', 'assistant', 'tool', 'assistant', 'user']);
});

test("read-only parallel calls overlap in time; other calls run one by one in the model's order", async () => {
  const { mock, runtime, port, sessionId } = await setup({
    tools: [
      slowTool('read_a', 120, 'read-only', 'parallel'),
      slowTool('read_b', 120, 'read-only', 'parallel'),
      slowTool('write_c', 60, 'mutating', 'sequential'),
      slowTool('write_d', 60, 'mutating', 'sequential'),
    ],
  });
  mock.script([
    {
      toolCalls: [
        { name: 'read_a', arguments: '{}' },
        { name: 'read_b', arguments: '{}' },
      ],
    },
    {
      toolCalls: [
        { name: 'write_d', arguments: '{}' },
        { name: 'write_c', arguments: '{}' },
      ],
    },
    { text: 'done' },
  ]);
  assert.equal(await runtime.run(sessionId, { text: 'go' }), 'completed');
  const [a, b, d, c] = port.calls.sort((x, y) => x.startedAt - y.startedAt);
  assert.deepEqual([a, b].map((x) => x.name).sort(), ['read_a', 'read_b']);
  assert.ok(b.startedAt < a.endedAt, 'the read-only parallel calls overlap');
  assert.deepEqual([d.name, c.name], ['write_d', 'write_c'], 'model order');
  assert.ok(c.startedAt >= d.endedAt, 'sequential calls do not overlap');
});

test('unknown tools and malformed JSON come back as tool errors and the run continues', async () => {
  const { mock, runtime, port, events, sessionId } = await setup();
  mock.script([
    {
      toolCalls: [
        { name: 'chart_fly_to_moon', arguments: '{}' },
        { name: 'market_bars_query', arguments: '{"limit": 5,' },
      ],
    },
    { text: 'Sorry, corrected.' },
  ]);
  assert.equal(await runtime.run(sessionId, { text: 'go' }), 'completed');
  assert.equal(port.calls.length, 0, 'neither call reached the chart');
  const [unknown, malformed] = ofType(events, 'tool.finished').map((e) => e.result);
  assert.ok(!unknown.success && unknown.error.code === 'unknown_tool');
  assert.match(
    unknown.success ? '' : unknown.error.message,
    /chart_get_context, market_bars_query, chart_set_period, ask_user/,
  );
  assert.ok(!malformed.success && malformed.error.code === 'invalid_input');
  assert.match(malformed.success ? '' : malformed.error.message, /^arguments are not valid JSON: /);
  assert.ok(!malformed.success && malformed.error.recommendedAction);
  const toolMessages = mock.requests[1].body.messages.filter((m: { role: string }) => m.role === 'tool');
  assert.equal(toolMessages.length, 2);
  assert.equal(JSON.parse(toolMessages[1].content).error.code, 'invalid_input');
  assert.equal(lastEvent(events).type, 'run.completed');
});

test('a model that keeps calling tools stops at maxSteps with TOOL_LOOP_LIMIT', async () => {
  const { mock, runtime, events, sessionId } = await setup({ maxSteps: 2 });
  const call = { toolCalls: [{ name: 'chart_get_context', arguments: '{}' }] };
  mock.script([call, call, call, { text: 'never' }]);
  assert.equal(await runtime.run(sessionId, { text: 'loop' }), 'failed');
  assert.equal(mock.requests.length, 2);
  const end = lastEvent(events);
  assert.ok(end.type === 'run.failed' && end.code === 'TOOL_LOOP_LIMIT');
  assert.equal(ofType(events, 'tool.finished').length, 2);
});

test('cancel mid-stream keeps the partial answer and ends the run cancelled', async () => {
  const { mock, runtime, events, sessionId } = await setup();
  const full = 'This is a long answer that streams slowly, chunk by chunk, so it can be stopped.';
  mock.script([{ text: full, chunkDelayMs: 40 }]);
  runtime.subscribe((e) => {
    if (e.type === 'assistant.text.delta' && ofType(events, 'assistant.text.delta').length === 2)
      runtime.cancel(sessionId);
  });
  assert.equal(await runtime.run(sessionId, { text: 'talk' }), 'cancelled');
  const completed = ofType(events, 'assistant.message.completed');
  assert.equal(completed.length, 1);
  assert.ok(completed[0].text.length > 0 && completed[0].text.length < full.length, 'partial text kept');
  assert.ok(full.startsWith(completed[0].text));
  assert.equal(lastEvent(events).type, 'run.cancelled');
  assert.equal(ofType(events, 'run.failed').length, 0);
  assert.equal(runtime.activeRun(sessionId), null);
});

test('cancel aborts running tools through the one signal', async () => {
  const { mock, runtime, port, events, sessionId } = await setup({
    tools: [slowTool('slow_read', 5_000, 'read-only', 'parallel')],
  });
  mock.script([{ toolCalls: [{ name: 'slow_read', arguments: '{}' }] }, { text: 'never' }]);
  const run = runtime.run(sessionId, { text: 'go' });
  // Cancel while the 5-second tool runs; the run ends cancelled with the tool aborted, not finished.
  await waitFor(() => port.started.length === 1, 'the tool to start');
  runtime.cancel(sessionId);
  assert.equal(await run, 'cancelled');
  assert.equal(port.calls[0]?.options?.signal?.aborted, true);
  const finished = ofType(events, 'tool.finished');
  assert.ok(!finished[0].result.success && finished[0].result.error.code === 'aborted');
  assert.equal(mock.requests.length, 1, 'no further model call');
});
