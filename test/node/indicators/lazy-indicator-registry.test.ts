import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Signal } from 'signal-polyfill';
import { ChartCore } from '../../../src/core/commands/chart-core.js';
import {
  BUILTIN_INDICATORS,
  BUILTIN_INDICATOR_IDS,
  CONVENTIONAL_VARIANTS,
  IndicatorRegistry,
  createLazyIndicatorRegistry,
  loadStudies,
  loadStudiesNamedIn,
  parseIndicatorList,
  studiesForSettings,
  studiesOfList,
} from '../../../src/core/indicators/index.js';
import { DEFAULT_SETTINGS } from '../../../src/core/state/index.js';
import { BUILTIN_INDICATOR_INDEX } from '../../../src/core/indicators/builtin-indicator-index.js';
import type { ToolResult } from '../../../src/protocol/index.js';

function ok(result: ToolResult) {
  if (!result.success) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result;
}

test('the lazy index names every built-in exactly as its definition does, in the same order; the eager ids too', () => {
  assert.deepEqual(
    BUILTIN_INDICATOR_INDEX.map((e) => ({ ...e })),
    BUILTIN_INDICATORS.map((d) => ({ id: d.id, name: d.name, category: d.category, placement: d.placement })),
  );
  assert.deepEqual(
    BUILTIN_INDICATOR_IDS,
    BUILTIN_INDICATORS.map((d) => d.id),
  );
});

test('entries(): the names of studies not loaded arrive with the index chunk, which the first read starts loading', async () => {
  const registry = createLazyIndicatorRegistry();
  const ids = new Signal.Computed(() => registry.entries().map((e) => e.id));
  const seen: number[] = [];
  const watcher = new Signal.subtle.Watcher(() => queueMicrotask(() => seen.push(ids.get().length)));
  watcher.watch(ids);
  assert.deepEqual(ids.get(), ['MA', 'VOL', 'MACD'], 'the loaded studies at once');
  await registry.loadIndex(); // the load the read started
  await new Promise((r) => setTimeout(r, 0));
  assert.deepEqual(seen, [BUILTIN_INDICATORS.length], 're-run once the index is in');
  assert.deepEqual(
    registry.entries().map((e) => ({ id: e.id, name: e.name, category: e.category, placement: e.placement })),
    BUILTIN_INDICATOR_INDEX.map((e) => ({ ...e })),
  );
  watcher.unwatch(ids);
  // Loading a study before the index keeps its place and takes its definition's entry.
  const other = createLazyIndicatorRegistry();
  await other.load('RSI');
  assert.deepEqual(
    other.entries().map((e) => e.id),
    ['MA', 'VOL', 'MACD', 'RSI'],
  );
  await other.loadIndex();
  assert.equal(other.entries().length, BUILTIN_INDICATORS.length);
});

test("settled() (a chart's whenPainted) never waits for the names entries() started loading: they are for lists, not painting", async () => {
  const registry = new IndicatorRegistry();
  registry.registerLazy('RSI', () => Promise.reject(new Error('not loaded in this test')));
  let started = 0;
  registry.registerIndex(() => {
    started++;
    return new Promise(() => {}); // a names chunk that never arrives
  });
  assert.deepEqual(
    registry.entries().map((e) => e.id),
    [],
  );
  assert.equal(started, 1, 'the read started the load');
  const settled = await Promise.race([
    registry.settled().then(() => 'settled'),
    new Promise((r) => setTimeout(() => r('waiting'), 200)),
  ]);
  assert.equal(settled, 'settled');
});

