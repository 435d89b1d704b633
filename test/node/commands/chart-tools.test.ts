import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ChartCore } from '../../../src/core/commands/chart-core.js';
import type { ToolResult } from '../../../src/protocol/index.js';

async function loadedCore(symbol = 'DEMO', period: '1d' | '1m' = '1d') {
  const core = new ChartCore({ chartId: 'c1' });
  await core.loadTarget({ symbol, period, sourceId: 'sample' }, null);
  return core;
}

function code(r: ToolResult): string | undefined {
  return r.success ? undefined : r.error.code;
}

test('chart_get_context: no_data before a load, then the snapshot with market-time text', async () => {
  const core = new ChartCore({ chartId: 'c1' });
  assert.equal(core.context.get(), null);
  assert.equal(code(await core.tools.execute('chart_get_context', {})), 'no_data');
  await core.loadTarget({ symbol: 'DEMO', period: '1d', sourceId: 'sample' }, null);
  const r = await core.tools.execute('chart_get_context', {});
  assert.ok(r.success);
  const ctx = r.data as {
    symbol: string;
    timezone: string;
    dataRange: { bars: number; toText: string };
    chartId: string;
  };
  assert.equal(ctx.symbol, 'DEMO');
  assert.equal(ctx.chartId, 'c1');
  assert.equal(ctx.timezone, 'America/New_York');
  assert.ok(ctx.dataRange.bars > 2500);
  assert.match(ctx.dataRange.toText, /^\d{4}-\d{2}-\d{2}/);
  assert.ok(Object.isFrozen(core.context.get()));
});

test('chart_set_period: switches, aggregates weekly bars, is one undo step; errors for bad input and no data', async () => {
  const empty = new ChartCore({ chartId: 'c0' });
  assert.equal(code(await empty.tools.execute('chart_set_period', { period: '1w' })), 'no_data');
  const core = await loadedCore();
  assert.equal(code(await core.tools.execute('chart_set_period', { period: '2w' })), 'invalid_input');
  const daily = core.context.get()!.dataRange.bars;
  const r = await core.tools.execute('chart_set_period', { period: '1w' });
  assert.ok(r.success && r.stateChanged);
  const ctx = core.context.get()!;
  assert.equal(ctx.period, '1w');
  assert.ok(
    ctx.dataRange.bars < daily / 4 && ctx.dataRange.bars > daily / 6,
    `weekly bars ${ctx.dataRange.bars} vs daily ${daily}`,
  );
  const same = await core.tools.execute('chart_set_period', { period: '1w' });
  assert.ok(same.success && !same.stateChanged);
  assert.equal(core.undo(), 'chart_set_period');
  await core.syncToTarget();
  assert.equal(core.context.get()!.period, '1d');
});

test('chart_set_symbol: ambiguous code changes nothing, qualified code loads, unknown code suggests', async () => {
  const core = await loadedCore();
  const amb = await core.tools.execute('chart_set_symbol', { symbol: 'ACME' });
  assert.equal(code(amb), 'ambiguous');
  const candidates = (amb as { data: { candidates: { qualifiedSymbol: string }[] } }).data.candidates
    .map((c) => c.qualifiedSymbol)
    .sort();
  assert.deepEqual(candidates, ['NYSE:ACME', 'XETRA:ACME']);
  assert.equal(core.context.get()!.symbol, 'DEMO');
  assert.equal(core.store.history.canUndo, false);
  const ok = await core.tools.execute('chart_set_symbol', { symbol: 'XETRA:ACME' });
  assert.ok(ok.success);
  assert.equal(core.context.get()!.exchange, 'XETRA');
  assert.equal(core.context.get()!.timezone, 'Europe/Berlin');
  const nf = await core.tools.execute('chart_set_symbol', { symbol: 'ZZZZ' });
  assert.equal(code(nf), 'not_found');
  const src = await core.tools.execute('chart_set_symbol', { symbol: 'DEMO', sourceId: 'nope' });
  assert.equal(code(src), 'not_found');
  assert.match((src as { error: { recommendedAction: string } }).error.recommendedAction, /sample/);
  assert.equal(code(await core.tools.execute('chart_set_symbol', {})), 'invalid_input');
});

