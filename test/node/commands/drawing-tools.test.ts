import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DRAWING_KINDS, DRAWING_POINT_COUNTS } from '../../../src/core/drawings/index.js';
import { barTime, fails, loadedCore, ok, run } from './drawing-fixture.js';
import { moveDrawingTo } from '../../../src/core/commands/drawing-edits.js';

const DAY = 86_400_000;

test('drawing_create accepts a market date and stores the drawing on the current instrument', async () => {
  const core = await loadedCore();
  const t = barTime(core, -10);
  const day = new Date(t).toISOString().slice(0, 10);
  const data = await ok<{ id: string; drawing: { points: { time: number; timeText: string }[] } }>(
    core,
    'drawing_create',
    {
      kind: 'horizontal_line',
      points: [{ time: day, price: 55.5 }],
      style: { color: 'red', width: 2 },
      label: 'Resistance',
    },
  );
  const list = core.store.peek('drawings')['sample:DEMO'];
  assert.equal(list.length, 1);
  assert.deepEqual(list[0], {
    id: data.id,
    kind: 'horizontal_line',
    points: [{ time: t, price: 55.5 }],
    paneId: 'price',
    style: { color: 'red', width: 2, dash: 'solid' },
    locked: false,
    z: 1,
    label: 'Resistance',
  });
  assert.match(data.drawing.points[0].timeText, new RegExp(`^${day}`), 'output time in the market timezone');
});

test('drawing_create accepts every kind with its point count', async () => {
  const core = await loadedCore();
  for (const kind of DRAWING_KINDS) {
    const points = Array.from({ length: DRAWING_POINT_COUNTS[kind] }, (_, i) => ({
      time: barTime(core, -20 + 5 * i),
      price: 50 + i,
    }));
    await ok(core, 'drawing_create', { kind, points });
  }
  const kinds = core.drawings.current().map((d) => d.kind);
  assert.deepEqual(kinds, [...DRAWING_KINDS]);
  const zs = core.drawings.current().map((d) => d.z);
  assert.deepEqual(
    zs,
    zs.slice().sort((a, b) => a - b),
    'later drawings on top',
  );
  assert.equal(new Set(core.drawings.current().map((d) => d.id)).size, DRAWING_KINDS.length, 'unique ids');
});

test('drawing_create names an unknown pane and lists the existing ones', async () => {
  const core = await loadedCore();
  const error = await fails(core, 'drawing_create', {
    kind: 'horizontal_line',
    points: [{ time: barTime(core, -1), price: 1 }],
    paneId: 'macd-9',
  });
  assert.equal(error.code, 'not_found');
  assert.equal(error.details?.[0].path, 'paneId');
  assert.match(error.details[0].reason, /price/);
  assert.match(error.message, /macd-9/);
  assert.deepEqual(core.store.peek('drawings'), {}, 'nothing created');
});

test('drawing_create rejects a time outside the loaded data and states the valid range in the market timezone', async () => {
  const core = await loadedCore();
  const first = barTime(core, 0);
  const firstDay = new Date(first).toISOString().slice(0, 10);
  const lastDay = new Date(barTime(core, -1)).toISOString().slice(0, 10);
  const error = await fails(core, 'drawing_create', {
    kind: 'trend_line',
    points: [
      { time: barTime(core, 5), price: 1 },
      { time: first - 30 * DAY, price: 2 },
    ],
  });
  assert.equal(error.code, 'out_of_range');
  assert.equal(error.details?.[0].path, 'points[1].time');
  assert.ok(error.message.includes(firstDay) && error.message.includes(lastDay), error.message);
  assert.match(error.message, /America\/New_York/);
  const future = await fails(core, 'drawing_create', {
    kind: 'text',
    points: [{ time: barTime(core, -1) + 40 * DAY, price: 1 }],
    label: 'x',
  });
  assert.equal(future.code, 'out_of_range');
  assert.equal(future.details?.[0].path, 'points[0].time');
});

test('drawing_create rejects the wrong number of points for the kind', async () => {
  const core = await loadedCore();
  const error = await fails(core, 'drawing_create', {
    kind: 'parallel_channel',
    points: [
      { time: barTime(core, -5), price: 1 },
      { time: barTime(core, -2), price: 2 },
    ],
  });
  assert.equal(error.code, 'invalid_input');
  assert.equal(error.details?.[0].path, 'points');
  assert.match(error.details[0].reason, /parallel_channel needs 3 points/);
  assert.match(error.details[0].reason, /got 2/);
  const bad = await fails(core, 'drawing_create', {
    kind: 'triangle',
    points: [{ time: barTime(core, -5), price: 1 }],
  });
  assert.equal(bad.code, 'invalid_input');
  assert.equal(bad.details?.[0].path, 'kind');
  const color = await fails(core, 'drawing_create', {
    kind: 'horizontal_line',
    points: [{ time: barTime(core, -5), price: 1 }],
    style: { color: 'url(javascript:1)' },
  });
  assert.equal(color.code, 'invalid_input');
  assert.equal(color.details?.[0].path, 'style.color');
});

