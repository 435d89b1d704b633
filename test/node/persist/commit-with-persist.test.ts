import { test } from 'node:test';
import assert from 'node:assert/strict';
import { commitWithPersist, LayoutAutosave, type LayoutDocument } from '../../../src/core/persist/index.js';
import { barTime, loadedCore, ok, recorded } from '../commands/drawing-fixture.js';
import { waitFor } from '../wait-for.js';

const line = (time: number, price: number) => ({ kind: 'horizontal_line', points: [{ time, price }] });

test('without a waiting host the change is committed and saved', async () => {
  const core = await loadedCore();
  const saved: LayoutDocument[] = [];
  const outcome = await commitWithPersist(
    core.store,
    () => core.tools.execute('drawing_create', line(barTime(core, -2), 50)),
    {
      beforeSave: () => [],
      save: (doc) => saved.push(doc),
    },
  );
  assert.equal(outcome.status, 'saved');
  assert.ok(outcome.value.success);
  assert.equal(saved.length, 1);
  assert.equal(saved[0].drawings['sample:DEMO'].length, 1);
});

test('waitUntil resolving saves; waitUntil rejecting rolls the change back, leaving no undo or redo step', async () => {
  const core = await loadedCore();
  await ok(core, 'drawing_create', line(barTime(core, -2), 50));
  const saved: LayoutDocument[] = [];
  const held = await commitWithPersist(
    core.store,
    () => core.tools.execute('drawing_create', line(barTime(core, -3), 51)),
    {
      beforeSave: () => [new Promise((r) => setTimeout(r, 5))],
      save: (doc) => saved.push(doc),
    },
  );
  assert.equal(held.status, 'saved');
  assert.equal(core.drawings.current().length, 2);

  const before = recorded(core);
  const undoLabel = core.store.history.undoLabel;
  let seen: LayoutDocument | null = null;
  const rejected = await commitWithPersist(core.store, () => core.tools.execute('drawings_clear', {}), {
    beforeSave: (doc) => {
      seen = doc;
      return [Promise.reject(new Error('disk full'))];
    },
    save: (doc) => saved.push(doc),
  });
  assert.equal(rejected.status, 'rolled-back');
  assert.equal((rejected as { error: Error }).error.message, 'disk full');
  assert.deepEqual(seen!.drawings, {}, 'the host was shown the document that would be saved');
  assert.deepEqual(recorded(core), before, 'nothing of the change remains');
  assert.equal(saved.length, 1, 'nothing saved');
  assert.equal(core.store.history.undoLabel, undoLabel, 'the earlier step is still the one to undo');
  assert.equal(core.store.history.canRedo, false, 'the rejected change cannot be redone');
  assert.equal(core.undo(), 'drawing_create');
  assert.equal(core.drawings.current().length, 1);
});

test('a rejected undo is redone, so the store is where it was', async () => {
  const core = await loadedCore();
  await ok(core, 'drawing_create', line(barTime(core, -2), 50));
  const before = recorded(core);
  const outcome = await commitWithPersist(core.store, () => core.undo(), {
    beforeSave: () => [Promise.reject(new Error('no'))],
    save: () => undefined,
  });
  assert.equal(outcome.status, 'rolled-back');
  assert.deepEqual(recorded(core), before);
  assert.equal(core.store.history.undoLabel, 'drawing_create');
});

test('a change that touches no persisted slice is neither held nor saved', async () => {
  const core = await loadedCore();
  let asked = 0;
  const outcome = await commitWithPersist(
    core.store,
    () => core.tools.execute('chart_set_visible_range', { lastBars: 50 }),
    {
      beforeSave: () => {
        asked++;
        return [];
      },
      save: () => assert.fail('no save'),
    },
  );
  assert.equal(outcome.status, 'unchanged');
  assert.equal(asked, 0);
});

test('autosave debounces saves of every origin and rolls back what a host rejects', async () => {
  const core = await loadedCore();
  const saved: LayoutDocument[] = [];
  const timers: (() => void)[] = [];
  let reject = false;
  const rejected: unknown[] = [];
  const autosave = new LayoutAutosave(core.store, {
    save: (doc) => saved.push(doc),
    beforeSave: () => (reject ? [Promise.reject(new Error('host says no'))] : []),
    onRejected: (e) => rejected.push(e),
    setTimer: (fn) => timers.push(fn),
    clearTimer: () => timers.splice(0),
  });
  autosave.start();
  await ok(core, 'drawing_create', line(barTime(core, -2), 50));
  await ok(core, 'drawing_create', line(barTime(core, -3), 51));
  await ok(core, 'chart_set_visible_range', { lastBars: 40 });
  await new Promise((r) => setImmediate(r));
  assert.equal(saved.length, 0, 'debounced');
  timers.splice(0).forEach((fn) => fn());
  assert.equal(saved.length, 1);
  assert.equal(saved[0].drawings['sample:DEMO'].length, 2);

  reject = true;
  const before = recorded(core);
  await ok(core, 'drawing_create', line(barTime(core, -4), 52));
  await waitFor(() => rejected.length === 1, "the host's rejection");
  assert.deepEqual(recorded(core), before, 'rolled back');
  assert.equal(core.store.history.canRedo, false);
  assert.equal(saved.length, 1);
  autosave.stop();
});

test('createPersistRequest collects waitUntil promises during dispatch only', async () => {
  const { createPersistRequest } = await import('../../../src/core/persist/index.js');
  const core = await loadedCore();
  const { serializeLayout, snapshotPersisted } = await import('../../../src/core/persist/index.js');
  const request = createPersistRequest(serializeLayout(snapshotPersisted(core.store), 1));
  const listener = (detail: typeof request.detail) => detail.waitUntil(Promise.resolve('saved'));
  listener(request.detail);
  const waits = request.seal();
  assert.equal(waits.length, 1);
  assert.throws(() => request.detail.waitUntil(Promise.resolve()), /while the event is being dispatched/);
  assert.throws(() => createPersistRequest(request.detail.document).detail.waitUntil(42 as never), /expects a promise/);
  assert.equal(request.detail.document.version, 1);
});
