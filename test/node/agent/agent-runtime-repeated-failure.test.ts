import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { closeMock, lastEvent, ofType, setup } from './harness.js';
import type { MockStep } from '../../mock-model/index.js';

after(closeMock);

// A model that keeps making the same failing call (a tool that does not exist, a call without a
// name) would otherwise loop until max-steps: the run stops after the third identical failure.

const repeat = (step: MockStep, n: number): MockStep[] => Array.from({ length: n }, () => step);

test('an unknown tool called again and again stops the run after 3 identical failures', async () => {
  const { mock, runtime, events, sessionId } = await setup({ maxSteps: 20 });
  mock.script(repeat({ toolCalls: [{ name: 'no_such_tool', arguments: '{"a":1}' }] }, 10));
  assert.equal(await runtime.run(sessionId, { text: 'go' }), 'failed');
  assert.equal(mock.requests.length, 3);
  const end = lastEvent(events);
  assert.equal(end.type, 'run.failed');
  assert.equal(end.code, 'TOOL_LOOP_LIMIT');
  assert.equal(end.cause, 'repeated-tool-failure');
  assert.match(end.message, /no_such_tool/);
  assert.match(end.message, /3 times/);
  assert.equal(ofType(events, 'tool.finished').length, 3);
});

test('a call without a name stops the same way, and says so', async () => {
  const { mock, runtime, events, sessionId } = await setup();
  mock.script(repeat({ toolCalls: [{ name: '', arguments: '{}' }] }, 10));
  assert.equal(await runtime.run(sessionId, { text: 'go' }), 'failed');
  assert.equal(mock.requests.length, 3);
  const end = lastEvent(events);
  assert.equal(end.type === 'run.failed' && end.cause, 'repeated-tool-failure');
  assert.match(end.type === 'run.failed' ? end.message : '', /without a name/);
});

test('a model that corrects itself after two failures completes', async () => {
  const { mock, runtime, sessionId } = await setup();
  mock.script([
    ...repeat({ toolCalls: [{ name: 'no_such_tool', arguments: '{}' }] }, 2),
    { toolCalls: [{ name: 'chart_get_context', arguments: '{}' }] },
    { text: 'done' },
  ]);
  assert.equal(await runtime.run(sessionId, { text: 'go' }), 'completed');
});

test('different failing calls in a row are not a repeat', async () => {
  const { mock, runtime, sessionId } = await setup();
  mock.script([
    { toolCalls: [{ name: 'no_such_tool', arguments: '{"n":1}' }] },
    { toolCalls: [{ name: 'no_such_tool', arguments: '{"n":2}' }] },
    { toolCalls: [{ name: 'other_missing', arguments: '{}' }] },
    { toolCalls: [{ name: 'no_such_tool', arguments: '{"n":1}' }] },
    { text: 'gave up' },
  ]);
  assert.equal(await runtime.run(sessionId, { text: 'go' }), 'completed');
  assert.equal(mock.requests.length, 5);
});