test('drawing_create without data fails with no_data', async () => {
  const { ChartCore } = await import('../../../src/core/commands/chart-core.js');
  const core = new ChartCore({ chartId: 'empty' });
  const error = await fails(core, 'drawing_create', { kind: 'horizontal_line', points: [{ time: 0, price: 1 }] });
  assert.equal(error.code, 'no_data');
});

test('drawing_update changes points, merges style, sets and removes the label, and returns the previous values', async () => {
  const core = await loadedCore();
  const { id } = await ok<{ id: string }>(core, 'drawing_create', {
    kind: 'trend_line',
    points: [
      { time: barTime(core, -30), price: 40 },
      { time: barTime(core, -10), price: 45 },
    ],
    label: 'up',
  });
  const data = await ok<{ previous: { points: unknown; style: unknown; label: string } }>(core, 'drawing_update', {
    id,
    points: [
      { time: barTime(core, -20), price: 41 },
      { time: barTime(core, -5), price: 47 },
    ],
    style: { dash: 'dashed' },
    label: '',
  });
  assert.deepEqual(data.previous.points, [
    { time: barTime(core, -30), price: 40 },
    { time: barTime(core, -10), price: 45 },
  ]);
  assert.equal(data.previous.label, 'up');
  const d = core.drawings.current()[0];
  assert.deepEqual(d.points, [
    { time: barTime(core, -20), price: 41 },
    { time: barTime(core, -5), price: 47 },
  ]);
  assert.deepEqual(d.style, { color: '#2962ff', width: 1, dash: 'dashed' });
  assert.equal('label' in d, false, 'empty label removes it');
  const count = await fails(core, 'drawing_update', { id, points: [{ time: barTime(core, -20), price: 41 }] });
  assert.equal(count.code, 'invalid_input');
  assert.match(count.details![0].reason, /trend_line needs 2 points/);
  const missing = await fails(core, 'drawing_update', { id: 'nope', label: 'x' });
  assert.equal(missing.code, 'not_found');
  assert.equal(missing.details?.[0].path, 'id');
});

test('a locked drawing refuses drawing_update unless the call unlocks it', async () => {
  const core = await loadedCore();
  const { id } = await ok<{ id: string }>(core, 'drawing_create', {
    kind: 'horizontal_line',
    points: [{ time: barTime(core, -3), price: 50 }],
  });
  await ok(core, 'drawing_update', { id, locked: true });
  const before = core.drawings.current()[0];
  const error = await fails(core, 'drawing_update', { id, style: { color: 'green' } });
  assert.equal(error.code, 'not_allowed');
  assert.match(error.message, /locked/);
  assert.equal(error.details?.[0].path, 'locked');
  assert.match(error.recommendedAction ?? '', /locked: false/);
  assert.equal(core.drawings.current()[0], before, 'unchanged');
  assert.equal(
    moveDrawingTo(core.drawings, id, [{ time: barTime(core, -3), price: 60 }]),
    false,
    'a drag does not move it either',
  );
  await ok(core, 'drawing_update', { id, locked: false, style: { color: 'green' } });
  assert.equal(core.drawings.current()[0].style.color, 'green');
  assert.equal(core.drawings.current()[0].locked, false);
});

test('drawing_delete removes the listed drawings, and an unknown id deletes nothing', async () => {
  const core = await loadedCore();
  const a = await ok<{ id: string }>(core, 'drawing_create', {
    kind: 'horizontal_line',
    points: [{ time: barTime(core, -3), price: 50 }],
  });
  const b = await ok<{ id: string }>(core, 'drawing_create', {
    kind: 'vertical_line',
    points: [{ time: barTime(core, -3), price: 50 }],
  });
  const error = await fails(core, 'drawing_delete', { ids: [a.id, 'ghost'] });
  assert.equal(error.code, 'not_found');
  assert.equal(error.details?.[0].path, 'ids[1]');
  assert.equal(core.drawings.current().length, 2);
  core.drawings.select([a.id, b.id]);
  await ok(core, 'drawing_delete', { ids: [a.id] });
  assert.deepEqual(
    core.drawings.current().map((d) => d.id),
    [b.id],
  );
  assert.deepEqual(core.store.peek('drawingSelection'), [b.id], 'deleted ids leave the selection');
});

