import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BarReplay } from '../../../src/core/commands/bar-replay.js';
import { ChartCore } from '../../../src/core/commands/chart-core.js';
import type { ChangeReason } from '../../../src/core/commands/index.js';
import { sliceBars } from '../../../src/core/data/index.js';
import { loadedCore, successOf } from './indicator-fixture.js';

/** The replay and the commits it made (name and reason), on the sample DEMO daily bars with MA(5). */
async function replayOnDemo() {
  const core = await loadedCore('MA(5)');
  const replay = new BarReplay(core);
  const commits: { name: string; reason: ChangeReason; undoable: boolean }[] = [];
  core.store.onCommit((info) =>
    commits.push({ name: info.name, reason: core.reasonFor(info), undoable: info.undoable }),
  );
  return { core, replay, commits, full: core.store.peek('series')! };
}

test('startReplay shows the bars up to the replay time only; studies are computed on them alone', async () => {
  const { core, replay, full } = await replayOnDemo();
  const k = full.bars.length - 40;
  // A time inside bar k (before k + 1 opened) picks bar k.
  assert.equal(replay.start(full.bars.time[k] + 1), true);
  const shown = core.store.peek('series')!;
  assert.equal(shown.bars.length, k + 1);
  assert.equal(shown.bars.time[k], full.bars.time[k]);
  assert.deepEqual(core.store.peek('replay'), { time: full.bars.time[k], index: k, playing: false, speed: 1 });
  assert.equal(core.context.get()!.dataRange.to, full.bars.time[k]);
  // MA(5)'s last value is the mean of the last 5 closes shown, not of bars after them.
  const ma = core.store.peek('indicators')[0];
  const values = core.indicatorEngine.values(ma, shown)!;
  const column = Object.values(values)[0];
  assert.equal(column.length, k + 1);
  let sum = 0;
  for (let i = k - 4; i <= k; i++) sum += full.bars.close[i];
  assert.ok(Math.abs(column[k] - sum / 5) < 1e-9, `${column[k]} vs ${sum / 5}`);
});

test('market_bars_query sees no bar after the replay point, of the chart period or another', async () => {
  const { core, replay, full } = await replayOnDemo();
  const k = full.bars.length - 30;
  replay.start(full.bars.time[k]);
  const r = successOf(await core.tools.execute('market_bars_query', { limit: 5 }));
  assert.equal((r.data as { inRange: number }).inRange, k + 1);
  const lastRow = (r.text ?? '').split('\n').at(-1)!.split(',');
  assert.equal(Number(lastRow[4]), Math.round(full.bars.close[k] * 1e6) / 1e6, 'the last row is the replay bar');
  const weekly = successOf(await core.tools.execute('market_bars_query', { period: '1w', limit: 1000 }));
  replay.stop();
  // Without replay: the weeks that opened by then, the last of them still open at the replay bar.
  const opened = successOf(
    await core.tools.execute('market_bars_query', { period: '1w', limit: 1000, to: full.bars.time[k] }),
  );
  const count = (r: { data?: unknown }) => (r.data as { inRange: number }).inRange;
  assert.equal(count(weekly), count(opened) - 1);
});

test('stepping appends the next real bar and the view follows; stop restores bars and view; none is an undo step', async () => {
  const { core, replay, full, commits } = await replayOnDemo();
  const viewBefore = core.store.peek('view');
  const k = full.bars.length - 10;
  replay.start(full.bars.time[k]);
  const v0 = core.store.peek('view')!;
  assert.equal(replay.step(), true);
  assert.equal(core.store.peek('series')!.bars.length, k + 2);
  assert.equal(core.store.peek('replay')!.time, full.bars.time[k + 1]);
  assert.deepEqual(core.store.peek('view'), { start: v0.start + 1, end: v0.end + 1 });
  assert.equal(replay.step(100), true); // clamped to the last bar
  assert.equal(core.store.peek('series')!.bars.length, full.bars.length);
  assert.equal(replay.step(), false);
  assert.equal(replay.stop(), true);
  assert.equal(core.store.peek('series'), full);
  assert.deepEqual(core.store.peek('view'), viewBefore);
  assert.equal(core.store.peek('replay'), null);
  assert.equal(core.store.history.canUndo, false);
  assert.deepEqual(
    commits.map((c) => `${c.name}:${c.reason}:${c.undoable}`),
    ['replayStart:replay:false', 'replayStep:replay:false', 'replayStep:replay:false', 'replayStop:replay:false'],
  );
});

test('live bars during a replay are held, then applied when it stops', async () => {
  const core = new ChartCore({ chartId: 'live' });
  await core.loadTarget({ symbol: 'DEMO', period: '1d', sourceId: 'sample' }, null);
  const full = core.store.peek('series')!;
  const n = full.bars.length;
  const replay = new BarReplay(core);
  replay.start(full.bars.time[n - 5]);
  const last = full.bars.time[n - 1];
  const tick = { time: last + 86_400_000, open: 10, high: 11, low: 9, close: 10.5, volume: 5 };
  assert.equal(core.updateBar(tick), true);
  assert.equal(core.store.peek('series')!.bars.length, n - 4);
  replay.stop();
  const after = core.store.peek('series')!;
  assert.equal(after.bars.length, n + 1);
  assert.equal(after.bars.close[n], 10.5);
  assert.deepEqual(sliceBars(after.bars, 0, n).time, full.bars.time);
});

test('a symbol or period change ends the replay and keeps the new bars; play steps on a timer', async () => {
  const { core, replay, full } = await replayOnDemo();
  replay.start(full.bars.time[full.bars.length - 20]);
  assert.equal(replay.play(200), true);
  assert.equal(core.store.peek('replay')!.playing, true);
  const k = core.store.peek('replay')!.index;
  await new Promise<void>((resolve) => {
    const off = core.store.onCommit((info) => {
      if (info.name !== 'replayStep' || core.store.peek('replay')!.index < k + 3) return;
      off();
      resolve();
    });
  });
  successOf(await core.tools.execute('chart_set_period', { period: '1w' }));
  assert.equal(core.store.peek('replay'), null);
  assert.equal(core.store.peek('series')!.period, '1w');
  const revision = core.store.peek('dataRevision');
  // The timer stopped with the replay: a later tick would have stepped (and thrown on the cleared state).
  await new Promise((r) => setTimeout(r, 30)); // bounded: 6 timer periods at 200 bars/s
  assert.equal(core.store.peek('dataRevision'), revision);
  assert.equal(replay.step(), false);
});
