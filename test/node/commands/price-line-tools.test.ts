import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PriceLine } from '../../../src/core/state/index.js';
import { ChartCore } from '../../../src/core/commands/chart-core.js';
import { movePriceLine } from '../../../src/core/commands/index.js';
import {
  applyLayout,
  mergeLayouts,
  parseLayout,
  serializeLayout,
  snapshotPersisted,
} from '../../../src/core/persist/index.js';
import { dataOf, failureOf, loadedCore } from '../catalog/catalog-fixture.js';

test('price_lines_create with defaults, list, update, remove — each one undo step', async () => {
  const core = await loadedCore();
  const { id, line } = dataOf<{ id: string; line: PriceLine }>(
    await core.tools.execute('price_lines_create', { price: 101.5, label: 'Stop' }),
  );
  assert.deepEqual(line, {
    id,
    price: 101.5,
    label: 'Stop',
    color: '#2962ff',
    style: 'dashed',
    axisLabel: true,
    draggable: false,
    alert: 'off',
    alertOnce: true,
  });
  const listed = dataOf<{ lines: PriceLine[] }>(await core.tools.execute('price_lines_list', {}));
  assert.deepEqual(listed.lines, [line]);
  const up = dataOf<{ previous: PriceLine; line: PriceLine }>(
    await core.tools.execute('price_lines_update', { id, price: 99, style: 'solid', draggable: true }),
  );
  assert.equal(up.previous.price, 101.5);
  assert.deepEqual({ ...up.line }, { ...line, price: 99, style: 'solid', draggable: true });
  assert.equal(core.undo(), 'price_lines_update');
  assert.equal(core.priceLines.current()[0].price, 101.5);
  core.redo();
  const second = dataOf<{ id: string }>(
    await core.tools.execute('price_lines_create', { price: 120, color: 'orange', style: 'dotted', axisLabel: false }),
  ).id;
  assert.notEqual(second, id);
  assert.equal(dataOf<{ removed: number }>(await core.tools.execute('price_lines_remove', { ids: [id] })).removed, 1);
  assert.deepEqual(
    core.priceLines.current().map((l) => l.id),
    [second],
  );
  assert.equal(dataOf<{ removed: number }>(await core.tools.execute('price_lines_remove', {})).removed, 1);
  assert.equal(core.priceLines.current().length, 0);
  assert.equal(core.undo(), 'price_lines_remove');
  assert.equal(core.priceLines.current().length, 1);
});

test('price line errors: bad colour, style, unknown id, no data — nothing changes', async () => {
  const core = await loadedCore();
  const { id } = dataOf<{ id: string }>(await core.tools.execute('price_lines_create', { price: 100 }));
  const before = core.store.peek('priceLines');
  assert.equal(
    failureOf(await core.tools.execute('price_lines_create', { price: 100, color: 'blurple' })).code,
    'invalid_input',
  );
  assert.equal(
    failureOf(await core.tools.execute('price_lines_create', { price: 100, style: 'wavy' })).code,
    'invalid_input',
  );
  assert.equal(failureOf(await core.tools.execute('price_lines_create', { price: 'high' })).code, 'invalid_input');
  assert.equal(
    failureOf(await core.tools.execute('price_lines_create', { price: 1, label: 'x'.repeat(41) })).code,
    'invalid_input',
  );
  assert.equal(failureOf(await core.tools.execute('price_lines_update', { id, color: '#12' })).code, 'invalid_input');
  const nf = failureOf(await core.tools.execute('price_lines_update', { id: 'pl-404', price: 1 }));
  assert.equal(nf.code, 'not_found');
  assert.match(nf.details?.[0].reason ?? '', new RegExp(id));
  assert.equal(failureOf(await core.tools.execute('price_lines_remove', { ids: ['pl-404'] })).code, 'not_found');
  assert.equal(core.store.peek('priceLines'), before);
  assert.equal(
    failureOf(await new ChartCore({ chartId: 'e' }).tools.execute('price_lines_create', { price: 1 })).code,
    'no_data',
  );
  const same = await core.tools.execute('price_lines_update', { id, price: 100 });
  assert.ok(same.success && !same.stateChanged);
});

test('move (the pointer drag) is one undo step; price lines round-trip and merge through the layout', async () => {
  const core = await loadedCore();
  const { id } = dataOf<{ id: string }>(
    await core.tools.execute('price_lines_create', { price: 100, draggable: true }),
  );
  movePriceLine(core.priceLines, id, 105.25);
  assert.equal(core.priceLines.current()[0].price, 105.25);
  assert.equal(core.undo(), 'price_line_move');
  assert.equal(core.priceLines.current()[0].price, 100);
  core.redo();
  const doc = serializeLayout(snapshotPersisted(core.store));
  const parsed = parseLayout(JSON.stringify(doc));
  assert.ok(parsed.ok);
  const other = await loadedCore();
  applyLayout(other.store, parsed.layout);
  assert.deepEqual(other.priceLines.current(), core.priceLines.current());
  // Two tabs: one adds a line, the other moves the existing one; both survive the merge.
  const base = doc;
  const { id: added } = dataOf<{ id: string }>(await core.tools.execute('price_lines_create', { price: 90 }));
  const ours = serializeLayout(snapshotPersisted(core.store));
  movePriceLine(other.priceLines, id, 111);
  const theirs = serializeLayout(snapshotPersisted(other.store));
  const merged = mergeLayouts(base, ours, theirs);
  const lines = merged.layout.priceLines?.['sample:DEMO'] ?? [];
  assert.deepEqual(
    lines.map((l) => [l.id, l.price]).sort(),
    [
      [added, 90],
      [id, 111],
    ].sort(),
  );
  assert.deepEqual(merged.conflicts, []);
});
