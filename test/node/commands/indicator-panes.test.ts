import { test } from 'node:test';
import assert from 'node:assert/strict';
import { failureOf, loadedCore, snapshot, successOf } from './indicator-fixture.js';
import { MAX_PANES, MAX_STUDIES } from '../../../src/core/commands/indicator-commands.js';
import { installPanePreview } from '../../../src/core/commands/pane-preview.js';

// The separators' drag installs its preview when its chunk loads (components/kline-chart/pane-separator-drag.ts).
installPanePreview();

const weightsOf = (core: Awaited<ReturnType<typeof loadedCore>>) => core.store.peek('panes').map((p) => p.weight);
const idsOf = (core: Awaited<ReturnType<typeof loadedCore>>) => core.store.peek('panes').map((p) => p.id);

test('pane_resize sets weights as one undo step; undo restores the layout, redo re-applies it', async () => {
  const core = await loadedCore('VOL,MACD');
  const before = snapshot(core);
  const [, vol, macd] = before.panes;
  const r = successOf(await core.tools.execute('pane_resize', { weights: { price: 4, [macd.id]: 2 } }));
  assert.equal(r.stateChanged, true);
  assert.deepEqual(weightsOf(core), [4, vol.weight, 2]);
  assert.deepEqual(
    (r.data as { panes: { id: string; heightShare: number }[] }).panes.map((p) => [p.id, p.heightShare]),
    [
      ['price', 0.571],
      [vol.id, 0.143],
      [macd.id, 0.286],
    ],
  );
  assert.match(r.text ?? '', /price weight=4 \(57%\)/);
  assert.equal(core.undo(), 'pane_resize');
  assert.deepEqual(snapshot(core), before);
  assert.equal(core.store.history.canUndo, false);
  assert.equal(core.redo(), 'pane_resize');
  assert.deepEqual(weightsOf(core), [4, vol.weight, 2]);
  // The same weights again change nothing and record nothing.
  const same = successOf(await core.tools.execute('pane_resize', { weights: { price: 4 } }));
  assert.equal(same.stateChanged, false);
  core.undo();
  assert.equal(core.store.history.canUndo, false);
});

test('pane_resize refuses unknown panes, out-of-range weights and an empty map with clear errors, changing nothing', async () => {
  const core = await loadedCore('VOL');
  const before = snapshot(core);
  const vol = before.panes[1].id;
  const unknown = failureOf(await core.tools.execute('pane_resize', { weights: { price: 2, 'pane-nope': 1 } }));
  assert.equal(unknown.code, 'not_found');
  assert.match(unknown.message, /'pane-nope'/);
  assert.deepEqual(unknown.details, [{ path: 'weights', reason: `expected pane ids among price, ${vol}` }]);
  const zero = failureOf(await core.tools.execute('pane_resize', { weights: { [vol]: 0 } }));
  assert.equal(zero.code, 'invalid_input');
  assert.deepEqual(
    zero.details?.map((d) => d.path),
    [`weights.${vol}`],
  );
  const notNumber = failureOf(await core.tools.execute('pane_resize', { weights: { [vol]: 'big' } }));
  assert.equal(notNumber.code, 'invalid_input');
  const empty = failureOf(await core.tools.execute('pane_resize', { weights: {} }));
  assert.equal(empty.code, 'invalid_input');
  assert.match(empty.recommendedAction ?? '', /pane ids: price, /);
  assert.deepEqual(snapshot(core), before);
  assert.equal(core.store.history.canUndo, false);
});

test('a separator drag previews live and pane_resize records ONE undo step from the pre-drag layout', async () => {
  const core = await loadedCore('VOL,MACD');
  const before = snapshot(core);
  const [, vol, macd] = before.panes;
  const changes: string[] = [];
  core.store.onCommit((c) => changes.push(`${c.name}:${c.undoable}`));
  assert.equal(core.panes.previewWeights({ [vol.id]: 1.2, [macd.id]: 0.8 }), true);
  assert.equal(core.panes.previewWeights({ [vol.id]: 1.5, [macd.id]: 0.5 }), true);
  assert.deepEqual(weightsOf(core), [3, 1.5, 0.5], 'the preview is visible');
  assert.equal(core.store.history.canUndo, false, 'previews are not recorded');
  successOf(await core.tools.execute('pane_resize', { weights: { [vol.id]: 1.5, [macd.id]: 0.5 } }));
  assert.deepEqual(weightsOf(core), [3, 1.5, 0.5]);
  assert.equal(core.store.history.undoLabel, 'pane_resize');
  assert.deepEqual(
    changes.filter((c) => c.endsWith(':true')),
    ['pane_resize:true'],
  );
  core.undo();
  assert.deepEqual(snapshot(core), before, 'one undo goes back to the layout before the drag');
  assert.equal(core.store.history.canUndo, false);
});

