import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChartCore } from '../../../src/core/commands/chart-core.js';
import { loadedCore } from './drawing-fixture.js';

/** Runs a tool as the agent does in run `runId`. */
async function agent(core: ChartCore, runId: string, name: string, input: unknown) {
  const result = await core.tools.execute(name, input, { origin: 'agent', runId, callId: `${runId}-${name}` });
  assert.equal(result.success, true, `${name}: ${JSON.stringify(result)}`);
  return result;
}

function lastPrice(core: ChartCore): number {
  const s = core.store.peek('series')!;
  return s.bars.close[s.bars.length - 1];
}

async function runWithThreeChanges(core: ChartCore): Promise<void> {
  const price = lastPrice(core);
  await agent(core, 'run_a', 'chart_set_period', { period: '1w' });
  await agent(core, 'run_a', 'indicators_add', { definitionId: 'MACD', params: { fast: 12, slow: 26, signal: 9 } });
  for (const k of [1, 2, 3])
    await agent(core, 'run_a', 'drawing_create', {
      kind: 'horizontal_line',
      points: [{ time: core.store.peek('series')!.bars.time[0], price: price * (1 + k / 100) }],
    });
}

test("a run's changes are summarised in words", async () => {
  const core = await loadedCore();
  await runWithThreeChanges(core);
  const changes = core.runs.changes('run_a');
  assert.ok(changes);
  assert.deepEqual(changes.summary, ['period 1d → 1w', 'MACD(12,26,9) added', '3 drawings added']);
  assert.equal(core.runs.changes('run_other'), null);
});

test('undo run reverts every step of the run as one undo step; undo of that brings them back; redo run too', async () => {
  const core = await loadedCore();
  const before = {
    indicators: core.store.peek('indicators'),
    panes: core.store.peek('panes'),
    drawings: core.store.peek('drawings'),
  };
  await runWithThreeChanges(core);
  const result = await core.runs.revert('run_a', 'undo');
  assert.equal(result.ok, true);
  assert.equal(core.store.peek('target')!.period, '1d');
  assert.equal(core.store.peek('series')!.period, '1d', 'the series followed the target');
  assert.deepEqual(core.store.peek('indicators'), before.indicators);
  assert.deepEqual(core.store.peek('panes'), before.panes);
  assert.equal(Object.values(core.store.peek('drawings')).flat().length, 0);
  assert.equal(core.store.history.undoLabel, 'history_undo_run', 'one step');
  core.undo();
  await core.syncToTarget();
  assert.equal(core.store.peek('target')!.period, '1w');
  assert.equal(core.store.peek('indicators').length, 1);
  assert.equal(Object.values(core.store.peek('drawings')).flat().length, 3);
  // Undo run again, then "Redo run" re-applies the run's changes.
  assert.equal((await core.runs.revert('run_a', 'undo')).ok, true);
  assert.equal(core.store.peek('indicators').length, 0);
  const again = await core.runs.revert('run_a', 'redo');
  assert.equal(again.ok, true);
  assert.equal(core.store.peek('target')!.period, '1w');
  assert.equal(Object.values(core.store.peek('drawings')).flat().length, 3);
});

test('a later change to other things is kept; a later change to the same things blocks it and changes nothing', async () => {
  const core = await loadedCore();
  await runWithThreeChanges(core);
  // The user changes the theme and adds an RSI after the run: no conflict.
  await core.tools.execute('settings_update', { values: { theme: 'dark' } }, { origin: 'user' });
  await core.tools.execute('indicators_add', { definitionId: 'RSI' }, { origin: 'user' });
  const ok = await core.runs.revert('run_a', 'undo');
  assert.equal(ok.ok, true);
  assert.equal(core.store.peek('settings').theme, 'dark');
  assert.deepEqual(
    core.store.peek('indicators').map((i) => i.definitionId),
    ['RSI'],
  );

  // Redo the run, then the user edits the MACD: undoing the run is now blocked, and says why.
  assert.equal((await core.runs.revert('run_a', 'redo')).ok, true);
  const macd = core.store.peek('indicators').find((i) => i.definitionId === 'MACD')!;
  await core.tools.execute(
    'indicators_update',
    { instanceId: macd.instanceId, params: { signal: 5 } },
    { origin: 'user' },
  );
  const snapshot = JSON.stringify([
    core.store.peek('indicators'),
    core.store.peek('drawings'),
    core.store.peek('target'),
  ]);
  const blocked = await core.runs.revert('run_a', 'undo');
  assert.equal(blocked.ok, false);
  assert.match(!blocked.ok ? blocked.conflicts.join() : '', new RegExp(`indicator ${macd.instanceId} changed since`));
  // The same as data, for a panel to word in its reader's language.
  assert.deepEqual(!blocked.ok ? blocked.reasons : null, [
    { reason: 'changed', slice: 'indicators', key: macd.instanceId },
  ]);
  assert.equal(
    JSON.stringify([core.store.peek('indicators'), core.store.peek('drawings'), core.store.peek('target')]),
    snapshot,
    'nothing half reverted',
  );
});

test('history_undo_run: the model undoes its earlier run ("undo that"); with nothing to undo it fails with not_found', async () => {
  const core = await loadedCore();
  const none = await core.tools.execute('history_undo_run', {}, { origin: 'agent', runId: 'run_b' });
  assert.equal(!none.success && none.error.code, 'not_found');
  await runWithThreeChanges(core);
  const result = await core.tools.execute('history_undo_run', {}, { origin: 'agent', runId: 'run_b' });
  assert.equal(result.success, true, JSON.stringify(result));
  assert.deepEqual((result as { data: { undone: string[] } }).data.undone, [
    'period 1d → 1w',
    'MACD(12,26,9) added',
    '3 drawings added',
  ]);
  assert.equal(core.store.peek('target')!.period, '1d');
});

test('a change set from a stored session reverts after the chart forgot the run (a reload)', async () => {
  const core = await loadedCore();
  await runWithThreeChanges(core);
  const stored = JSON.parse(JSON.stringify(core.runs.changes('run_a')!.changes));
  const fresh = await loadedCore();
  // The fresh chart shows what the run left (as a restored layout would).
  for (const key of ['indicators', 'panes', 'drawings'] as const) {
    const value = core.store.peek(key);
    fresh.store.action('restore', (d) => d.set(key, value as never), { undoable: false });
  }
  fresh.store.action('restore', (d) => d.set('target', core.store.peek('target')), { undoable: false });
  const result = await fresh.runs.revert('run_a', 'undo', stored);
  assert.equal(result.ok, true);
  // Worded although this chart has run no tool yet (the summary's words load with the revert).
  assert.deepEqual(result.ok && result.summary, ['period 1d → 1w', 'MACD(12,26,9) added', '3 drawings added']);
  assert.equal(fresh.store.peek('indicators').length, 0);
  assert.equal(fresh.store.peek('target')!.period, '1d');
});
