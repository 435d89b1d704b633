import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { reduceTranscript } from '../../../src/agent/index.js';
import { buildHistory, fitToBudget, jsonStringBytes, trimmedArguments } from '../../../src/agent/build-history.js';
import type { AgentEvent } from '../../../src/protocol/index.js';
import { coreRuntime } from './core-runtime.js';
import { closeMock, ofType } from './harness.js';

after(closeMock);

// A call of 10,000 markers stored its whole input (≈ 1 MB) in the session's `tool.started` event: in
// IndexedDB, and read back on every reload. The session now stores a shortened copy of an input over
// 16 KiB with the whole size (`inputBytes`); the tool still gets everything, the card shows the copy
// and says it is one, and the model after a reload gets the note it got before.

const COUNT = 10_000;

function markersInput(times: ArrayLike<number>) {
  return {
    markers: Array.from({ length: COUNT }, (_, i) => ({
      time: times[i % times.length],
      position: i % 2 ? 'above' : 'below',
      shape: 'circle',
      text: `signal #${i}`,
    })),
  };
}

test('a huge tool input: the tool gets all of it, the session stores a bounded copy and its size', async () => {
  const { mock, store, sessionId, core, runtime, shown } = await coreRuntime();
  const args = JSON.stringify(markersInput(core.store.peek('series')!.bars.time));
  assert.ok(args.length > 500_000, `${args.length} characters of arguments`);
  mock.script([{ toolCalls: [{ name: 'markers_create', arguments: args }] }, { text: 'Marked.' }]);
  assert.equal(await runtime.run(sessionId, { text: 'mark every bar' }), 'completed');

  // The tool got every marker; this tab's event holds the whole input.
  assert.equal(Object.values(core.store.peek('markers')).flat().length, COUNT);
  const [live] = ofType(shown, 'tool.started');
  assert.equal((live.input as { markers: unknown[] }).markers.length, COUNT);
  assert.equal(live.inputBytes, undefined);

  // The session: at most 16 KiB of JSON of it, and the whole size.
  const stored = await store.readEvents(sessionId);
  const [kept] = ofType(stored, 'tool.started');
  const keptChars = JSON.stringify(kept).length;
  assert.ok(keptChars < 17_000, `tool.started stores ${keptChars} characters`);
  assert.equal(kept.inputBytes, jsonStringBytes(args));
  const markers = (kept.input as { markers: unknown[] }).markers;
  assert.equal(markers.length, 11);
  assert.deepEqual(markers[0], JSON.parse(args).markers[0]);
  assert.equal(markers[10], `… ${COUNT - 10} more`);

  // After a reload: the card shows the copy and knows it is one; the model gets what it got before.
  const card = reduceTranscript(stored).find((i) => i.kind === 'tool');
  assert.ok(card && card.kind === 'tool');
  assert.equal(card.inputBytes, jsonStringBytes(args));
  assert.deepEqual(card.input, kept.input);
  const call = (history: ReturnType<typeof buildHistory>) =>
    history.flatMap((m) => (m.role === 'assistant' ? (m.tool_calls ?? []) : []))[0].function.arguments;
  const reloaded = call(fitToBudget(buildHistory(stored), 1e9));
  assert.equal(reloaded, trimmedArguments(jsonStringBytes(args)));
  assert.equal(reloaded, call(fitToBudget(buildHistory(shown), 1e9)));
});

test('a session stored before (the whole input in tool.started) still reads: the card shows the same bounded copy', () => {
  const input = markersInput([1_700_000_000_000]);
  const old: AgentEvent[] = [
    { type: 'run.started', readOnly: false, seq: 1, sessionId: 's', at: 1, runId: 'r' },
    { type: 'tool.started', callId: 'c1', name: 'markers_create', input, seq: 2, sessionId: 's', at: 2, runId: 'r' },
  ];
  const card = reduceTranscript(old).find((i) => i.kind === 'tool');
  assert.ok(card && card.kind === 'tool');
  assert.equal(card.inputBytes, jsonStringBytes(JSON.stringify(input)));
  assert.equal((card.input as { markers: unknown[] }).markers.length, 11);
  // A small input is kept whole, with no size.
  const small = reduceTranscript([
    {
      type: 'tool.started',
      callId: 'c2',
      name: 'chart_set_symbol',
      input: { symbol: 'X' },
      seq: 1,
      sessionId: 's',
      at: 1,
    },
  ]).find((i) => i.kind === 'tool');
  assert.ok(small && small.kind === 'tool');
  assert.deepEqual(small.input, { symbol: 'X' });
  assert.equal(small.inputBytes, undefined);
});
