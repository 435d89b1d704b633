import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ChartCore } from '../../../src/core/commands/chart-core.js';
import { dataOf, failureOf, loadedCore } from './catalog-fixture.js';

interface ListData {
  comparisons: { symbol: string; sourceId: string; color: string; visibleChangePct: number | null }[];
}

test('comparison_create overlays an instrument (one undo step); comparisons_list reports it with its visible change', async () => {
  const core = await loadedCore();
  const empty = dataOf<ListData>(await core.tools.execute('comparisons_list', {}));
  assert.deepEqual(empty.comparisons, []);
  const r = await core.tools.execute('comparison_create', { symbol: 'BTCUSDT' });
  const data = dataOf<{ symbol: string; exchange: string; sourceId: string; color: string }>(r);
  assert.ok(r.success && r.stateChanged);
  assert.deepEqual(
    { symbol: data.symbol, exchange: data.exchange, sourceId: data.sourceId },
    { symbol: 'BTCUSDT', exchange: 'BINANCE', sourceId: 'sample' },
  );
  assert.match(data.color, /^#[0-9a-f]{6}$/);
  assert.deepEqual(core.context.get()!.comparisons, [{ symbol: 'BTCUSDT', sourceId: 'sample' }]);
  const list = dataOf<ListData>(await core.tools.execute('comparisons_list', {}));
  assert.equal(list.comparisons.length, 1);
  assert.equal(list.comparisons[0].symbol, 'BTCUSDT');
  assert.equal(
    typeof list.comparisons[0].visibleChangePct,
    'number',
    'the overlay is aligned and measured over the visible range',
  );
  // Adding it again changes nothing and records nothing.
  const again = await core.tools.execute('comparison_create', { symbol: 'btcusdt' });
  assert.ok(again.success && !again.stateChanged);
  assert.equal(core.undo(), 'comparison_create');
  assert.deepEqual(core.context.get()!.comparisons, []);
  assert.equal(core.store.history.canUndo, false);
});

test('comparison_create: ambiguous code adds nothing and returns candidates; a qualified code works', async () => {
  const core = await loadedCore();
  const amb = failureOf(await core.tools.execute('comparison_create', { symbol: 'ACME' }));
  assert.equal(amb.code, 'ambiguous');
  const candidates = (amb.data as { candidates: { qualifiedSymbol: string }[] }).candidates
    .map((c) => c.qualifiedSymbol)
    .sort();
  assert.deepEqual(candidates, ['NYSE:ACME', 'XETRA:ACME']);
  assert.deepEqual(core.context.get()!.comparisons, []);
  const ok = dataOf<{ symbol: string }>(await core.tools.execute('comparison_create', { symbol: 'XETRA:ACME' }));
  assert.equal(ok.symbol, 'XETRA:ACME');
});

test('comparison_create errors: not_found (code, source), out_of_range past five, no_data, invalid_input', async () => {
  const core = await loadedCore();
  assert.equal(failureOf(await core.tools.execute('comparison_create', { symbol: 'NOPE' })).code, 'not_found');
  const source = failureOf(await core.tools.execute('comparison_create', { symbol: 'BTCUSDT', sourceId: 'nowhere' }));
  assert.equal(source.code, 'not_found');
  assert.match(source.recommendedAction ?? '', /sample/);
  for (const symbol of ['BTCUSDT', 'ETHUSDT', 'SHDEMO', 'HKDEMO', 'TKDEMO']) {
    assert.ok((await core.tools.execute('comparison_create', { symbol })).success, symbol);
  }
  const sixth = failureOf(await core.tools.execute('comparison_create', { symbol: 'LNDEMO' }));
  assert.equal(sixth.code, 'out_of_range');
  assert.match(sixth.recommendedAction ?? '', /comparison_remove/);
  assert.equal(core.context.get()!.comparisons.length, 5);
  assert.equal(failureOf(await core.tools.execute('comparison_create', {})).code, 'invalid_input');
  assert.equal(failureOf(await core.tools.execute('comparison_create', { symbol: '' })).code, 'invalid_input');
  const empty = new ChartCore({ chartId: 'e' });
  assert.equal(failureOf(await empty.tools.execute('comparison_create', { symbol: 'BTCUSDT' })).code, 'no_data');
});

test('comparison_create: stale_binding when the chart data changes while the overlay loads; nothing is added', async () => {
  const core = await loadedCore();
  const pending = core.tools.execute('comparison_create', { symbol: 'ETHUSDT' });
  // New bars arrive for the chart (a reload) before the comparison's own data is in.
  core.setBars(core.store.peek('series')!.bars);
  const error = failureOf(await pending);
  assert.equal(error.code, 'stale_binding');
  assert.equal(error.retryable, true);
  assert.deepEqual(core.context.get()!.comparisons, []);
});

test('comparison_remove: by symbol (plain code matches EXCHANGE:CODE), one undo step; not_found lists the active ones', async () => {
  const core = await loadedCore();
  await core.tools.execute('comparison_create', { symbol: 'XETRA:ACME' });
  await core.tools.execute('comparison_create', { symbol: 'ETHUSDT' });
  const d = core.tools.describe().find((t) => t.name === 'comparison_remove')!;
  assert.match(d.description, /Active comparisons: XETRA:ACME, ETHUSDT\./);
  const missing = failureOf(await core.tools.execute('comparison_remove', { symbol: 'BTCUSDT' }));
  assert.equal(missing.code, 'not_found');
  assert.match(missing.recommendedAction ?? '', /XETRA:ACME, ETHUSDT/);
  const r = await core.tools.execute('comparison_remove', { symbol: 'acme' });
  assert.deepEqual(dataOf(r), { removed: 'XETRA:ACME' });
  assert.deepEqual(
    core.context.get()!.comparisons.map((c) => c.symbol),
    ['ETHUSDT'],
  );
  assert.equal(core.undo(), 'comparison_remove');
  assert.deepEqual(
    core.context.get()!.comparisons.map((c) => c.symbol),
    ['XETRA:ACME', 'ETHUSDT'],
  );
  assert.equal(failureOf(await core.tools.execute('comparison_remove', {})).code, 'invalid_input');
  const none = new ChartCore({ chartId: 'n' });
  const nothing = failureOf(await none.tools.execute('comparison_remove', { symbol: 'X' }));
  assert.equal(nothing.code, 'not_found');
  assert.match(nothing.recommendedAction ?? '', /no comparisons/);
});

test('comparisons_list refuses input it does not declare, and a read-only run may list but not create', async () => {
  const core = await loadedCore();
  assert.equal(failureOf(await core.tools.execute('comparisons_list', { symbol: 'X' })).code, 'invalid_input');
  assert.ok((await core.tools.execute('comparisons_list', {}, { origin: 'agent', readOnly: true })).success);
  assert.equal(
    failureOf(await core.tools.execute('comparison_create', { symbol: 'BTCUSDT' }, { origin: 'agent', readOnly: true }))
      .code,
    'not_allowed',
  );
});
