import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ChartCore } from '../../../src/core/commands/chart-core.js';
import { DEFAULT_SETTINGS } from '../../../src/core/state/index.js';
import { dataOf, failureOf } from './catalog-fixture.js';

interface SettingsData {
  values: Record<string, unknown>;
  previous: Record<string, unknown>;
}

test('settings_get: current values plus allowed values per writable key, before any data is loaded', async () => {
  const core = new ChartCore({ chartId: 's' });
  const r = await core.tools.execute('settings_get', {});
  assert.ok(r.success && !r.stateChanged);
  const data = r.data as { values: Record<string, unknown>; schema: Record<string, string> };
  assert.deepEqual(data.values, { ...DEFAULT_SETTINGS });
  assert.match(data.schema.candleStyle, /^solid\|hollow\|ohlc\|line\|area\|heikin_ashi: /);
  assert.match(data.schema.grid, /^boolean: /);
  assert.deepEqual(Object.keys(data.schema).sort(), Object.keys(DEFAULT_SETTINGS).sort());
  assert.equal(failureOf(await core.tools.execute('settings_get', { extra: 1 })).code, 'invalid_input');
});

test('settings_update: changes several keys as ONE undo step and returns the previous values', async () => {
  const core = new ChartCore({ chartId: 's' });
  const r = await core.tools.execute('settings_update', {
    values: { candleStyle: 'hollow', grid: false, timezone: 'Asia/Shanghai' },
  });
  const data = dataOf<SettingsData>(r);
  assert.ok(r.success && r.stateChanged);
  assert.deepEqual(data.previous, { candleStyle: 'solid', grid: true, timezone: '' });
  assert.equal(core.store.peek('settings').candleStyle, 'hollow');
  assert.equal(core.store.peek('settings').timezone, 'Asia/Shanghai');
  assert.equal(core.undo(), 'settings_update');
  assert.deepEqual({ ...core.store.peek('settings') }, { ...DEFAULT_SETTINGS });
  assert.equal(core.store.history.canUndo, false, 'one step for the three keys');
  // Setting what is already there is not a change and not an undo step.
  const same = await core.tools.execute('settings_update', { values: { candleStyle: 'solid' } });
  assert.ok(same.success && !same.stateChanged);
  assert.equal(core.store.history.canUndo, false);
});

test('settings_update errors: unknown key, value outside the enum, wrong type, unknown timezone — nothing changes', async () => {
  const core = new ChartCore({ chartId: 's' });
  const unknownKey = failureOf(await core.tools.execute('settings_update', { values: { candleColor: 'red' } }));
  assert.equal(unknownKey.code, 'invalid_input');
  assert.ok(
    unknownKey.details?.some((d) => d.path.startsWith('values')),
    JSON.stringify(unknownKey.details),
  );
  const badEnum = failureOf(await core.tools.execute('settings_update', { values: { candleStyle: 'heikin' } }));
  assert.equal(badEnum.code, 'invalid_input');
  assert.deepEqual(badEnum.details?.[0], {
    path: 'values.candleStyle',
    reason: 'expected one of "solid", "hollow", "ohlc", "line", "area", "heikin_ashi"',
  });
  const badType = failureOf(await core.tools.execute('settings_update', { values: { grid: 'yes' } }));
  assert.equal(badType.code, 'invalid_input');
  assert.equal(badType.details?.[0].path, 'values.grid');
  const zone = failureOf(
    await core.tools.execute('settings_update', { values: { timezone: 'Mars/Olympus', grid: false } }),
  );
  assert.equal(zone.code, 'invalid_input');
  assert.equal(zone.details?.[0].path, 'values.timezone');
  assert.match(zone.recommendedAction ?? '', /IANA/);
  assert.equal(failureOf(await core.tools.execute('settings_update', {})).code, 'invalid_input');
  assert.deepEqual(
    { ...core.store.peek('settings') },
    { ...DEFAULT_SETTINGS },
    'a refused call changes nothing, not even the valid keys',
  );
  assert.equal(core.store.history.canUndo, false);
});

test('settings_reset: the given keys or all, one undo step, previous values returned; bad keys refused', async () => {
  const core = new ChartCore({ chartId: 's' });
  await core.tools.execute('settings_update', { values: { candleStyle: 'ohlc', grid: false, theme: 'dark' } });
  const some = dataOf<SettingsData>(await core.tools.execute('settings_reset', { keys: ['candleStyle'] }));
  assert.deepEqual(some.previous, { candleStyle: 'ohlc' });
  assert.equal(core.store.peek('settings').candleStyle, 'solid');
  assert.equal(core.store.peek('settings').grid, false, 'keys not named keep their value');
  const all = dataOf<SettingsData>(await core.tools.execute('settings_reset', {}));
  assert.equal(all.previous.theme, 'dark');
  assert.deepEqual({ ...core.store.peek('settings') }, { ...DEFAULT_SETTINGS });
  assert.equal(core.undo(), 'settings_reset');
  assert.equal(core.store.peek('settings').theme, 'dark');
  const noop = await core.tools.execute('settings_reset', { keys: ['candleStyle'] });
  assert.ok(noop.success && !noop.stateChanged);
  const bad = failureOf(await core.tools.execute('settings_reset', { keys: ['colour'] }));
  assert.equal(bad.code, 'invalid_input');
  assert.equal(bad.details?.[0].path, 'keys[0]');
  assert.equal(failureOf(await core.tools.execute('settings_reset', { keys: 'theme' })).code, 'invalid_input');
});

test('settings tools obey the agent policy: a read-only run may read but not update or reset', async () => {
  const core = new ChartCore({ chartId: 's' });
  assert.ok((await core.tools.execute('settings_get', {}, { origin: 'agent', readOnly: true })).success);
  assert.equal(
    failureOf(
      await core.tools.execute('settings_update', { values: { grid: false } }, { origin: 'agent', readOnly: true }),
    ).code,
    'not_allowed',
  );
  assert.equal(
    failureOf(await core.tools.execute('settings_reset', {}, { origin: 'agent', readOnly: true })).code,
    'not_allowed',
  );
  core.setPolicy({ agent: 'full', allow: ['settings_get'] });
  assert.equal(
    failureOf(await core.tools.execute('settings_update', { values: { grid: false } }, { origin: 'agent' })).code,
    'not_allowed',
  );
  assert.ok(
    (await core.tools.execute('settings_update', { values: { grid: false } }, { origin: 'user' })).success,
    'the user is never restricted',
  );
});

test('settings_update and settings_reset descriptions carry the live current values', async () => {
  const core = new ChartCore({ chartId: 's' });
  await core.tools.execute('settings_update', { values: { candleStyle: 'area' } });
  const d = core.tools.describe().find((t) => t.name === 'settings_update')!;
  assert.match(d.description, /Current values: .*candleStyle=area/);
});
