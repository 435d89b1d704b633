import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyLayout, LayoutPersistence } from '../../../src/core/persist/index.js';
import { MAX_PANES, MAX_STUDIES } from '../../../src/core/commands/indicator-commands.js';
import { loadedCore } from '../commands/drawing-fixture.js';
import { MapStorage } from './persist-fixture.js';

test('a saved layout with 300 studies in 300 panes (saved before the limits, or edited) restores at most 40 studies and 12 panes, and says what it left out', async () => {
  const indicators = Array.from({ length: 300 }, (_, i) => ({
    instanceId: `rsi-${i}`,
    definitionId: 'RSI',
    params: { period: 14 },
    paneId: `pane-rsi-${i}`,
  }));
  const overlays = Array.from({ length: 60 }, (_, i) => ({
    instanceId: `ma-${i}`,
    definitionId: 'MA',
    params: { periods: [5 + i] },
    paneId: 'price',
  }));
  const panes = [{ id: 'price', weight: 3 }, ...indicators.map((s) => ({ id: s.paneId, weight: 1 }))];
  const storage = new MapStorage();
  storage.setItem(
    'layout',
    JSON.stringify({
      version: 1,
      savedAt: 1,
      indicators: [...overlays, ...indicators],
      panes,
      drawings: {},
      comparisons: [],
      settings: {},
    }),
  );
  const restored = new LayoutPersistence(storage).restore('layout');
  assert.equal(restored.status, 'restored');
  if (restored.status !== 'restored') return;
  const { layout } = restored;
  assert.ok(layout.indicators.length <= MAX_STUDIES, `${layout.indicators.length} studies`);
  assert.ok(layout.panes.length - 1 <= MAX_PANES, `${layout.panes.length - 1} indicator panes`);
  // Every study kept is in a pane kept.
  const paneIds = new Set(layout.panes.map((p) => p.id));
  for (const s of layout.indicators) assert.ok(paneIds.has(s.paneId), `${s.instanceId} in a pane that was left out`);
  assert.ok(layout.panes.length > 1, 'the panes up to the limit stay');
  assert.ok(
    restored.dropped.some((d) => /at most/.test(d)),
    `the left-out part is reported: ${restored.dropped.slice(0, 3).join(' | ')}`,
  );
  const core = await loadedCore();
  applyLayout(core.store, layout);
  assert.equal(core.store.peek('indicators').length, layout.indicators.length);
});
