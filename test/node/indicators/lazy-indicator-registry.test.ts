import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Signal } from 'signal-polyfill';
import { ChartCore } from '../../../src/core/commands/chart-core.js';
import {
  BUILTIN_INDICATORS,
  BUILTIN_INDICATOR_INDEX,
  CONVENTIONAL_VARIANTS,
  createLazyIndicatorRegistry,
} from '../../../src/core/indicators/index.js';
import type { ToolResult } from '../../../src/protocol/index.js';

function ok(result: ToolResult) {
  if (!result.success) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result;
}

test('the lazy index names every built-in exactly as its definition does, in the same order', () => {
  assert.deepEqual(
    BUILTIN_INDICATOR_INDEX.map((e) => ({ ...e })),
    BUILTIN_INDICATORS.map((d) => ({ id: d.id, name: d.name, category: d.category, placement: d.placement })),
  );
});

test('loading a study brings its definition and every convention variant of it, nothing else', async () => {
  const registry = createLazyIndicatorRegistry();
  // The default and example studies are in the bundle itself; the rest are known by their index entry.
  assert.deepEqual(
    registry.list().map((d) => d.id),
    ['MA', 'VOL', 'MACD'],
  );
  assert.equal(registry.entries().length, BUILTIN_INDICATORS.length);
  assert.equal(registry.has('kc'), true);
  assert.equal(registry.loaded('kc'), false);
  await registry.load('kc');
  assert.deepEqual(
    registry.list().map((d) => d.id),
    ['MA', 'KC', 'VOL', 'MACD'],
  );
  const kc = registry.get('KC')!;
  assert.equal(
    kc,
    BUILTIN_INDICATORS.find((d) => d.id === 'KC'),
  );
  assert.equal(
    registry.resolve('KC', 'tradingview'),
    CONVENTIONAL_VARIANTS.tradingview.find((d) => d.id === 'KC'),
  );
  assert.equal(registry.resolve('KC', 'tdx'), kc, 'no tdx form: the TA-Lib one');
  assert.equal(registry.get('RSI'), undefined, 'RSI is not loaded by KC');
  await registry.loadAll();
  assert.equal(registry.pending, false);
  // After loading, the order is the built-in order whatever order the code arrived in.
  assert.deepEqual(
    registry.list().map((d) => d.id),
    BUILTIN_INDICATORS.map((d) => d.id),
  );
  assert.throws(() => registry.register(kc), /already registered/);
});

test('asking for an unloaded study inside a computed starts its load and re-runs the computed when it arrives', async () => {
  const registry = createLazyIndicatorRegistry();
  const name = new Signal.Computed(() => registry.get('BOLL')?.name ?? 'loading');
  const seen: string[] = [];
  const watcher = new Signal.subtle.Watcher(() => queueMicrotask(() => seen.push(name.get())));
  watcher.watch(name);
  assert.equal(name.get(), 'loading');
  await registry.load('BOLL');
  await new Promise((r) => setTimeout(r, 0));
  assert.deepEqual(seen, ['Bollinger Bands']);
  watcher.unwatch(name);
});

test('a chart on the lazy registry: tools that name a study load it first; indicators_list lists all', async () => {
  const core = new ChartCore({ chartId: 'c1', indicatorRegistry: createLazyIndicatorRegistry() });
  await core.loadTarget({ symbol: 'DEMO', period: '1d', sourceId: 'sample' }, null);
  const added = ok(await core.tools.execute('indicators_add', { definitionId: 'rsi', params: { period: 10 } }));
  assert.equal((added.data as { label: string }).label, 'RSI(10)');
  assert.equal(core.indicatorRegistry.get('EMA'), undefined, 'only the named study was loaded');
  const query = ok(await core.tools.execute('indicators_query', { definitionId: 'CCI', limit: 3 }));
  assert.match(query.text ?? '', /^CCI\(/);
  const unknown = await core.tools.execute('indicators_add', { definitionId: 'MACDD' });
  assert.equal(unknown.success, false);
  if (!unknown.success) assert.match(unknown.error.message, /Did you mean .*MACD/);
  const list = ok(await core.tools.execute('indicators_list', {}));
  assert.equal((list.data as { definitionIds: string[] }).definitionIds.length, BUILTIN_INDICATORS.length);
});
