import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadedCore, snapshot } from './indicator-fixture.js';

test('a separator drag previews live and records ONE undo step from the pre-drag layout', async () => {
  const core = await loadedCore('VOL,MACD');
  const before = snapshot(core);
  const [, vol, macd] = before.panes;
  const changes: string[] = [];
  core.store.onCommit((c) => changes.push(`${c.name}:${c.undoable}`));
  assert.equal(core.indicators.setPaneWeights({ [vol.id]: 1.2, [macd.id]: 0.8 }, { preview: true }), true);
  assert.equal(core.indicators.setPaneWeights({ [vol.id]: 1.5, [macd.id]: 0.5 }, { preview: true }), true);
  assert.deepEqual(
    core.store.peek('panes').map((p) => p.weight),
    [3, 1.5, 0.5],
    'the preview is visible',
  );
  assert.equal(core.store.history.canUndo, false, 'previews are not recorded');
  assert.equal(core.indicators.setPaneWeights({ [vol.id]: 1.5, [macd.id]: 0.5 }), true);
  assert.deepEqual(
    core.store.peek('panes').map((p) => p.weight),
    [3, 1.5, 0.5],
  );
  assert.equal(core.store.history.undoLabel, 'panes_resize');
  assert.deepEqual(
    changes.filter((c) => c.endsWith(':true')),
    ['panes_resize:true'],
  );
  core.undo();
  assert.deepEqual(snapshot(core), before);
  assert.equal(core.store.history.canUndo, false);
});

test('cancelling a drag preview restores the layout; bad weights and unknown ids are ignored', async () => {
  const core = await loadedCore('VOL');
  const before = snapshot(core);
  const vol = before.panes[1].id;
  core.indicators.setPaneWeights({ [vol]: 2 }, { preview: true });
  core.indicators.cancelPaneWeightsPreview();
  assert.deepEqual(snapshot(core), before);
  assert.equal(core.indicators.setPaneWeights({ [vol]: -1, nope: 4, price: Number.NaN }), false);
  assert.deepEqual(snapshot(core), before);
  assert.equal(core.store.history.canUndo, false);
});

test('movePane reorders indicator panes, keeps price on top, and is one undo step', async () => {
  const core = await loadedCore('VOL,MACD,RSI');
  const before = snapshot(core);
  const ids = before.panes.map((p) => p.id);
  assert.equal(core.indicators.movePane(ids[3], 'up'), true);
  assert.deepEqual(
    core.store.peek('panes').map((p) => p.id),
    [ids[0], ids[1], ids[3], ids[2]],
  );
  assert.equal(core.indicators.movePane(ids[1], 'up'), false, 'cannot pass the price pane');
  assert.equal(core.indicators.movePane('price', 'down'), false);
  assert.equal(core.indicators.movePane(ids[2], 'down'), false, 'already last');
  const result = await core.tools.execute('panes_list', {});
  assert.ok(result.success);
  assert.deepEqual(
    (result.data as { panes: { id: string }[] }).panes.map((p) => p.id),
    [ids[0], ids[1], ids[3], ids[2]],
  );
  assert.equal(core.undo(), 'panes_move');
  assert.deepEqual(snapshot(core), before);
});
