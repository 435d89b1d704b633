import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ChartCore } from '../../../src/core/commands/chart-core.js';
import { barsFromObjects, type Bar } from '../../../src/core/data/index.js';

const T0 = Date.UTC(2024, 0, 2);
const minutes = (n: number): Bar[] =>
  Array.from({ length: n }, (_, i) => ({
    time: T0 + i * 60_000,
    open: 10 + i,
    high: 12 + i,
    low: 9 + i,
    close: 11 + i,
    volume: 1 + i,
  }));

test("setBars with source 'custom': chart_set_period folds the host's bars and goes back to them", async () => {
  const core = new ChartCore({ chartId: 'h' });
  core.setBars(barsFromObjects(minutes(60)), { symbol: 'HOST', sourceId: 'custom' }, '1m');
  const r = await core.tools.execute('chart_set_period', { period: '15m' });
  assert.equal(r.success, true, JSON.stringify(r));
  const s = core.store.peek('series')!;
  assert.equal(s.period, '15m');
  assert.equal(s.bars.length, 4);
  assert.deepEqual(
    [s.bars.open[0], s.bars.high[0], s.bars.low[0], s.bars.close[0], s.bars.volume[0]],
    [10, 26, 9, 25, 120],
  );
  assert.equal((await core.tools.execute('chart_set_period', { period: '1m' })).success, true);
  assert.equal(core.store.peek('series')!.bars.length, 60);
});

test('a period that cannot be folded asks the requester; no answer fails with data_unavailable and keeps the chart', async () => {
  const core = new ChartCore({ chartId: 'h' });
  const errors: string[] = [];
  core.onError((e) => errors.push(e.code));
  core.setBars(barsFromObjects(minutes(60)), { symbol: 'HOST', sourceId: 'custom' }, '5m');
  const failed = await core.tools.execute('chart_set_period', { period: '1m' });
  assert.equal(failed.success, false);
  assert.deepEqual(errors, ['data_unavailable']);
  assert.equal(core.store.peek('series')!.period, '5m');
  const asked: string[] = [];
  core.host.setRequester((q) => {
    asked.push(`${q.symbol} ${q.period}`);
    return Promise.resolve(barsFromObjects(minutes(10)));
  });
  assert.equal((await core.tools.execute('chart_set_period', { period: '1m' })).success, true);
  assert.deepEqual(asked, ['HOST 1m']);
  assert.equal(core.store.peek('series')!.bars.length, 10);
});

test('live updates at the host period are kept for the next period change', async () => {
  const core = new ChartCore({ chartId: 'h' });
  core.setBars(barsFromObjects(minutes(10)), { symbol: 'HOST', sourceId: 'custom' }, '1m');
  assert.equal(core.updateBar({ time: T0 + 10 * 60_000, open: 1, high: 100, low: 1, close: 50, volume: 7 }), true);
  await core.tools.execute('chart_set_period', { period: '5m' });
  const s = core.store.peek('series')!;
  assert.equal(s.bars.length, 3);
  assert.equal(s.bars.high[2], 100);
});

test('live 1m bars while 5m is shown fold into the last 5m bar (replacing a tick does not count its volume twice)', async () => {
  const core = new ChartCore({ chartId: 'h' });
  core.setBars(barsFromObjects(minutes(10)), { symbol: 'HOST', sourceId: 'custom' }, '1m');
  await core.tools.execute('chart_set_period', { period: '5m' });
  assert.equal(core.store.peek('series')!.bars.length, 2);
  const tick = (minute: number, high: number, volume: number) =>
    core.updateBar({ time: T0 + minute * 60_000, open: 20, high, low: 19, close: 20.5, volume });
  assert.equal(tick(10, 30, 4), true);
  let s = core.store.peek('series')!;
  assert.equal(s.bars.length, 3);
  assert.deepEqual([s.bars.time[2], s.bars.high[2], s.bars.volume[2]], [T0 + 10 * 60_000, 30, 4]);
  assert.equal(tick(11, 25, 6), true);
  assert.equal(tick(11, 40, 9), true);
  s = core.store.peek('series')!;
  assert.equal(s.bars.length, 3);
  assert.deepEqual([s.bars.open[2], s.bars.high[2], s.bars.volume[2]], [20, 40, 13]);
  assert.equal(tick(9, 50, 1), false, 'older than the last 1m bar');
  // Back at 1m, the ticks are there.
  await core.tools.execute('chart_set_period', { period: '1m' });
  assert.equal(core.store.peek('series')!.bars.length, 12);
});
