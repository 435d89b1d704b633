import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dataOf, failureOf, loadedCore } from './catalog-fixture.js';
import { highestBar, markRecentHigh, peekRecentHigh, studyRecentHigh } from './recent-high-tools.js';

test('a mutating host tool composes market_bars_query and drawing_create: one drawing at the highest high', async () => {
  const core = await loadedCore();
  const unregister = core.tools.register(markRecentHigh);
  const bars = await core.tools.execute('market_bars_query', { limit: 30 });
  const expected = highestBar(bars.success ? bars.text! : '')!;
  const r = await core.tools.execute('mark_recent_high', { lookback: 30 }, { origin: 'agent' });
  const data = dataOf<{ id: string; drawing: { kind: string; points: { price: number }[] } }>(r);
  assert.ok(r.success && r.stateChanged);
  assert.equal(data.drawing.kind, 'horizontal_line');
  assert.equal(data.drawing.points[0].price, expected.price);
  const listed = dataOf<{ drawings: { id: string }[] }>(await core.tools.execute('drawings_list', {}));
  assert.deepEqual(
    listed.drawings.map((d) => d.id),
    [data.id],
  );
  assert.equal(core.undo(), 'mark_recent_high', 'the step is labelled with the host tool');
  assert.deepEqual(dataOf<{ drawings: unknown[] }>(await core.tools.execute('drawings_list', {})).drawings, []);
  // The description carries the example; the default lookback applies.
  assert.match(
    core.tools.describe().find((t) => t.name === 'mark_recent_high')!.description,
    /Example \(the last 20 bars\): \{"lookback":20\}/,
  );
  assert.ok((await core.tools.execute('mark_recent_high', {})).success);
  unregister();
  assert.equal(failureOf(await core.tools.execute('mark_recent_high', {})).code, 'unknown_tool');
});

test('a host tool with two mutating children is ONE undo step: one undo reverts both, one redo re-applies both', async () => {
  const core = await loadedCore();
  core.tools.register(studyRecentHigh);
  const drawings = async () =>
    dataOf<{ drawings: { id: string }[] }>(await core.tools.execute('drawings_list', {})).drawings.map((d) => d.id);
  const indicators = async () =>
    dataOf<{ active: { instanceId: string; label: string }[] }>(await core.tools.execute('indicators_list', {})).active;
  const indicatorsBefore = await indicators();
  const r = await core.tools.execute('study_recent_high', { lookback: 30 }, { origin: 'agent' });
  const data = dataOf<{ drawing: { id: string }; indicator: { instanceId: string; label: string } }>(r);
  assert.ok(r.success && r.stateChanged);
  // Both children changed the chart.
  assert.deepEqual(await drawings(), [data.drawing.id]);
  assert.deepEqual(
    (await indicators()).map((i) => i.label),
    [...indicatorsBefore.map((i) => i.label), 'MA(30)'],
  );
  const undone = core.undo();
  assert.deepEqual(await drawings(), [], 'the drawing is gone after one undo');
  assert.deepEqual(await indicators(), indicatorsBefore, 'the MA is gone after the same undo');
  assert.equal(undone, 'study_recent_high', 'the step is labelled with the host tool');
  assert.equal(core.store.history.canUndo, false, 'nothing else was recorded');
  assert.equal(core.redo(), 'study_recent_high');
  assert.deepEqual(await drawings(), [data.drawing.id]);
  assert.equal((await indicators()).at(-1)?.label, 'MA(30)');
});

test('a read-only host tool cannot reach its mutating child, and a read-only run cannot reach the mutating host tool', async () => {
  const core = await loadedCore();
  core.tools.register(markRecentHigh);
  core.tools.register(peekRecentHigh);
  const peek = failureOf(await core.tools.execute('peek_recent_high', { lookback: 10 }, { origin: 'agent' }));
  assert.equal(peek.code, 'not_allowed');
  assert.match(peek.message, /drawing_create/);
  const run = failureOf(
    await core.tools.execute('mark_recent_high', { lookback: 10 }, { origin: 'agent', readOnly: true }),
  );
  assert.equal(run.code, 'not_allowed');
  assert.deepEqual(dataOf<{ drawings: unknown[] }>(await core.tools.execute('drawings_list', {})).drawings, []);
  assert.equal(core.store.history.canUndo, false);
});

test('a host tool returning a failed child result fails with the child error (code, action, details)', async () => {
  const core = await loadedCore();
  core.tools.register(markRecentHigh);
  core.setBars({
    time: new Float64Array(0),
    open: new Float64Array(0),
    high: new Float64Array(0),
    low: new Float64Array(0),
    close: new Float64Array(0),
    volume: new Float64Array(0),
    length: 0,
  });
  const r = failureOf(await core.tools.execute('mark_recent_high', { lookback: 5 }));
  assert.equal(r.code, 'no_data');
  assert.equal(failureOf(await core.tools.execute('mark_recent_high', { lookback: 1 })).code, 'invalid_input');
});
