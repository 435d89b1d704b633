import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseToolArguments, ToolCallAssembler } from '../../../src/agent/tool-call-assembler.js';

test('assembles interleaved fragments by index, id and name from the first fragment', () => {
  const a = new ToolCallAssembler();
  a.add({ index: 0, id: 'call_a', type: 'function', function: { name: 'chart_set_period', arguments: '' } });
  a.add({ index: 1, id: 'call_b', type: 'function', function: { name: 'indicators_add', arguments: '' } });
  a.add({ index: 0, function: { arguments: '{"peri' } });
  a.add({ index: 1, function: { arguments: '{"definitionId"' } });
  a.add({ index: 0, function: { arguments: 'od":"1h"}' } });
  a.add({ index: 1, function: { arguments: ':"MA"}' } });
  assert.deepEqual(
    a.calls(() => 'gen'),
    [
      { id: 'call_a', name: 'chart_set_period', arguments: '{"period":"1h"}' },
      { id: 'call_b', name: 'indicators_add', arguments: '{"definitionId":"MA"}' },
    ],
  );
});

test('a provider reusing index 0 with distinct ids yields distinct calls; missing and repeated ids are fixed', () => {
  const a = new ToolCallAssembler();
  a.add({ index: 0, id: 'x', function: { name: 'one', arguments: '{}' } });
  a.add({ index: 0, id: 'y', function: { name: 'two', arguments: '{}' } });
  a.add({ index: 1, function: { name: 'three', arguments: '{}' } });
  a.add({ index: 2, id: 'x', function: { name: 'four', arguments: '{}' } });
  const ids = a.calls(() => 'generated').map((c) => c.id);
  assert.deepEqual(ids, ['x', 'y', 'generated', 'x_2']);
});

test('parseToolArguments: empty means no arguments, invalid JSON reports the parser message', () => {
  assert.deepEqual(parseToolArguments(''), { ok: true, value: {} });
  assert.deepEqual(parseToolArguments('{"a":1}'), { ok: true, value: { a: 1 } });
  const bad = parseToolArguments('{"a":');
  assert.equal(bad.ok, false);
  assert.ok(!bad.ok && bad.message.length > 0);
});

test('provider extras on a call (Gemini 3 extra_content) are kept and merged across fragments', () => {
  const a = new ToolCallAssembler();
  a.add({
    index: 0,
    id: 'c',
    function: { name: 'n', arguments: '{' },
    extra_content: { google: { thought_signature: 'abc' } },
  } as never);
  a.add({ index: 0, function: { arguments: '}' }, extra_content: { google: { other: 1 } } } as never);
  a.add({ index: 1, id: 'd', function: { name: 'm', arguments: '{}' } });
  assert.deepEqual(
    a.calls(() => 'g'),
    [
      {
        id: 'c',
        name: 'n',
        arguments: '{}',
        extra: { extra_content: { google: { thought_signature: 'abc', other: 1 } } },
      },
      { id: 'd', name: 'm', arguments: '{}' },
    ],
  );
});

test('parseToolArguments unwraps a ```json fence and a JSON string holding the object', () => {
  assert.deepEqual(parseToolArguments('```json\n{"a":1}\n```'), { ok: true, value: { a: 1 } });
  assert.deepEqual(parseToolArguments('"{\\"a\\":2}"'), { ok: true, value: { a: 2 } });
  assert.deepEqual(parseToolArguments('"plain"'), { ok: true, value: 'plain' });
});

test('arguments past the per-call cap: add says so, and nothing of the reply is kept any more', () => {
  const a = new ToolCallAssembler(12, 100);
  assert.equal(a.add({ index: 0, id: 'small', function: { name: 'chart_set_period', arguments: '{}' } }), null);
  assert.equal(a.add({ index: 1, id: 'big', function: { name: 'markers_create', arguments: '{"markers":' } }), null);
  const over = { cause: 'tool-call-too-large', name: 'markers_create' };
  assert.deepEqual(a.add({ index: 1, function: { arguments: '[1,2,3]}' } }), over);
  assert.deepEqual(a.add({ index: 2, id: 'late', function: { name: 'x', arguments: '{}' } }), over, 'still over');
  assert.deepEqual(
    a.calls(() => 'gen'),
    [],
    'no call of a cut reply is kept: none may run',
  );
  assert.deepEqual(a.over, over);
});

test('the reply cap counts the arguments of all calls together', () => {
  const a = new ToolCallAssembler(10, 12);
  assert.equal(
    a.add({ index: 0, id: 'a', function: { name: 'one', arguments: '{"x":1234}' } }),
    null,
    'at the per-call cap',
  );
  assert.deepEqual(a.add({ index: 1, id: 'b', function: { name: 'two', arguments: '{"y":1}' } }), {
    cause: 'tool-call-too-large',
    name: 'two',
  });
});

test('more calls than the per-reply count: too-many-tool-calls at the first call past it', () => {
  const a = new ToolCallAssembler(100, 1000, 3);
  for (let i = 0; i < 3; i++)
    assert.equal(a.add({ index: i, id: `c${i}`, function: { name: 'n', arguments: '{}' } }), null);
  assert.equal(a.add({ index: 2, function: { arguments: ' ' } }), null, 'a fragment of a call already counted');
  assert.deepEqual(a.add({ index: 3, id: 'c3', function: { name: 'n', arguments: '{}' } }), {
    cause: 'too-many-tool-calls',
    name: 'n',
  });
  assert.deepEqual(
    a.calls(() => 'gen'),
    [],
  );
});

test('the default caps keep a 10,000-marker call whole (the largest input a tool accepts)', () => {
  const a = new ToolCallAssembler();
  const markers = Array.from({ length: 10_000 }, (_, i) => ({
    time: '2024-01-02 09:30',
    position: 'above',
    shape: 'circle',
    color: 'rgba(38, 166, 154, 0.85)',
    text: `signal #${i} here`,
  }));
  const text = JSON.stringify({ markers }, null, 2);
  for (let i = 0; i < text.length; i += 8)
    assert.equal(a.add({ index: 0, id: 'm', function: { arguments: text.slice(i, i + 8) } }), null);
  assert.ok(text.length > 1_500_000, `a pretty-printed call is ${text.length} characters`);
  const [call] = a.calls(() => 'gen');
  assert.equal(call.arguments.length, text.length);
});
