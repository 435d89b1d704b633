import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChartCore } from '../../../src/core/commands/chart-core.js';
import type { PriceAlertFired } from '../../../src/core/commands/price-alerts.js';
import type { PriceLine } from '../../../src/core/state/index.js';
import { dataOf, loadedCore } from '../catalog/catalog-fixture.js';

/** Runs a tool as the agent does in run `runId`. */
function agent(core: ChartCore, runId: string, name: string, input: unknown) {
  return core.tools.execute(name, input, { origin: 'agent', runId, callId: `${runId}-${name}` });
}

/** Moves the last bar's close to `close`, as a live tick does. */
function tickAt(core: ChartCore, close: number): void {
  const b = core.store.peek('series')!.bars;
  const i = b.length - 1;
  core.updateBar({
    time: b.time[i],
    open: b.open[i],
    high: Math.max(b.high[i], close),
    low: Math.min(b.low[i], close),
    close,
    volume: b.volume[i],
  });
}

/** A chart where run `run_a` made a once-only cross alert line above the last close, and the alert fired. */
async function firedRunAlert() {
  const core = await loadedCore();
  const b = core.store.peek('series')!.bars;
  const level = Math.round(b.close[b.length - 1] * 1.05 * 100) / 100;
  const made = await agent(core, 'run_a', 'price_lines_create', { price: level, label: 'Breakout', alert: 'cross' });
  const { id } = dataOf<{ id: string }>(made);
  // What a session stores of the run right after it (run.changes), while the alert is armed.
  const stored = structuredClone(core.runs.changes('run_a')!.changes);
  const fired: PriceAlertFired[] = [];
  core.onPriceAlert((a) => fired.push(a));
  tickAt(core, level - 0.5);
  tickAt(core, level + 0.5);
  assert.equal(fired.length, 1, 'the alert fired');
  assert.equal(core.priceLines.current()[0].alert, 'off');
  /** The line `id` now, or undefined when it is gone. */
  const line = (): PriceLine | undefined => core.priceLines.current().find((l) => l.id === id);
  /** Crosses the level down and up again and returns how many alerts that fired. */
  const crossAgain = () => {
    const before = fired.length;
    tickAt(core, level - 0.5);
    tickAt(core, level + 0.5);
    return fired.length - before;
  };
  return { core, id, line, crossAgain, stored };
}

test('a run that made an alert line is undone by history_undo_run (the fired alert is no conflict); its redo brings the line back off', async () => {
  const { core, line, crossAgain } = await firedRunAlert();
  assert.deepEqual(core.runs.changes('run_a')?.summary, ['1 price line added']);
  const undone = await agent(core, 'run_b', 'history_undo_run', { runId: 'run_a' });
  assert.equal(undone.success, true, JSON.stringify(undone));
  assert.equal(line(), undefined, "the run's line is gone");
  // Ctrl+Z of the undo run brings the line back as it was: fired, so off.
  assert.equal(core.undo(), 'history_undo_run');
  assert.equal(line()?.alert, 'off', 'not armed again by undoing the undo run');
  assert.equal(core.redo(), 'history_undo_run');
  assert.equal(line(), undefined);
  // "Redo run" re-applies the run: the line comes back, its alert still off.
  assert.equal((await core.runs.revert('run_a', 'redo')).ok, true);
  assert.equal(line()?.label, 'Breakout');
  assert.equal(line()?.alert, 'off', 'not armed again by the redo run');
  assert.equal(crossAgain(), 0, 'the same line does not fire again');
});

test('a fired alert stays off when the run is redone after a plain undo removed its line', async () => {
  const { core, line, crossAgain } = await firedRunAlert();
  assert.equal(core.undo(), 'price_lines_create');
  assert.equal(line(), undefined);
  // Redo run: the run's line comes back from the run's record, not from the undo stack.
  assert.equal((await core.runs.revert('run_a', 'redo')).ok, true);
  assert.equal(line()?.alert, 'off', 'the record of the run does not arm it again');
  assert.equal(crossAgain(), 0);
  // Plain undo/redo of the create step after the fire: off both ways.
  assert.equal(core.undo(), 'history_redo_run');
  assert.equal(core.redo(), 'history_redo_run');
  assert.equal(line()?.alert, 'off');
});

test('plain undo and redo of the run’s create step after the fire: the line comes back off', async () => {
  const { core, line, crossAgain } = await firedRunAlert();
  assert.equal(core.undo(), 'price_lines_create');
  assert.equal(line(), undefined);
  assert.equal(core.redo(), 'price_lines_create');
  assert.equal(line()?.alert, 'off');
  assert.equal(crossAgain(), 0);
});

test('a stored run’s change set (after a reload) is undone and redone without arming the fired alert', async () => {
  const { core, line, crossAgain, stored } = await firedRunAlert();
  // A reloaded chart has no ledger entry: the panel hands it the stored set, recorded while the alert was armed.
  const reloaded = await loadedCore();
  reloaded.store.action('layout', (d) => d.set('priceLines', core.store.peek('priceLines')), { undoable: false });
  assert.equal((await reloaded.runs.revert('run_a', 'undo', stored)).ok, true, 'the fired alert is no conflict');
  assert.equal(reloaded.priceLines.current().length, 0);
  assert.equal((await reloaded.runs.revert('run_a', 'redo', stored)).ok, true);
  assert.equal(reloaded.priceLines.current()[0]?.alert, 'off', 'the stored set does not arm it again');
  // The first chart is unchanged by all this.
  assert.equal(line()?.alert, 'off');
  assert.equal(crossAgain(), 0);
});

test('markers a run made are part of the run: summarised and removed by its undo', async () => {
  const core = await loadedCore();
  const b = core.store.peek('series')!.bars;
  const made = await agent(core, 'run_m', 'markers_create', {
    markers: [
      { time: b.time[b.length - 2], position: 'above', shape: 'arrow' },
      { time: b.time[b.length - 1], position: 'below', shape: 'arrow' },
    ],
  });
  assert.equal(made.success, true, JSON.stringify(made));
  assert.deepEqual(core.runs.changes('run_m')?.summary, ['2 markers added']);
  assert.equal((await agent(core, 'run_n', 'history_undo_run', {})).success, true);
  assert.equal(dataOf<{ total: number }>(await core.tools.execute('markers_list', {})).total, 0);
});
