import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChartCore } from '../../../src/core/commands/chart-core.js';
import type { RunChangeSet, RunUnitsChange } from '../../../src/protocol/index.js';
import { dataOf, loadedCore } from '../catalog/catalog-fixture.js';

/** Runs a tool as the agent does in run `runId`. */
async function agent(core: ChartCore, runId: string, name: string, input: unknown) {
  const result = await core.tools.execute(name, input, { origin: 'agent', runId, callId: `${runId}-${name}` });
  assert.equal(result.success, true, `${name}: ${JSON.stringify(result).slice(0, 300)}`);
  return result;
}

/** Runs a tool as the user does (no run). */
async function user(core: ChartCore, name: string, input: unknown) {
  const result = await core.tools.execute(name, input, { origin: 'user' });
  assert.equal(result.success, true, `${name}: ${JSON.stringify(result).slice(0, 300)}`);
  return result;
}

/** `n` marker inputs on the loaded bars, cycling through them. */
function markers(core: ChartCore, n: number, text: string) {
  const bars = core.store.peek('series')!.bars;
  return Array.from({ length: n }, (_, i) => ({
    time: bars.time[i % bars.length],
    position: 'above',
    shape: 'circle',
    text: `${text}${i}`.slice(0, 20),
  }));
}

/** The run's change set as a session stores it (JSON). */
function storedOf(core: ChartCore, runId: string): { json: string; set: RunChangeSet } {
  const changes = core.runs.changes(runId);
  assert.ok(changes, `run ${runId} changed the chart`);
  const json = JSON.stringify(changes.changes);
  return { json, set: JSON.parse(json) as RunChangeSet };
}

function units(set: RunChangeSet, slice: string): RunUnitsChange['units'] {
  const change = set.slices[slice];
  assert.ok(change && 'units' in change, `${slice} is stored as units`);
  return change.units;
}

test('a run adding 10,000 markers beside 9,000 other markers and 500 drawings stores the change, not the chart', async () => {
  const core = await loadedCore();
  const price = core.store.peek('series')!.bars.close[0];
  // 9,000 markers on another instrument, then 500 drawings here: the chart before the run.
  await user(core, 'chart_set_symbol', { symbol: 'NYSE:ACME' });
  await user(core, 'markers_create', { markers: markers(core, 9_000, 'old') });
  await user(core, 'chart_set_symbol', { symbol: 'DEMO' });
  for (let i = 0; i < 500; i++)
    await user(core, 'drawing_create', {
      kind: 'horizontal_line',
      points: [{ time: core.store.peek('series')!.bars.time[0], price: price * (1 + i / 1000) }],
    });
  const oldIds = new Set(Object.values(core.store.peek('markers')).flatMap((list) => list.map((m) => m.id)));
  assert.equal(oldIds.size, 9_000);

  // The run: 10,000 markers and one drawing more.
  const made = dataOf<{ ids: string[] }>(
    await agent(core, 'run_big', 'markers_create', { markers: markers(core, 10_000, 'new') }),
  );
  await agent(core, 'run_big', 'drawing_create', {
    kind: 'horizontal_line',
    points: [{ time: core.store.peek('series')!.bars.time[1], price: price * 2 }],
  });
  assert.deepEqual(core.runs.changes('run_big')?.summary, ['1 drawing added', '10000 markers added']);

  const { json, set } = storedOf(core, 'run_big');
  const markerUnits = units(set, 'markers');
  assert.equal(markerUnits.length, 10_000, 'one entry per marker the run added');
  assert.deepEqual(new Set(markerUnits.map((u) => u.key)), new Set(made.ids));
  assert.ok(
    markerUnits.every((u) => u.before === undefined && u.after !== undefined),
    'added: no value before',
  );
  assert.equal(units(set, 'drawings').length, 1, 'the one drawing the run made, not the 500 others');
  for (const id of oldIds) assert.ok(!json.includes(`"${id}"`), `untouched marker ${id} is not stored`);
  // Proportional to the change: the added markers' own JSON plus a key and a place per entry.
  const addedJson = JSON.stringify(markerUnits.map((u) => u.after)).length;
  assert.ok(json.length < addedJson * 2, `${json.length} bytes for ${addedJson} bytes of new markers`);

  // And it still undoes: the run's markers and drawing go, the others stay.
  assert.equal((await core.runs.revert('run_big', 'undo', set)).ok, true);
  const left = Object.values(core.store.peek('markers')).flat();
  assert.equal(left.length, 9_000);
  assert.equal(Object.values(core.store.peek('drawings')).flat().length, 500);
});

test('removing 1 marker among 10,000 stores about one entry', async () => {
  const core = await loadedCore();
  const made = dataOf<{ ids: string[] }>(await user(core, 'markers_create', { markers: markers(core, 10_000, 'm') }));
  const gone = made.ids[4_321];
  const at = Object.values(core.store.peek('markers'))
    .flat()
    .findIndex((m) => m.id === gone);
  await agent(core, 'run_one', 'markers_remove', { ids: [gone] });
  assert.deepEqual(core.runs.changes('run_one')?.summary, ['1 marker removed']);
  const { json, set } = storedOf(core, 'run_one');
  const one = units(set, 'markers');
  assert.equal(one.length, 1);
  assert.equal(one[0].key, gone);
  assert.equal(one[0].after, undefined);
  assert.equal(one[0].beforeAt, at, 'where it was, to put it back there');
  assert.ok(json.length < 1_000, `${json.length} bytes`);

  // Undo run puts it back in its place.
  assert.equal((await core.runs.revert('run_one', 'undo', set)).ok, true);
  const list = Object.values(core.store.peek('markers')).flat();
  assert.equal(list.length, 10_000);
  assert.equal(list[at].id, gone);
});
