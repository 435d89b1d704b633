import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { reduceTranscript } from '../../../src/agent/index.js';
import { RUN_CHANGES_STORE_LIMIT } from '../../../src/agent/run-changes-store-limit.js';
import { createAgentPort } from '../../../src/core/commands/create-agent-port.js';
import type { ChartCore } from '../../../src/core/commands/chart-core.js';
import { loadedCore } from '../catalog/catalog-fixture.js';
import { closeMock, ofType } from './harness.js';
import { coreRuntime } from './core-runtime.js';
import { markDemoAndAcme } from './mark-every-bar.js';

after(closeMock);

function markerCount(core: ChartCore): number {
  return Object.values(core.store.peek('markers')).flat().length;
}

test('a run whose change set is too large for the session: undoable in this tab, stored without its units and marked so', async () => {
  const { mock, store, sessionId, core, port, runtime, shown } = await coreRuntime();
  // The user's 10,000 markers on each of two instruments; the run removes them all: some 3.5 MB of change set.
  await markDemoAndAcme(core);
  mock.script([
    {
      toolCalls: [
        { name: 'markers_remove', arguments: '{}' },
        { name: 'chart_set_symbol', arguments: '{"symbol":"NYSE:ACME"}' },
        { name: 'markers_remove', arguments: '{}' },
      ],
    },
    { text: 'Cleared both.' },
  ]);
  assert.equal(await runtime.run(sessionId, { text: 'clear the markers on both' }), 'completed');
  assert.equal(markerCount(core), 0);

  // This tab: the whole set, marked as not stored.
  const [live] = ofType(shown, 'run.changes');
  assert.ok(live, 'the run reports its changes');
  assert.equal(live.changesStored, false);
  assert.ok(JSON.stringify(live.changes).length > RUN_CHANGES_STORE_LIMIT, 'the set is over the limit');
  assert.ok(live.summary.includes('20000 markers removed'), live.summary.join(', '));

  // The session: the summary and the mark, not the units; the run's checkpoints stay within the limit in all.
  const stored = await store.readEvents(sessionId);
  const [kept] = ofType(stored, 'run.changes');
  assert.equal(kept.changesStored, false);
  assert.deepEqual(kept.changes.slices, {});
  assert.deepEqual(kept.summary, live.summary);
  const checkpoints = ofType(stored, 'run.changes.checkpoint');
  const checkpointChars = checkpoints.reduce((n, e) => n + JSON.stringify(e.changes).length, 0);
  assert.ok(checkpointChars <= RUN_CHANGES_STORE_LIMIT, `${checkpointChars} chars of checkpoints`);
  assert.equal(checkpoints.at(-1)?.changesStored, false);
  const storedChars = JSON.stringify(ofType(stored, 'run.changes')).length;
  assert.ok(storedChars < 10_000, `run.changes stores ${storedChars} chars`);

  // Undo run works in this tab (the chart remembers the run), with the set this tab holds.
  const undone = await port.revertRun!(live.runId!, 'undo', live.changes);
  assert.equal(undone.ok, true, JSON.stringify(undone));
  assert.equal(markerCount(core), 20_000);

  // After a reload the row says the set was not stored, and a chart asked to undo it refuses: nothing to revert.
  const row = reduceTranscript(stored).find((i) => i.kind === 'changes');
  assert.ok(row && row.kind === 'changes');
  assert.equal(row.changesStored, false);
  const reloaded = await loadedCore();
  const refused = await createAgentPort(reloaded).port.revertRun!(row.runId!, 'undo', row.changes);
  assert.equal(refused.ok, false);
  assert.deepEqual(!refused.ok && refused.reasons, [{ reason: 'nothing' }]);
});
