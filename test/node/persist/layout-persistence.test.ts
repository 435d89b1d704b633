import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ChartCore } from '../../../src/core/commands/chart-core.js';
import { applyLayout, snapshotPersisted, LayoutPersistence, parseLayout, serializeLayout, LAYOUT_VERSION } from '../../../src/core/persist/index.js';
import { barTime, loadedCore, ok } from '../commands/drawing-fixture.js';
import { MapStorage } from './persist-fixture.js';

async function decoratedCore(): Promise<ChartCore> {
  const core = await loadedCore();
  await ok(core, 'drawing_create', { kind: 'trend_line', points: [{ time: barTime(core, -30), price: 40 }, { time: barTime(core, -10), price: 45 }], style: { color: '#ff0000', dash: 'dotted' }, label: 'up' });
  const { id } = await ok<{ id: string }>(core, 'drawing_create', { kind: 'horizontal_line', points: [{ time: barTime(core, -3), price: 50 }] });
  await ok(core, 'drawing_update', { id, locked: true });
  core.store.action('setup', (d) => {
    d.set('indicators', [{ instanceId: 'macd-1', definitionId: 'MACD', params: { fast: 12, slow: 26, signal: 9 }, paneId: 'pane-macd-1' }]);
    d.set('panes', [{ id: 'price', weight: 3 }, { id: 'pane-macd-1', weight: 1 }]);
    d.set('comparisons', [{ symbol: 'ACME', sourceId: 'sample', color: '#f5a623' }]);
    d.set('settings', { ...d.get('settings'), candleStyle: 'hollow', grid: false });
  });
  return core;
}

test('a saved layout restores indicators, panes, drawings, comparisons and settings on a fresh chart', async () => {
  const core = await decoratedCore();
  const storage = new MapStorage();
  const persistence = new LayoutPersistence(storage);
  assert.deepEqual(persistence.save('layout', serializeLayout(snapshotPersisted(core.store), 1234)), { ok: true });
  const saved = JSON.parse(storage.getItem('layout')!);
  assert.equal(saved.version, LAYOUT_VERSION);
  assert.equal(saved.savedAt, 1234);

  // "Reload": a new core, data loaded, then the layout applied.
  const fresh = await loadedCore();
  const restored = new LayoutPersistence(storage).restore('layout');
  assert.equal(restored.status, 'restored');
  if (restored.status !== 'restored') return;
  applyLayout(fresh.store, restored.layout);
  for (const key of ['indicators', 'panes', 'drawings', 'comparisons', 'settings'] as const) {
    assert.deepEqual(fresh.store.peek(key), core.store.peek(key), `${key} restored`);
  }
  assert.equal(fresh.store.history.canUndo, false, 'a restore is not an undo step');
  assert.equal(fresh.context.get()!.symbol, 'DEMO');
  assert.equal((await ok<{ drawings: unknown[] }>(fresh, 'drawings_list', {})).drawings.length, 2, 'the tools see the restored drawings');
  // New drawings get ids that do not collide with restored ones.
  const { id } = await ok<{ id: string }>(fresh, 'drawing_create', { kind: 'text', points: [{ time: barTime(fresh, -4), price: 44 }], label: 'new' });
  assert.equal(fresh.drawings.current().filter((d) => d.id === id).length, 1);
});

test('serializeLayout leaves out instruments without drawings and copies deeply', async () => {
  const core = await decoratedCore();
  const state = { indicators: core.store.peek('indicators'), panes: core.store.peek('panes'), drawings: { ...core.store.peek('drawings'), 'sample:EMPTY': [] } as Record<string, readonly import('../../../src/core/drawings/index.js').Drawing[]>, comparisons: [], settings: core.store.peek('settings') };
  const doc = serializeLayout(state, 1);
  assert.deepEqual(Object.keys(doc.drawings), ['sample:DEMO']);
  assert.notEqual(doc.drawings['sample:DEMO'], state.drawings['sample:DEMO']);
  const round = parseLayout(JSON.stringify(doc));
  assert.ok(round.ok);
  assert.deepEqual(round.layout, doc);
});