test('drawings_copy shifts by bars and price, selects the copies and returns their ids', async () => {
  const core = await loadedCore();
  const a = await ok<{ id: string }>(core, 'drawing_create', {
    kind: 'trend_line',
    points: [
      { time: barTime(core, -30), price: 40 },
      { time: barTime(core, -20), price: 45 },
    ],
  });
  const data = await ok<{ ids: string[] }>(core, 'drawings_copy', { ids: [a.id], offsetBars: 3, offsetPrice: 2 });
  assert.equal(data.ids.length, 1);
  assert.notEqual(data.ids[0], a.id);
  const copy = core.drawings.current().find((d) => d.id === data.ids[0])!;
  assert.deepEqual(copy.points, [
    { time: barTime(core, -27), price: 42 },
    { time: barTime(core, -17), price: 47 },
  ]);
  assert.ok(copy.z > core.drawings.current()[0].z, 'copy on top');
  assert.deepEqual(core.store.peek('drawingSelection'), data.ids);
  const error = await fails(core, 'drawings_copy', { ids: ['nope'] });
  assert.equal(error.code, 'not_found');
});

test("drawings_clear removes only the current instrument's drawings; drawings_list lists them", async () => {
  const core = await loadedCore();
  await ok(core, 'drawing_create', {
    kind: 'horizontal_line',
    points: [{ time: barTime(core, -3), price: 50 }],
    label: 'L',
  });
  const listed = await ok<{
    drawings: { id: string; kind: string; label?: string; points: { timeText: string }[] }[];
    selectedIds: string[];
  }>(core, 'drawings_list', {});
  assert.equal(listed.drawings.length, 1);
  assert.equal(listed.drawings[0].kind, 'horizontal_line');
  assert.equal(listed.drawings[0].label, 'L');
  assert.match(listed.drawings[0].points[0].timeText, /^\d{4}-\d{2}-\d{2}/);
  const cleared = await run(core, 'drawings_clear', {});
  assert.ok(cleared.success && cleared.stateChanged);
  assert.deepEqual(core.drawings.current(), []);
  const again = await run(core, 'drawings_clear', {});
  assert.ok(again.success && !again.stateChanged, 'clearing nothing changes nothing');
});

test('chart_set_selection sets the range, the context summarises it, and clear removes it', async () => {
  const core = await loadedCore();
  const from = barTime(core, -10);
  const to = barTime(core, -6);
  const data = await ok<{ selection: { bars: number; high: number; fromText: string } }>(core, 'chart_set_selection', {
    from,
    to,
  });
  assert.equal(data.selection.bars, 5);
  const bars = core.store.peek('series')!.bars;
  const n = bars.length;
  const high = Math.max(...Array.from(bars.high.subarray(n - 10, n - 5)));
  assert.equal(data.selection.high, high);
  assert.deepEqual(core.store.peek('selection'), { from, to });
  assert.equal(core.context.get()!.selection!.high, high);
  const error = await fails(core, 'chart_set_selection', { from: '1990-01-01', to: '1990-02-01' });
  assert.equal(error.code, 'out_of_range');
  assert.match(error.message, /loaded data covers/);
  const order = await fails(core, 'chart_set_selection', { from: to, to: from });
  assert.equal(order.code, 'invalid_input');
  const half = await fails(core, 'chart_set_selection', { from });
  assert.equal(half.details?.[0].path, 'to');
  await ok(core, 'chart_set_selection', { clear: true });
  assert.equal(core.store.peek('selection'), null);
  assert.equal(core.context.get()!.selection, null);
});

test('history_undo and history_redo return the step name; an empty history is no_data', async () => {
  const core = await loadedCore();
  const empty = await fails(core, 'history_undo', {});
  assert.equal(empty.code, 'no_data');
  assert.match(empty.message, /Nothing to undo/);
  await ok(core, 'drawing_create', { kind: 'horizontal_line', points: [{ time: barTime(core, -3), price: 50 }] });
  const undone = await ok<{ undone: string; canRedo: boolean }>(core, 'history_undo', {});
  assert.equal(undone.undone, 'drawing_create');
  assert.equal(undone.canRedo, true);
  assert.deepEqual(core.drawings.current(), []);
  const redone = await ok<{ redone: string }>(core, 'history_redo', {});
  assert.equal(redone.redone, 'drawing_create');
  assert.equal(core.drawings.current().length, 1);
  assert.equal((await fails(core, 'history_redo', {})).code, 'no_data');
});

test('a read-only run may list drawings but not create them', async () => {
  const core = await loadedCore();
  const listed = await core.tools.execute('drawings_list', {}, { origin: 'agent', readOnly: true });
  assert.ok(listed.success);
  const created = await core.tools.execute(
    'drawing_create',
    { kind: 'horizontal_line', points: [{ time: barTime(core, -3), price: 50 }] },
    { origin: 'agent', readOnly: true },
  );
  assert.ok(!created.success && created.error.code === 'not_allowed');
});
