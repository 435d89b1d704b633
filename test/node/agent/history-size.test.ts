import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { AgentRuntime, createMemorySessionStore } from '../../../src/agent/index.js';
import {
  fitToBudget,
  jsonStringBytes,
  MAX_ARGUMENTS_BYTES,
  MAX_HISTORY_BYTES,
  MAX_MESSAGE_BYTES,
  messagesBytes,
  type ChatMessage,
} from '../../../src/agent/build-history.js';
import { createServer } from '../../../src/server/index.js';
import { startMockModel, type MockModelServer } from '../../mock-model/index.js';
import { createFakePort } from './fake-port.js';

const MiB = 1024 * 1024;

test('one huge tool-call argument becomes a small valid JSON object noting the trim', () => {
  const huge = JSON.stringify({ note: 'x'.repeat(MiB) });
  const fitted = fitToBudget(
    [
      { role: 'system', content: 'sys' },
      { role: 'user', content: 'q' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'a', type: 'function', function: { name: 't', arguments: huge } }],
      },
      { role: 'tool', tool_call_id: 'a', content: '{"success":true}' },
    ],
    1_000_000,
  );
  const call = (fitted[2] as Extract<ChatMessage, { role: 'assistant' }>).tool_calls![0];
  const parsed = JSON.parse(call.function.arguments) as { _trimmed: string };
  assert.match(parsed._trimmed, new RegExp(`^${jsonStringBytes(huge)} bytes of arguments were removed`));
  assert.ok(call.function.arguments.length < MAX_ARGUMENTS_BYTES);
  assert.equal(fitted[3].role, 'tool', 'the call still has its answer');
});

test('a huge text keeps its last part after a [trimmed N bytes] marker; multi-byte text is measured in bytes', () => {
  const text = `START${'价'.repeat(200_000)}END`; // 600 KB of UTF-8 in 200 000 characters
  const [, user] = fitToBudget(
    [
      { role: 'system', content: 's' },
      { role: 'user', content: text },
    ],
    10_000_000,
  ) as { content: string }[];
  assert.match(user.content, /^\[trimmed \d+ bytes\] 价+END$/);
  assert.ok(jsonStringBytes(user.content) <= MAX_MESSAGE_BYTES);
  const removed = Number(/\[trimmed (\d+) bytes\]/.exec(user.content)![1]);
  assert.equal(removed + jsonStringBytes(user.content.slice(user.content.indexOf('] ') + 2)), jsonStringBytes(text));
  // Control characters are escaped to six bytes each in the body: they count as such.
  const nul = '\u0000'.repeat(100_000);
  const [, n] = fitToBudget(
    [
      { role: 'system', content: 's' },
      { role: 'user', content: nul },
    ],
    10_000_000,
  ) as { content: string }[];
  assert.ok(Buffer.byteLength(JSON.stringify(n.content)) <= MAX_MESSAGE_BYTES + 2);
});

test('many large turns: the oldest whole turns are dropped until the history fits, and every tool call keeps its answer', () => {
  const messages: ChatMessage[] = [{ role: 'system', content: 'sys' }];
  for (let i = 0; i < 40; i++) {
    messages.push({ role: 'user', content: `q${i} ${'y'.repeat(60_000)}` });
    messages.push({
      role: 'assistant',
      content: null,
      tool_calls: [
        {
          id: `c${i}`,
          type: 'function',
          function: { name: 't', arguments: JSON.stringify({ v: 'z'.repeat(15_000) }) },
        },
      ],
    });
    messages.push({ role: 'tool', tool_call_id: `c${i}`, content: 'w'.repeat(60_000) });
  }
  const fitted = fitToBudget(messages, Number.MAX_SAFE_INTEGER);
  assert.ok(messagesBytes(fitted) <= MAX_HISTORY_BYTES);
  assert.equal(fitted[0].role, 'system');
  assert.equal(fitted[1].role, 'user');
  assert.match((fitted[fitted.length - 3] as { content: string }).content, /^q39 /);
  const callIds = fitted.flatMap((m) => (m.role === 'assistant' ? (m.tool_calls?.map((c) => c.id) ?? []) : []));
  const answered = new Set(fitted.flatMap((m) => (m.role === 'tool' ? [m.tool_call_id] : [])));
  assert.ok(callIds.every((id) => answered.has(id)));
});

// Through the real relay (1 MiB body limit) to the mock model.
let mock: MockModelServer;
let relay: http.Server;
let relayUrl: string;

before(async () => {
  mock = await startMockModel();
  relay = createServer({
    rootDir: tmpdir(),
    env: { OPENAI_API_KEY: 'sk-server', OPENAI_BASE_URL: mock.url, OPENAI_MODEL: 'mock-model' },
    log: () => undefined,
  });
  await new Promise<void>((resolveListen) => relay.listen(0, '127.0.0.1', resolveListen));
  relayUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}/v1`;
});

after(async () => {
  relay.closeAllConnections();
  await new Promise((resolveClose) => relay.close(resolveClose));
  await mock.close();
});

test('a 1 MB tool argument does not brick the session: every later request stays under the relay limit', async () => {
  mock.reset();
  const store = createMemorySessionStore();
  const runtime = new AgentRuntime({ baseURL: relayUrl, store, retry: { baseDelayMs: 1 } });
  runtime.setPort(createFakePort());
  const { id } = await store.createSession('big');
  mock.script([
    { toolCalls: [{ name: 'chart_get_context', arguments: JSON.stringify({ note: 'n'.repeat(MiB) }) }] },
    { text: 'Done looking.' },
    { text: 'Second answer.' },
  ]);
  assert.equal(await runtime.run(id, { text: 'look' }), 'completed');
  assert.equal(await runtime.run(id, { text: 'and again' }), 'completed');
  assert.equal(mock.requests.length, 3);
  for (const request of mock.requests) assert.ok(Buffer.byteLength(JSON.stringify(request.body)) < MiB);
  const events = await store.readEvents(id);
  assert.equal(events.filter((e) => e.type === 'run.completed').length, 2);
});

test('tool arguments nested 5,000 levels deep do not crash the run: stored cut at 64 levels, the run completes', async () => {
  mock.reset();
  const store = createMemorySessionStore();
  const runtime = new AgentRuntime({ baseURL: relayUrl, store, retry: { baseDelayMs: 1 } });
  runtime.setPort(createFakePort());
  const { id } = await store.createSession('deep');
  const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
  mock.script([{ toolCalls: [{ name: 'chart_get_context', arguments: deep }] }, { text: 'Survived.' }]);
  assert.equal(await runtime.run(id, { text: 'deep' }), 'completed');
  const started = (await store.readEvents(id)).find((e) => e.type === 'tool.started');
  assert.ok(started && started.type === 'tool.started');
  assert.match(JSON.stringify(started.input), /"\[nested too deep\]"/);
});
