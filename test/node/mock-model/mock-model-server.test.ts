import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import OpenAI, { APIError } from 'openai';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { startMockModel, type MockModelServer } from '../../mock-model/index.js';

let mock: MockModelServer;
let client: OpenAI;

before(async () => {
  mock = await startMockModel();
  client = new OpenAI({ baseURL: mock.url, apiKey: 'test', maxRetries: 0 });
});
after(async () => {
  await mock.close();
});
beforeEach(() => mock.reset());

async function collect(
  params: Partial<OpenAI.Chat.Completions.ChatCompletionCreateParamsStreaming> = {},
): Promise<ChatCompletionChunk[]> {
  const stream = await client.chat.completions.create({
    model: 'mock-model',
    messages: [{ role: 'user', content: 'hi' }],
    stream: true,
    ...params,
  });
  const chunks: ChatCompletionChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

/** Assembles streamed tool calls by index, the way a client must. */
function assembleToolCalls(chunks: ChatCompletionChunk[]): { id: string; name: string; arguments: string }[] {
  const calls: { id: string; name: string; arguments: string }[] = [];
  for (const chunk of chunks) {
    for (const delta of chunk.choices[0]?.delta.tool_calls ?? []) {
      const call = (calls[delta.index] ??= { id: '', name: '', arguments: '' });
      if (delta.id) call.id = delta.id;
      if (delta.function?.name) call.name = delta.function.name;
      if (delta.function?.arguments) call.arguments += delta.function.arguments;
    }
  }
  return calls;
}

test('streamed text arrives in several deltas that reassemble into the scripted text', async () => {
  const text = 'The close is above the 20-period moving average, so the trend is up. 📈';
  mock.script([{ text }]);
  const chunks = await collect();
  assert.deepEqual(chunks[0]?.choices[0]?.delta, { role: 'assistant', content: '' });
  const contentDeltas = chunks.map((c) => c.choices[0]?.delta.content).filter((c): c is string => !!c);
  assert.ok(contentDeltas.length >= 5, `expected several deltas, got ${contentDeltas.length}`);
  assert.equal(contentDeltas.join(''), text);
  assert.equal(chunks.at(-1)?.choices[0]?.finish_reason, 'stop');
  assert.ok(chunks.every((c) => c.object === 'chat.completion.chunk' && c.id === chunks[0]?.id));
});

test('tool call arguments arrive in at least three fragments and reassemble by index', async () => {
  const args = '{"indicator":"rsi","params":{"length":14},"pane":"new"}';
  mock.script([{ toolCalls: [{ name: 'add_indicator', arguments: args }] }]);
  const chunks = await collect();
  const fragments = chunks.flatMap((c) => c.choices[0]?.delta.tool_calls ?? []).filter((d) => d.function?.arguments);
  assert.ok(fragments.length >= 3, `expected ≥3 fragments, got ${fragments.length}`);
  assert.deepEqual(assembleToolCalls(chunks), [{ id: 'call_1_0', name: 'add_indicator', arguments: args }]);
  assert.equal(chunks.at(-1)?.choices[0]?.finish_reason, 'tool_calls');
});

test('malformed arguments are streamed verbatim', async () => {
  mock.script([{ toolCalls: [{ name: 'set_period', arguments: '{"period": "1h"' }] }]);
  const [call] = assembleToolCalls(await collect());
  assert.equal(call?.arguments, '{"period": "1h"');
});

test('two parallel tool calls interleave by index and keep their ids', async () => {
  mock.script([
    {
      text: 'Checking both.',
      toolCalls: [
        { id: 'call_a', name: 'get_bars', arguments: '{"count":100,"from":"2024-01-01"}' },
        { id: 'call_b', name: 'get_indicator_values', arguments: '{"instanceId":"ema-1"}' },
      ],
    },
  ]);
  const chunks = await collect();
  const order = chunks.flatMap((c) => c.choices[0]?.delta.tool_calls ?? []).map((d) => d.index);
  assert.ok(order.join(',').includes('0,1,0'), `calls should interleave, order was ${order.join(',')}`);
  assert.deepEqual(assembleToolCalls(chunks), [
    { id: 'call_a', name: 'get_bars', arguments: '{"count":100,"from":"2024-01-01"}' },
    { id: 'call_b', name: 'get_indicator_values', arguments: '{"instanceId":"ema-1"}' },
  ]);
});

test('a 500 step rejects with an APIError carrying status 500 and the error body', async () => {
  mock.script([{ status: 500, headers: { 'retry-after': '0' } }]);
  await assert.rejects(collect(), (error: unknown) => {
    assert.ok(error instanceof APIError);
    assert.equal(error.status, 500);
    assert.match(error.message, /mock error/);
    assert.equal(error.headers?.get('retry-after'), '0');
    return true;
  });
});

test('requests are recorded with messages, tools and stream flag; steps are consumed in order', async () => {
  mock.script([{ text: 'one' }, { text: 'two' }]);
  const tools: OpenAI.Chat.Completions.ChatCompletionTool[] = [
    {
      type: 'function',
      function: { name: 'get_bars', description: 'Read bars', parameters: { type: 'object', properties: {} } },
    },
  ];
  const first = await collect({ tools, messages: [{ role: 'user', content: 'first question' }] });
  const second = await collect({ messages: [{ role: 'user', content: 'second' }] });
  assert.equal(first.map((c) => c.choices[0]?.delta.content ?? '').join(''), 'one');
  assert.equal(second.map((c) => c.choices[0]?.delta.content ?? '').join(''), 'two');
  assert.equal(mock.requests.length, 2);
  const [recorded] = mock.requests;
  assert.equal(recorded?.path, '/v1/chat/completions');
  assert.equal(recorded?.headers.authorization, 'Bearer test');
  assert.deepEqual(recorded?.body.messages, [{ role: 'user', content: 'first question' }]);
  assert.deepEqual(recorded?.body.tools, tools);
  assert.equal(recorded?.body.stream, true);
});

test('an empty queue answers with the unscripted reply', async () => {
  const chunks = await collect();
  assert.equal(chunks.map((c) => c.choices[0]?.delta.content ?? '').join(''), '(mock: no scripted reply)');
});

test('include_usage adds a usage chunk with no choices', async () => {
  const usage = { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 };
  mock.script([{ text: 'ok', usage }]);
  const chunks = await collect({ stream_options: { include_usage: true } });
  const last = chunks.at(-1);
  assert.deepEqual(last?.choices, []);
  assert.deepEqual(last?.usage, usage);
  assert.equal(chunks.at(-2)?.choices[0]?.finish_reason, 'stop');
});

test('a non-streaming request gets a chat.completion with the tool calls whole', async () => {
  mock.script([{ toolCalls: [{ id: 'call_x', name: 'set_symbol', arguments: '{"symbol":"BTCUSDT"}' }] }]);
  const completion = await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }] });
  assert.equal(completion.object, 'chat.completion');
  assert.equal(completion.choices[0]?.finish_reason, 'tool_calls');
  const call = completion.choices[0]?.message.tool_calls?.[0];
  assert.ok(call && call.type === 'function');
  assert.equal(call.id, 'call_x');
  assert.equal(call.function.arguments, '{"symbol":"BTCUSDT"}');
});

