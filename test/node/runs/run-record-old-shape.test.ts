import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChartCore } from '../../../src/core/commands/chart-core.js';
import type { RunChangeSet } from '../../../src/protocol/index.js';
import { summarizeRunChanges } from '../../../src/core/runs/summarize-run-changes.js';
import { RUN_TRACKED_SLICES, type RunTrackedSlice } from '../../../src/core/runs/run-ledger.js';
import { loadedCore } from '../catalog/catalog-fixture.js';

/** Runs a tool as the agent does in run `runId`. */
async function agent(core: ChartCore, runId: string, name: string, input: unknown) {
  const result = await core.tools.execute(name, input, { origin: 'agent', runId, callId: `${runId}-${name}` });
  assert.equal(result.success, true, `${name}: ${JSON.stringify(result)}`);
  return result;
}

function tracked(core: ChartCore): Record<RunTrackedSlice, unknown> {
  return structuredClone(
    Object.fromEntries(RUN_TRACKED_SLICES.map((s) => [s, core.store.peek(s)])) as Record<RunTrackedSlice, unknown>,
  );
}

/**
 * A run on a chart with a drawing, 3 markers and a theme of the user's, and its record in the shape
 * sessions stored before 2026-12-07: every slice the run touched, whole, before and after.
 */
async function oldRecord() {
  const core = await loadedCore();
  const bars = core.store.peek('series')!.bars;
  const price = bars.close[0];
  const line = (k: number) => ({ kind: 'horizontal_line', points: [{ time: bars.time[0], price: price * k }] });
  await core.tools.execute('drawing_create', line(1.1), { origin: 'user' });
  await core.tools.execute(
    'markers_create',
    { markers: [0, 1, 2].map((i) => ({ time: bars.time[i], position: 'above', shape: 'circle' })) },
    { origin: 'user' },
  );
  const before = tracked(core);
  await agent(core, 'run_old', 'indicators_add', { definitionId: 'RSI' });
  await agent(core, 'run_old', 'drawing_create', line(1.2));
  await agent(core, 'run_old', 'markers_create', {
    markers: [{ time: bars.time[5], position: 'below', shape: 'arrow' }],
  });
  await agent(core, 'run_old', 'settings_update', { values: { theme: 'dark' } });
  const after = tracked(core);
  const slices: Record<string, { before: unknown; after: unknown }> = {};
  for (const s of RUN_TRACKED_SLICES)
    if (JSON.stringify(before[s]) !== JSON.stringify(after[s])) slices[s] = { before: before[s], after: after[s] };
  const old: RunChangeSet = JSON.parse(JSON.stringify({ runId: 'run_old', slices }));
  /** A reloaded chart showing what the run left: it remembers no run. */
  const reloaded = async () => {
    const fresh = await loadedCore();
    fresh.store.action(
      'restore',
      (d) => {
        for (const s of RUN_TRACKED_SLICES) if (s !== 'target') d.set(s, structuredClone(after[s]) as never);
      },
      { undoable: false },
    );
    return fresh;
  };
  return { core, old, before, after, reloaded };
}

test('a record stored in the old shape (whole maps) is summarised as before', async () => {
  const { core, old } = await oldRecord();
  assert.ok(
    Object.values(old.slices).every((c) => 'before' in c && 'after' in c),
    'the old shape: whole values',
  );
  const words = ['RSI(14) added', '1 drawing added', '1 marker added', 'theme auto → dark'];
  assert.deepEqual(summarizeRunChanges(old), words);
  assert.deepEqual(core.runs.changes('run_old')?.summary, words, 'the new shape says the same');
});

test('a record stored in the old shape undoes and redoes the run on a reloaded chart', async () => {
  const { old, before, after, reloaded } = await oldRecord();
  const fresh = await reloaded();
  const undone = await fresh.runs.revert('run_old', 'undo', old);
  assert.equal(undone.ok, true, JSON.stringify(undone));
  for (const s of ['indicators', 'drawings', 'markers', 'settings'] as const)
    assert.deepEqual(fresh.store.peek(s), before[s], `${s} as before the run`);
  assert.equal((await fresh.runs.revert('run_old', 'redo', old)).ok, true);
  for (const s of ['indicators', 'drawings', 'markers', 'settings'] as const)
    assert.deepEqual(fresh.store.peek(s), after[s], `${s} as after the run`);
});

test('a record stored in the old shape still sees a later change to the same drawing as a conflict', async () => {
  const { old, reloaded } = await oldRecord();
  const fresh = await reloaded();
  const key = Object.keys(fresh.store.peek('drawings'))[0];
  const mine = fresh.store.peek('drawings')[key][1];
  await fresh.tools.execute('drawing_update', { id: mine.id, style: { color: '#ff0000' } }, { origin: 'user' });
  const markers = JSON.stringify(fresh.store.peek('markers'));
  const blocked = await fresh.runs.revert('run_old', 'undo', old);
  assert.equal(blocked.ok, false);
  assert.deepEqual(!blocked.ok && blocked.reasons, [{ reason: 'changed', slice: 'drawings', key: mine.id }]);
  assert.equal(JSON.stringify(fresh.store.peek('markers')), markers, 'nothing half reverted');
});