test('chart_set_visible_range: from/to, lastBars, and its errors', async () => {
  const core = await loadedCore();
  const r = await core.tools.execute('chart_set_visible_range', { from: '2024-01-02', to: '2024-03-28' });
  assert.ok(r.success, JSON.stringify(r));
  const v = core.context.get()!.visibleRange;
  assert.equal(v.bars, 63, 'weekdays from 2024-01-02 to 2024-03-28 (the sample has no holidays)');
  const last = await core.tools.execute('chart_set_visible_range', { lastBars: 30 });
  assert.ok(last.success);
  assert.equal(core.context.get()!.visibleRange.bars, 30);
  assert.equal(core.undo(), 'chart_set_visible_range');
  assert.equal(core.context.get()!.visibleRange.bars, v.bars);
  assert.equal(
    code(await core.tools.execute('chart_set_visible_range', { from: '1990-01-01', to: '1990-02-01' })),
    'out_of_range',
  );
  assert.equal(code(await core.tools.execute('chart_set_visible_range', { from: '2024-01-01' })), 'invalid_input');
  assert.equal(
    code(await core.tools.execute('chart_set_visible_range', { from: 'yesterday', to: '2024-01-01' })),
    'invalid_input',
  );
  assert.equal(
    code(await core.tools.execute('chart_set_visible_range', { lastBars: 10, from: '2024-01-01', to: '2024-02-01' })),
    'invalid_input',
  );
  assert.equal(code(await core.tools.execute('chart_set_visible_range', { lastBars: 2 })), 'invalid_input');
  const empty = new ChartCore({ chartId: 'x' });
  assert.equal(code(await empty.tools.execute('chart_set_visible_range', { lastBars: 10 })), 'no_data');
});

test('market_bars_query: compact text of any instrument without changing the chart', async () => {
  const core = await loadedCore();
  const before = core.store.revision.get();
  const r = await core.tools.execute('market_bars_query', { symbol: 'BTCUSDT', period: '1w', limit: 5 });
  assert.ok(r.success, JSON.stringify(r));
  const lines = r.text!.split('\n');
  assert.match(lines[0], /BINANCE:BTCUSDT .* period=1w tz=UTC bars=5/);
  assert.equal(lines[1], 'time,open,high,low,close,volume');
  assert.equal(lines.length, 7);
  assert.equal(core.store.revision.get(), before);
  assert.equal(core.context.get()!.symbol, 'DEMO');
  const ranged = await core.tools.execute('market_bars_query', { from: '2024-03-01', to: '2024-03-08', limit: 100 });
  assert.ok(ranged.success);
  assert.equal(ranged.text!.split('\n').length - 2, 6);
  assert.match(ranged.text!.split('\n')[2], /^2024-03-01/);
  assert.equal(code(await core.tools.execute('market_bars_query', { symbol: 'ACME' })), 'ambiguous');
  assert.equal(code(await core.tools.execute('market_bars_query', { symbol: 'NOPE' })), 'not_found');
  assert.equal(
    code(await core.tools.execute('market_bars_query', { from: '1980-01-01', to: '1980-02-01' })),
    'out_of_range',
  );
  assert.equal(code(await core.tools.execute('market_bars_query', { limit: 0 })), 'invalid_input');
  assert.equal(code(await core.tools.execute('market_bars_query', { from: '31/12/2024' })), 'invalid_input');
  const empty = new ChartCore({ chartId: 'x' });
  const none = await empty.tools.execute('market_bars_query', {});
  assert.equal(code(none), 'no_data');
});

test('instruments_query_name: exact matches first, ambiguity flagged, unknown source refused', async () => {
  const core = await loadedCore();
  const r = await core.tools.execute('instruments_query_name', { query: 'ACME' });
  assert.ok(r.success);
  const data = r.data as { exactMatches: number; candidates: { exchange: string }[] };
  assert.equal(data.exactMatches, 2);
  assert.match(r.text!, /ask_user/);
  const byName = await core.tools.execute('instruments_query_name', { query: 'bitcoin' });
  assert.ok(byName.success);
  assert.equal((byName.data as { candidates: { symbol: string }[] }).candidates[0].symbol, 'BTCUSDT');
  assert.equal(code(await core.tools.execute('instruments_query_name', { query: 'x', sourceId: 'nope' })), 'not_found');
  assert.equal(code(await core.tools.execute('instruments_query_name', { query: '' })), 'invalid_input');
});

test('live updates replace or append the last bar and move the view only at the right edge', async () => {
  const core = await loadedCore('BTCUSDT', '1m');
  const n = core.context.get()!.dataRange.bars;
  const series = core.store.peek('series')!;
  const last = series.bars.time[n - 1];
  const viewBefore = core.store.peek('view')!;
  assert.ok(core.updateBar({ time: last, open: 1, high: 3, low: 0.5, close: 2, volume: 10 }));
  assert.equal(core.context.get()!.dataRange.bars, n);
  assert.equal(core.store.peek('series')!.bars.close[n - 1], 2);
  assert.ok(core.updateBar({ time: last + 60_000, open: 2, high: 2, low: 2, close: 2, volume: 1 }));
  assert.equal(core.context.get()!.dataRange.bars, n + 1);
  assert.equal(core.store.peek('view')!.end, viewBefore.end + 1);
  assert.equal(core.updateBar({ time: last - 60_000, open: 1, high: 1, low: 1, close: 1, volume: 1 }), false);
  assert.ok(core.context.get()!.dataRevision > 0);
});