test('hangUpAfterChunks breaks the stream mid-way with a network error', async () => {
  mock.script([{ text: 'a long answer that will never finish arriving', hangUpAfterChunks: 3 }]);
  const received: ChatCompletionChunk[] = [];
  await assert.rejects(async () => {
    const stream = await client.chat.completions.create({ model: 'm', messages: [], stream: true });
    for await (const chunk of stream) received.push(chunk);
  });
  assert.equal(received.length, 3);
});

test('chunkDelayMs spaces chunks so a client can stop mid-stream', async () => {
  mock.script([{ text: 'x'.repeat(80), chunkDelayMs: 40 }]);
  const controller = new AbortController();
  const stream = await client.chat.completions.create(
    { model: 'm', messages: [], stream: true },
    { signal: controller.signal },
  );
  const started = Date.now();
  let count = 0;
  // The SDK ends the iteration quietly on abort (no throw); what matters is that no more chunks arrive.
  for await (const _chunk of stream) {
    count += 1;
    if (count === 2) controller.abort();
  }
  assert.equal(count, 2);
  assert.ok(Date.now() - started < 12 * 40, 'the stream should stop well before all 12 chunks were due');
});

test('control endpoints script, list and reset over HTTP with CORS', async () => {
  const base = mock.url.replace(/\/v1$/, '');
  const preflight = await fetch(`${base}/__mock/script`, {
    method: 'OPTIONS',
    headers: {
      Origin: 'http://localhost:8000',
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'content-type, x-stainless-os, authorization',
    },
  });
  assert.equal(preflight.status, 204);
  assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
  assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /x-stainless-os/);

  const scripted = await fetch(`${base}/__mock/script`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify([{ text: 'scripted over http' }]),
  });
  assert.equal(scripted.status, 200);
  const chunks = await collect();
  assert.equal(chunks.map((c) => c.choices[0]?.delta.content ?? '').join(''), 'scripted over http');

  const listed = await fetch(`${base}/__mock/requests`);
  assert.equal(listed.headers.get('access-control-allow-origin'), '*');
  const requests = (await listed.json()) as { path: string; body: { messages: unknown[] } }[];
  assert.equal(requests.length, 1);
  assert.deepEqual(requests[0]?.body.messages, [{ role: 'user', content: 'hi' }]);

  const bad = await fetch(`${base}/__mock/script`, { method: 'POST', body: '{"not":"an array"}' });
  assert.equal(bad.status, 400);

  assert.equal((await fetch(`${base}/__mock/reset`, { method: 'POST' })).status, 200);
  assert.deepEqual(await (await fetch(`${base}/__mock/requests`)).json(), []);
  assert.equal(mock.requests.length, 0);

  const models = await client.models.list();
  assert.deepEqual(
    models.data.map((m) => m.id),
    ['mock-model'],
  );
});