test('loading a study brings its definition and every convention variant of it, nothing else', async () => {
  const registry = createLazyIndicatorRegistry();
  // The default and example studies are in the bundle itself; the rest are known by their index entry.
  assert.deepEqual(
    registry.list().map((d) => d.id),
    ['MA', 'VOL', 'MACD'],
  );
  await registry.loadIndex();
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

// ---- the eager studies' convention forms load on demand (issue #12) ----

const tdxMacd = () => CONVENTIONAL_VARIANTS.tdx.find((d) => d.id === 'MACD')!;
const tvMacd = () => CONVENTIONAL_VARIANTS.tradingview.find((d) => d.id === 'MACD')!;

test("MACD's tdx and tradingview forms are known by id and load on demand; resolve never answers the TA-Lib form for them", async () => {
  const registry = createLazyIndicatorRegistry();
  assert.equal(registry.hasVariant('MACD', 'tdx'), true);
  assert.equal(registry.hasVariant('macd', 'tradingview'), true);
  assert.equal(registry.hasVariant('MA', 'tdx'), false);
  assert.equal(registry.loaded('MACD'), true);
  assert.equal(registry.loaded('MACD', 'ta-lib'), true);
  assert.equal(registry.loaded('MACD', 'tdx'), false);
  assert.equal(registry.loaded('MA', 'tdx'), true, 'MA has no tdx form: nothing to load');
  assert.equal(registry.resolve('MACD', 'ta-lib')?.name, 'Moving Average Convergence Divergence');
  assert.equal(registry.resolve('MACD', 'tdx'), undefined, 'not the TA-Lib form while the tdx one loads');
  await registry.settled();
  assert.equal(registry.resolve('MACD', 'tdx'), tdxMacd(), 'the read started the load');
  assert.equal(registry.loaded('MACD', 'tradingview'), false, 'only the form asked for');
  await registry.load('MACD', 'tradingview');
  assert.equal(registry.resolve('MACD', 'tradingview'), tvMacd());
  assert.throws(() => registry.registerVariant('tdx', tdxMacd()), /already has a tdx variant/);
});

test('a computed that resolves MACD under tdx re-runs when its form arrives', async () => {
  const registry = createLazyIndicatorRegistry();
  const outputs = new Signal.Computed(() =>
    (registry.resolve('MACD', 'tdx')?.outputs({}) ?? []).map((o) => o.label).join(','),
  );
  const seen: string[] = [];
  const watcher = new Signal.subtle.Watcher(() => queueMicrotask(() => seen.push(outputs.get())));
  watcher.watch(outputs);
  assert.equal(outputs.get(), '');
  await registry.settled();
  await new Promise((r) => setTimeout(r, 0));
  assert.deepEqual(seen, ['DIF,DEA,MACD']);
  watcher.unwatch(outputs);
});

test('pending counts lazy forms; loadAll(convention) loads only that convention, loadAll() every one', async () => {
  const registry = createLazyIndicatorRegistry();
  await registry.loadAll('ta-lib');
  assert.equal(registry.pending, true, 'the MACD forms are still known by id only');
  assert.equal(registry.loaded('MACD', 'tdx'), false);
  await registry.loadAll('tdx');
  assert.equal(registry.loaded('MACD', 'tdx'), true);
  assert.equal(registry.loaded('MACD', 'tradingview'), false);
  await registry.loadAll();
  assert.equal(registry.pending, false);
});

/** A registry whose MACD tdx form loads only while `online` is true. */
function flakyRegistry(state: { online: boolean; fetches: number }) {
  const registry = new IndicatorRegistry();
  for (const def of BUILTIN_INDICATORS) registry.register(def);
  registry.registerLazyVariant('tdx', 'MACD', () => {
    state.fetches++;
    return state.online ? Promise.resolve(tdxMacd()) : Promise.reject(new TypeError('Failed to fetch'));
  });
  return registry;
}

test('a form that cannot be loaded: load rejects, a later load retries; the list parse names why it skipped the study', async () => {
  const state = { online: false, fetches: 0 };
  const registry = flakyRegistry(state);
  await assert.rejects(registry.load('MACD', 'tdx'), /Failed to fetch/);
  const parsed = parseIndicatorList('MA,MACD', registry, 'tdx');
  assert.deepEqual(
    parsed.items.map((i) => i.definitionId),
    ['MA'],
  );
  assert.deepEqual(parsed.errors, [{ text: 'MACD', reason: 'its tdx form could not be loaded' }]);
  await registry.settled(); // the parse's resolve tried again (and failed)
  await assert.rejects(loadStudies(registry, [{ id: 'MACD', convention: 'tdx' }])!, /tdx form of indicator MACD/);
  state.online = true;
  await registry.load('MACD', 'tdx');
  assert.equal(registry.resolve('MACD', 'tdx'), tdxMacd());
  assert.equal(loadStudies(registry, [{ id: 'MACD', convention: 'tdx' }]), undefined, 'nothing left to load');
});

test('studiesOfList and studiesForSettings: the forms a list or a settings change needs', () => {
  assert.deepEqual(studiesOfList('MA(5),MACD(12,26,9;tradingview),VOL', 'tdx'), [
    { id: 'MA', convention: 'tdx' },
    { id: 'MACD', convention: 'tradingview' },
    { id: 'VOL', convention: 'tdx' },
  ]);
  const instances = [
    { instanceId: 'macd-1', definitionId: 'MACD' },
    { instanceId: 'macd-2', definitionId: 'MACD', convention: 'ta-lib' as const },
  ];
  assert.deepEqual(studiesForSettings(instances, { indicatorConvention: 'auto', locale: 'en' }, { locale: 'zh-CN' }), [
    { id: 'MACD', convention: 'tdx' },
  ]);
  assert.deepEqual(
    studiesForSettings(instances, { indicatorConvention: 'auto', locale: 'zh-CN' }, { indicatorConvention: 'ta-lib' }),
    [{ id: 'MACD', convention: 'ta-lib' }],
  );
  // settings_reset in load-studies-for-tool.ts assumes these defaults.
  assert.equal(DEFAULT_SETTINGS.indicatorConvention, 'auto');
  assert.equal(DEFAULT_SETTINGS.locale, 'en');
});

async function macdChart(registry = createLazyIndicatorRegistry()) {
  const core = new ChartCore({ chartId: 'c1', indicatorRegistry: registry });
  await core.loadTarget({ symbol: 'DEMO', period: '1d', sourceId: 'sample' }, null);
  core.indicators.applyIndicatorList('MACD');
  const instance = () => core.store.peek('indicators')[0];
  return { core, instance };
}

test('tools load the form they compute with first: settings_update, settings_reset, indicators_add/update/query', async () => {
  const { core, instance } = await macdChart();
  const registry = core.indicatorRegistry;
  assert.equal(core.indicatorEngine.study(instance())?.def.name, 'Moving Average Convergence Divergence');
  ok(await core.tools.execute('settings_update', { values: { indicatorConvention: 'tdx' } }));
  assert.equal(core.indicatorEngine.study(instance())?.def, tdxMacd(), 'tdx MACD right after the call');
  assert.equal(registry.loaded('MACD', 'tradingview'), false);
  const query = ok(await core.tools.execute('indicators_query', { instanceId: instance().instanceId, limit: 2 }));
  assert.match(query.text ?? '', /DIF/);
  ok(await core.tools.execute('settings_update', { values: { indicatorConvention: 'ta-lib' } }));
  const added = ok(await core.tools.execute('indicators_add', { definitionId: 'MACD', convention: 'tradingview' }));
  const id = (added.data as { instanceId: string }).instanceId;
  const tv = core.store.peek('indicators').find((i) => i.instanceId === id)!;
  assert.equal(core.indicatorEngine.study(tv)?.def, tvMacd());

  const fresh = await macdChart();
  ok(
    await fresh.core.tools.execute('indicators_update', { instanceId: fresh.instance().instanceId, convention: 'tdx' }),
  );
  assert.equal(fresh.core.indicatorEngine.study(fresh.instance())?.def, tdxMacd());

  const zh = await macdChart();
  ok(await zh.core.tools.execute('settings_update', { values: { locale: 'zh-CN', indicatorConvention: 'ta-lib' } }));
  assert.equal(zh.core.indicatorRegistry.loaded('MACD', 'tdx'), false, 'ta-lib on a zh chart needs no tdx form');
  ok(await zh.core.tools.execute('settings_reset', { keys: ['indicatorConvention'] }));
  assert.equal(zh.core.indicatorEngine.study(zh.instance())?.def, tdxMacd(), 'auto on zh-CN: tdx');
});

test('a tool whose form cannot be loaded fails (internal, retryable) and changes nothing; it works once it loads', async () => {
  const state = { online: false, fetches: 0 };
  const { core, instance } = await macdChart(flakyRegistry(state));
  const before = core.store.peek('settings');
  const failed = await core.tools.execute('settings_update', { values: { locale: 'zh-CN' } });
  assert.equal(failed.success, false);
  if (!failed.success) {
    assert.equal(failed.error.code, 'internal');
    assert.equal(failed.error.retryable, true);
    assert.match(failed.error.message, /tdx form of indicator MACD could not be loaded/);
  }
  assert.equal(core.store.peek('settings'), before);
  assert.equal(core.indicatorEngine.study(instance())?.def.name, 'Moving Average Convergence Divergence');
  const add = await core.tools.execute('indicators_add', { definitionId: 'macd', convention: 'tdx' });
  assert.equal(add.success, false);
  assert.equal(core.store.peek('indicators').length, 1);
  state.online = true;
  ok(await core.tools.execute('settings_update', { values: { locale: 'zh-CN' } }));
  assert.equal(core.indicatorEngine.study(instance())?.def, tdxMacd());
});

test('a saved layout loads the forms it names: its studies own, its indicatorConvention, tdx for a zh locale', async () => {
  const layout = (settings: string) =>
    `{"indicators":[{"instanceId":"macd-1","definitionId":"MACD","params":{}}],"settings":{${settings}}}`;
  const a = createLazyIndicatorRegistry();
  await loadStudiesNamedIn(a, layout('"locale":"zh-CN","indicatorConvention":"auto"'));
  assert.equal(a.loaded('MACD', 'tdx'), true);
  assert.equal(a.loaded('MACD', 'tradingview'), false);
  const b = createLazyIndicatorRegistry();
  await loadStudiesNamedIn(b, layout('"locale":"en","indicatorConvention":"tradingview"'));
  assert.equal(b.loaded('MACD', 'tradingview'), true);
  assert.equal(b.loaded('MACD', 'tdx'), false);
  // A page's zh `locale` attribute, which the restore keeps over the layout's en, needs the tdx forms too.
  const c = createLazyIndicatorRegistry();
  await loadStudiesNamedIn(c, layout('"locale":"en","indicatorConvention":"auto"'), 'zh-TW');
  assert.equal(c.loaded('MACD', 'tdx'), true);
});
