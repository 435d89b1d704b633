import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LayoutPersistence, LayoutSync, mergeLayouts, type LayoutDocument } from '../../../src/core/persist/index.js';
import { DEFAULT_SETTINGS } from '../../../src/core/state/index.js';
import type { Drawing } from '../../../src/core/drawings/index.js';
import { MapStorage } from './persist-fixture.js';

const line = (id: string, price: number): Drawing => ({
  id,
  kind: 'horizontal_line',
  points: [{ time: 1, price }],
  paneId: 'price',
  style: { color: '#ffffff', width: 1, dash: 'solid' },
  locked: false,
  z: 1,
});
const doc = (parts: Partial<LayoutDocument> = {}): LayoutDocument => ({
  version: 1,
  savedAt: 1,
  indicators: [],
  panes: [{ id: 'price', weight: 3 }],
  drawings: {},
  comparisons: [],
  settings: DEFAULT_SETTINGS,
  ...parts,
});

test("mergeLayouts keeps both sides' changes per item and reports items both changed", () => {
  const base = doc({
    drawings: { k: [line('a', 1), line('b', 2)] },
    indicators: [{ instanceId: 'i1', definitionId: 'MA', params: {}, paneId: 'price' }],
  });
  const ours = doc({
    drawings: { k: [line('a', 10), line('b', 2), line('ours', 3)] },
    indicators: [],
    settings: { ...DEFAULT_SETTINGS, grid: false },
  });
  const theirs = doc({
    drawings: { k: [line('a', 20), line('theirs', 4)] },
    indicators: [
      { instanceId: 'i1', definitionId: 'MA', params: {}, paneId: 'price' },
      { instanceId: 'i2', definitionId: 'RSI', params: {}, paneId: 'pane-i2' },
    ],
    panes: [
      { id: 'price', weight: 3 },
      { id: 'pane-i2', weight: 1 },
    ],
    settings: { ...DEFAULT_SETTINGS, theme: 'dark' },
  });
  const { layout, conflicts } = mergeLayouts(base, ours, theirs);
  // a: both changed → ours; b: removed by them, untouched here → removed; ours/theirs additions both kept.
  assert.deepEqual(
    layout.drawings.k.map((d) => [d.id, d.points[0].price]),
    [
      ['a', 10],
      ['theirs', 4],
      ['ours', 3],
    ],
  );
  // i1 removed here → removed; i2 added there → kept, with its pane.
  assert.deepEqual(
    layout.indicators.map((i) => i.instanceId),
    ['i2'],
  );
  assert.deepEqual(
    layout.panes.map((p) => p.id),
    ['price', 'pane-i2'],
  );
  assert.equal(layout.settings.grid, false);
  assert.equal(layout.settings.theme, 'dark');
  assert.deepEqual(conflicts, ['drawings["k"]["a"]']);
});

test("two tabs on one key: a save re-reads, merges the other tab's newer revision, and never overwrites it", () => {
  const storage = new MapStorage();
  const tabA = new LayoutSync(new LayoutPersistence(storage), 'k');
  const tabB = new LayoutSync(new LayoutPersistence(storage), 'k');
  assert.equal(tabA.restore().status, 'empty');
  assert.equal(tabB.restore().status, 'empty');
  const a1 = tabA.save(doc({ drawings: { k: [line('a', 1)] } }));
  assert.ok(a1.ok && a1.merged === null);
  assert.equal(JSON.parse(storage.getItem('k')!).revision, 1);
  // Tab B never saw revision 1; its save of an older in-memory layout merges instead of overwriting.
  const b1 = tabB.save(doc({ drawings: { k: [line('b', 2)] } }));
  assert.ok(b1.ok && b1.merged !== null);
  const stored = JSON.parse(storage.getItem('k')!) as LayoutDocument;
  assert.equal(stored.revision, 2);
  assert.deepEqual(
    stored.drawings.k.map((d) => d.id),
    ['a', 'b'],
  );
  // Tab A hears about it (a storage event): its unchanged layout takes B's, nothing to save back.
  const incoming = tabA.incoming(storage.getItem('k'), doc({ drawings: { k: [line('a', 1)] } }));
  assert.ok(incoming);
  assert.deepEqual(
    incoming.layout.drawings.k.map((d) => d.id),
    ['a', 'b'],
  );
  assert.equal(incoming.changed, false);
  // An old revision (or the same one again) is ignored.
  assert.equal(tabA.incoming(JSON.stringify({ ...stored, revision: 1 }), doc()), null);
  // A then saves normally on top of revision 2.
  const a2 = tabA.save(doc({ drawings: { k: [line('a', 1), line('b', 2), line('a2', 5)] } }));
  assert.ok(a2.ok && a2.merged === null);
  assert.equal(JSON.parse(storage.getItem('k')!).revision, 3);
});