test('cancelling a drag preview restores the layout; a preview made stale by another change is not restored', async () => {
  const core = await loadedCore('VOL');
  const before = snapshot(core);
  const vol = before.panes[1].id;
  core.panes.previewWeights({ [vol]: 2 });
  core.panes.cancelPreview();
  assert.deepEqual(snapshot(core), before);
  assert.equal(core.panes.previewWeights({ [vol]: -1, nope: 4, price: Number.NaN }), false);
  assert.deepEqual(snapshot(core), before);
  // A pane added mid-drag: the drag's base no longer matches the screen, so it is not put back.
  core.panes.previewWeights({ [vol]: 2 });
  const added = successOf(await core.tools.execute('indicators_add', { definitionId: 'MACD' }));
  core.panes.cancelPreview();
  assert.ok(idsOf(core).includes((added.data as { paneId: string }).paneId), 'the new pane stays');
});

test('pane_move reorders indicator panes, keeps price on top, and is one undo step', async () => {
  const core = await loadedCore('VOL,MACD,RSI');
  const before = snapshot(core);
  const ids = before.panes.map((p) => p.id);
  const moved = successOf(await core.tools.execute('pane_move', { paneId: ids[3], direction: 'up' }));
  assert.deepEqual(moved.data, { paneId: ids[3], position: 2, order: [ids[0], ids[1], ids[3], ids[2]] });
  assert.deepEqual(idsOf(core), [ids[0], ids[1], ids[3], ids[2]]);
  const list = successOf(await core.tools.execute('panes_list', {}));
  assert.deepEqual(
    (list.data as { panes: { id: string }[] }).panes.map((p) => p.id),
    [ids[0], ids[1], ids[3], ids[2]],
  );
  // Already at an end: success without a change or a step.
  const top = successOf(await core.tools.execute('pane_move', { paneId: ids[1], direction: 'up' }));
  assert.equal(top.stateChanged, false);
  const last = successOf(await core.tools.execute('pane_move', { paneId: ids[2], direction: 'down' }));
  assert.equal(last.stateChanged, false);
  assert.equal(core.undo(), 'pane_move');
  assert.deepEqual(snapshot(core), before);
  assert.equal(core.store.history.canUndo, false);
  successOf(await core.tools.execute('pane_move', { paneId: ids[1], direction: 'bottom' }));
  assert.deepEqual(idsOf(core), [ids[0], ids[2], ids[3], ids[1]]);
  successOf(await core.tools.execute('pane_move', { paneId: ids[1], direction: 'top' }));
  assert.deepEqual(idsOf(core), ids);
});

test('pane_move refuses the price pane, unknown panes and unknown directions with clear errors', async () => {
  const core = await loadedCore('VOL,MACD');
  const before = snapshot(core);
  const price = failureOf(await core.tools.execute('pane_move', { paneId: 'price', direction: 'down' }));
  assert.equal(price.code, 'invalid_input');
  assert.match(price.message, /price pane always stays on top/);
  const unknown = failureOf(await core.tools.execute('pane_move', { paneId: 'pane-x', direction: 'up' }));
  assert.equal(unknown.code, 'not_found');
  assert.match(unknown.recommendedAction ?? '', new RegExp(before.panes.map((p) => p.id).join(', ')));
  const direction = failureOf(await core.tools.execute('pane_move', { paneId: before.panes[1].id, direction: 'left' }));
  assert.equal(direction.code, 'invalid_input');
  assert.deepEqual(
    direction.details?.map((d) => d.path),
    ['direction'],
  );
  assert.deepEqual(snapshot(core), before);
  assert.equal(core.store.history.canUndo, false);
});

test('a chart keeps at most MAX_STUDIES studies and MAX_PANES indicator panes: more is refused with out_of_range, changing nothing', async () => {
  const core = await loadedCore('');
  for (let i = 0; i < MAX_PANES; i++)
    successOf(await core.tools.execute('indicators_add', { definitionId: 'RSI', params: { period: 2 + i } }));
  assert.equal(core.store.peek('panes').length, MAX_PANES + 1);
  const before = snapshot(core);
  const noPane = failureOf(await core.tools.execute('indicators_add', { definitionId: 'RSI' }));
  assert.equal(noPane.code, 'out_of_range');
  assert.match(noPane.message, new RegExp(`${MAX_PANES} indicator panes`));
  assert.match(noPane.recommendedAction ?? '', /paneId/);
  assert.deepEqual(snapshot(core), before);
  // Into an existing pane it still fits, up to the study limit.
  const pane = before.panes[1].id;
  while (core.store.peek('indicators').length < MAX_STUDIES)
    successOf(await core.tools.execute('indicators_add', { definitionId: 'MA', params: {} }));
  const full = snapshot(core);
  const tooMany = failureOf(await core.tools.execute('indicators_add', { definitionId: 'RSI', paneId: pane }));
  assert.equal(tooMany.code, 'out_of_range');
  assert.match(tooMany.message, new RegExp(`${MAX_STUDIES} studies`));
  assert.deepEqual(snapshot(core), full);
  // The attribute is capped the same way: the rest is reported, the chart stays usable.
  const errors: string[] = [];
  const attr = await loadedCore('');
  attr.onError(({ code, message }) => errors.push(`${code}: ${message}`));
  const list = Array.from({ length: MAX_PANES + 5 }, (_, i) => `RSI(${2 + i})`).join(',');
  attr.indicators.applyIndicatorList(list);
  assert.equal(attr.store.peek('panes').length, MAX_PANES + 1);
  assert.ok(
    errors.some((e) => e.includes(`${MAX_PANES} indicator panes`)),
    errors.join('\n'),
  );
});
