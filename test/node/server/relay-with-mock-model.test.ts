import assert from 'node:assert/strict';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { after, before, test } from 'node:test';
import OpenAI, { APIError } from 'openai';
import { createServer } from '../../../src/server/index.js';
import { startMockModel, type MockModelServer } from '../../mock-model/index.js';

// The whole browser path minus the browser: openai SDK → relay → OpenAI-compatible server.
let mock: MockModelServer;
let relay: http.Server;
let client: OpenAI;

before(async () => {
  mock = await startMockModel();
  relay = createServer({
    rootDir: tmpdir(),
    env: { OPENAI_API_KEY: 'sk-server', OPENAI_BASE_URL: mock.url, OPENAI_MODEL: 'mock-model' },
  });
  await new Promise<void>((resolveListen) => relay.listen(0, '127.0.0.1', resolveListen));
  const port = (relay.address() as AddressInfo).port;
  client = new OpenAI({ baseURL: `http://127.0.0.1:${port}/v1`, apiKey: 'not-a-real-key', maxRetries: 0 });
});

after(async () => {
  relay.closeAllConnections();
  await new Promise((resolveClose) => relay.close(resolveClose));
  await mock.close();
});

test('streamed text and tool calls reach the SDK through the relay intact', async () => {
  mock.reset();
  const args = '{"indicator":"macd","params":{"fast":12,"slow":26,"signal":9}}';
  mock.script([{ text: 'Adding MACD.', toolCalls: [{ id: 'call_1', name: 'add_indicator', arguments: args }] }]);
  // An empty model (the panel before the user picks one) is filled with OPENAI_MODEL by the relay.
  const stream = await client.chat.completions.create({
    model: '',
    messages: [{ role: 'user', content: 'add macd' }],
    stream: true,
  });
  let text = '';
  let toolArgs = '';
  let finish: string | null | undefined;
  for await (const chunk of stream) {
    const choice = chunk.choices[0];
    text += choice?.delta.content ?? '';
    toolArgs += choice?.delta.tool_calls?.[0]?.function?.arguments ?? '';
    finish = choice?.finish_reason ?? finish;
  }
  assert.equal(text, 'Adding MACD.');
  assert.equal(toolArgs, args);
  assert.equal(finish, 'tool_calls');
  const [recorded] = mock.requests;
  assert.equal(recorded?.headers.authorization, 'Bearer sk-server');
  assert.equal(recorded?.body.model, 'mock-model');
});

test('an upstream 429 reaches the SDK as an APIError with its status and Retry-After', async () => {
  mock.reset();
  mock.script([
    { status: 429, headers: { 'retry-after': '3' }, errorBody: { error: { message: 'slow down', type: 'requests' } } },
  ]);
  await assert.rejects(
    client.chat.completions.create({ model: 'mock-model', messages: [], stream: true }),
    (error: unknown) => {
      assert.ok(error instanceof APIError);
      assert.equal(error.status, 429);
      assert.equal(error.headers?.get('retry-after'), '3');
      assert.match(error.message, /slow down/);
      return true;
    },
  );
});