test('a corrupt record raises an error, is not applied and is kept aside, never overwritten', () => {
  const storage = new MapStorage();
  const bad = '{"version":1,"savedAt":1,"indicators":[],"panes":[{"id":"price","weight":3}],"drawings":{"sample:DEMO":[{"id":"d1","kind":"trend_line","points":[{"time":1,"price":2}],"paneId":"price","style":{"color":"#fff","width":1,"dash":"solid"},"locked":false,"z":1}]},"comparisons":[],"settings":{}}';
  storage.setItem('layout', bad);
  let t = 1000;
  const persistence = new LayoutPersistence(storage, { now: () => t });
  const result = persistence.restore('layout');
  assert.equal(result.status, 'rejected');
  if (result.status !== 'rejected') return;
  assert.equal(result.code, 'persist_corrupt');
  assert.match(result.message, /drawings\["sample:DEMO"\]\[0\]\.points: trend_line needs 2 points/);
  assert.equal(result.quarantineKey, 'layout:quarantine:1000');
  assert.equal(storage.getItem('layout:quarantine:1000'), bad, 'the bad record is kept byte for byte');
  assert.equal(storage.getItem('layout'), null, 'the key is free for new saves');
  assert.equal(persistence.restore('layout').status, 'empty', 'a reload does not report it twice');
  // A second corrupt record at the same instant gets its own copy: the first is never overwritten.
  storage.setItem('layout', 'not json{');
  const second = persistence.restore('layout');
  assert.ok(second.status === 'rejected' && second.quarantineKey === 'layout:quarantine:1000-1');
  assert.equal(storage.getItem('layout:quarantine:1000'), bad);
  assert.equal(storage.getItem('layout:quarantine:1000-1'), 'not json{');
  t = 2000;
  assert.deepEqual(persistence.save('layout', JSON.parse(bad.replace('"points":[{"time":1,"price":2}]', '"points":[{"time":1,"price":2},{"time":3,"price":4}]'))), { ok: true });
  assert.equal(storage.getItem('layout:quarantine:1000'), bad, 'saving does not touch the quarantine');
});

test('a document from a newer version is refused with its version and kept aside', () => {
  const storage = new MapStorage();
  const newer = JSON.stringify({ version: 2, savedAt: 5, layoutV2: { anything: true } });
  storage.setItem('k', newer);
  const result = new LayoutPersistence(storage, { now: () => 7 }).restore('k');
  assert.ok(result.status === 'rejected');
  assert.equal(result.code, 'persist_newer_version');
  assert.match(result.message, /newer version \(2\)/);
  assert.equal(storage.getItem('k:quarantine:7'), newer);
  const parsed = parseLayout(newer);
  assert.ok(!parsed.ok && parsed.newerVersion === 2);
});

test('parseLayout names the first bad field', () => {
  const base = { version: 1, savedAt: 1, indicators: [], panes: [{ id: 'price', weight: 3 }], drawings: {}, comparisons: [], settings: {} };
  const cases: [unknown, RegExp][] = [
    [{ ...base, version: 0 }, /^version/],
    [{ ...base, panes: [{ id: 'vol', weight: 1 }] }, /panes\[0\]\.id/],
    [{ ...base, indicators: [{ instanceId: 'a', definitionId: 'MA', params: 3, paneId: 'price' }] }, /indicators\[0\]\.params/],
    [{ ...base, settings: { grid: 'yes' } }, /settings\.grid/],
    [{ ...base, drawings: { k: [{ id: 'x', kind: 'circle', points: [], paneId: 'price', style: {}, locked: false, z: 0 }] } }, /drawings\["k"\]\[0\]\.kind/],
    [{ ...base, comparisons: {} }, /comparisons/],
    [[1, 2], /object/],
  ];
  for (const [doc, reason] of cases) {
    const r = parseLayout(JSON.stringify(doc));
    assert.ok(!r.ok, JSON.stringify(doc));
    assert.match(r.reason, reason);
  }
  const minimal = parseLayout(JSON.stringify(base));
  assert.ok(minimal.ok);
  assert.equal(minimal.layout.settings.candleStyle, 'solid', 'missing settings take their defaults');
});

test('a storage that throws is reported, not fatal', () => {
  const broken = { getItem: () => { throw new Error('blocked'); }, setItem: () => { throw new Error('quota'); } };
  const p = new LayoutPersistence(broken);
  const r = p.restore('k');
  assert.equal(r.status, 'unavailable');
  const s = p.save('k', JSON.parse('{"version":1}'));
  assert.ok(!s.ok && /quota/.test(s.message));
});
