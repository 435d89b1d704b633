import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { closeMock, setup } from './harness.js';

after(closeMock);

test("with sessionHeader every model request names the chat in x-kline-session (the relay's per-chat budget)", async () => {
  const { mock, runtime, sessionId } = await setup({ sessionHeader: true });
  mock.script([{ toolCalls: [{ name: 'chart_get_context', arguments: '{}' }] }, { text: 'Done.' }]);
  assert.equal(await runtime.run(sessionId, { text: 'Look' }), 'completed');
  const requests = mock.requests;
  assert.equal(requests.length, 2);
  for (const request of requests) assert.equal(request.headers['x-kline-session'], sessionId);
});

test('by default a base URL on another origin (here: no page at all) gets no x-kline-session header', async () => {
  const { mock, runtime, sessionId } = await setup();
  mock.script([{ text: 'Hi.' }]);
  assert.equal(await runtime.run(sessionId, { text: 'Hello' }), 'completed');
  assert.equal(mock.requests[0].headers['x-kline-session'], undefined);
});
