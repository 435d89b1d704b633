import { test } from 'node:test';
import assert from 'node:assert/strict';
import { barTime, loadedCore, ok, recorded } from './drawing-fixture.js';
import { createDrawing, moveDrawingTo } from '../../../src/core/commands/drawing-edits.js';

const line = (time: number, price: number) => ({ kind: 'horizontal_line', points: [{ time, price }] });

test('undo after each drawing tool restores the exact previous state', async () => {
  const core = await loadedCore();
  const a = await ok<{ id: string }>(core, 'drawing_create', {
    kind: 'rectangle',
    points: [
      { time: barTime(core, -40), price: 40 },
      { time: barTime(core, -30), price: 50 },
    ],
    label: 'box',
  });
  await ok(core, 'drawing_create', line(barTime(core, -5), 52));
  const steps: [string, unknown][] = [
    [
      'drawing_create',
      {
        kind: 'fib_retracement',
        points: [
          { time: barTime(core, -60), price: 30 },
          { time: barTime(core, -35), price: 60 },
        ],
      },
    ],
    ['drawing_update', { id: a.id, style: { color: '#ff0000', width: 3 }, label: 'renamed' }],
    ['drawing_update', { id: a.id, locked: true }],
    ['drawing_delete', { ids: [a.id] }],
    ['drawings_copy', { ids: [a.id], offsetBars: 10 }],
    ['drawings_clear', {}],
    ['chart_set_selection', { from: barTime(core, -20), to: barTime(core, -2) }],
  ];
  for (const [name, input] of steps) {
    const before = recorded(core);
    await ok(core, name, input);
    assert.notDeepEqual(recorded(core), before, `${name} changed something`);
    const label = core.undo();
    assert.equal(label, name);
    assert.deepEqual(recorded(core), before, `undo of ${name} restores the previous state exactly`);
  }
});

test('a copied group is one undo step, and redo brings the whole group back', async () => {
  const core = await loadedCore();
  const ids: string[] = [];
  for (const p of [40, 45, 50])
    ids.push((await ok<{ id: string }>(core, 'drawing_create', line(barTime(core, -5), p))).id);
  const before = recorded(core);
  const { ids: copies } = await ok<{ ids: string[] }>(core, 'drawings_copy', { ids, offsetPrice: 1 });
  assert.equal(copies.length, 3);
  assert.equal(core.drawings.current().length, 6);
  assert.equal(core.undo(), 'drawings_copy');
  assert.deepEqual(recorded(core), before);
  assert.deepEqual(core.store.peek('drawingSelection'), [], 'undone copies leave the selection');
  assert.equal(core.store.history.undoLabel, 'drawing_create', 'the three creates are still three steps below');
  core.redo();
  assert.deepEqual(
    core.drawings
      .current()
      .slice(3)
      .map((d) => d.id),
    copies,
  );
});

test('a drag (moveDrawing) is one undo step and a pointer-placed drawing may lie beyond the data', async () => {
  const core = await loadedCore();
  const future = barTime(core, -1) + 5 * 86_400_000;
  const d = createDrawing(core.drawings, {
    kind: 'trend_line',
    points: [
      { time: barTime(core, -10), price: 40 },
      { time: future, price: 50 },
    ],
  });
  assert.deepEqual(core.store.peek('drawingSelection'), [d.id], 'a placed drawing is selected');
  const before = recorded(core);
  assert.equal(
    moveDrawingTo(core.drawings, d.id, [
      { time: barTime(core, -9), price: 41 },
      { time: future, price: 51 },
    ]),
    true,
  );
  assert.equal(core.store.history.undoLabel, 'drawing_move');
  core.undo();
  assert.deepEqual(recorded(core), before);
  assert.throws(
    () => createDrawing(core.drawings, { kind: 'trend_line', points: [{ time: future, price: 1 }] }),
    /needs exactly 2 points/,
  );
});

test("undo after a symbol switch keeps the other symbol's drawings intact", async () => {
  const core = await loadedCore();
  await ok(core, 'drawing_create', line(barTime(core, -5), 50));
  await ok(core, 'drawing_create', line(barTime(core, -6), 51));
  const demo = structuredClone(core.store.peek('drawings')['sample:DEMO']);
  await ok(core, 'chart_set_symbol', { symbol: 'BTCUSDT' });
  assert.equal(core.context.get()!.symbol, 'BTCUSDT');
  assert.deepEqual(core.drawings.current(), [], 'BTC starts without drawings');
  await ok(core, 'drawing_create', line(barTime(core, -3), 30000));
  const btc = structuredClone(core.store.peek('drawings')['sample:BTCUSDT']);
  // Undo the BTC drawing, then the switch itself: DEMO's drawings come back untouched.
  assert.equal((await ok<{ undone: string }>(core, 'history_undo', {})).undone, 'drawing_create');
  assert.deepEqual(core.store.peek('drawings')['sample:BTCUSDT'] ?? [], []);
  assert.deepEqual(core.store.peek('drawings')['sample:DEMO'], demo);
  assert.equal((await ok<{ undone: string }>(core, 'history_undo', {})).undone, 'chart_set_symbol');
  assert.equal(core.store.peek('series')!.instrument.symbol, 'DEMO', 'the series followed the target back');
  assert.deepEqual(core.drawings.current(), demo);
  // Redo both: BTC's drawing returns, DEMO's are still exactly the same.
  await ok(core, 'history_redo', {});
  await ok(core, 'history_redo', {});
  assert.equal(core.store.peek('series')!.instrument.symbol, 'BTCUSDT');
  assert.deepEqual(core.drawings.current(), btc);
  assert.deepEqual(core.store.peek('drawings')['sample:DEMO'], demo);
});

test('undoing a DEMO drawing while BTC is shown (switched without history) only touches DEMO', async () => {
  const core = await loadedCore();
  await ok(core, 'drawing_create', line(barTime(core, -5), 50));
  const { id } = await ok<{ id: string }>(core, 'drawing_create', line(barTime(core, -6), 51));
  await core.loadTarget({ symbol: 'BTCUSDT', period: '1d', sourceId: 'sample' }, null);
  await ok(core, 'drawing_create', line(barTime(core, -3), 30000));
  const btc = structuredClone(core.store.peek('drawings')['sample:BTCUSDT']);
  core.undo(); // the BTC drawing
  core.undo(); // DEMO's second line, while BTC is on screen
  assert.deepEqual(core.store.peek('drawings')['sample:BTCUSDT'] ?? [], []);
  assert.equal(core.store.peek('drawings')['sample:DEMO'].length, 1);
  assert.ok(!core.store.peek('drawings')['sample:DEMO'].some((d) => d.id === id));
  core.redo();
  core.redo();
  assert.deepEqual(core.store.peek('drawings')['sample:BTCUSDT'], btc);
  assert.equal(core.store.peek('drawings')['sample:DEMO'].length, 2);
});
