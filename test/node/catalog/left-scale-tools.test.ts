import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseLayout } from '../../../src/core/persist/parse-layout.js';
import { serializeLayout } from '../../../src/core/persist/serialize-layout.js';
import { dataOf, failureOf, loadedCore } from './catalog-fixture.js';

test("indicators_add and comparison_create take scale 'left'; it is in their model schemas and survives a layout round trip", async () => {
  const core = await loadedCore();
  for (const name of ['indicators_add', 'comparison_create']) {
    const tool = core.tools.describe().find((t) => t.name === name)!;
    const scale = (tool.parameters.properties as Record<string, { enum?: string[]; description?: string }>).scale;
    assert.deepEqual(scale.enum, ['right', 'left'], name);
    assert.match(scale.description ?? '', /left/);
  }
  const overlay = dataOf<{ instanceId: string }>(
    await core.tools.execute('indicators_add', { definitionId: 'MA', scale: 'left' }),
  );
  const pane = dataOf<{ instanceId: string }>(
    await core.tools.execute('indicators_add', { definitionId: 'RSI', scale: 'left' }),
  );
  dataOf(await core.tools.execute('comparison_create', { symbol: 'HKDEMO', scale: 'left' }));
  const indicators = core.store.peek('indicators');
  assert.equal(indicators.find((i) => i.instanceId === overlay.instanceId)!.scale, 'left');
  assert.equal(
    indicators.find((i) => i.instanceId === pane.instanceId)!.scale,
    undefined,
    'a study in its own pane has no second scale',
  );
  assert.equal(core.store.peek('comparisons')[0].scale, 'left');
  const s = core.store;
  const doc = serializeLayout({
    indicators: s.peek('indicators'),
    panes: s.peek('panes'),
    drawings: s.peek('drawings'),
    comparisons: s.peek('comparisons'),
    settings: s.peek('settings'),
  });
  const back = parseLayout(JSON.stringify(doc));
  assert.ok(back.ok);
  if (!back.ok) return;
  assert.deepEqual(back.dropped, []);
  assert.equal(back.layout.indicators.find((i) => i.instanceId === overlay.instanceId)!.scale, 'left');
  assert.equal(back.layout.comparisons[0].scale, 'left');
  const bad = JSON.parse(JSON.stringify(doc));
  bad.comparisons[0].scale = 'middle';
  const parsed = parseLayout(JSON.stringify(bad));
  assert.ok(parsed.ok && parsed.dropped.some((d) => /comparisons\[0\]\.scale: expected 'left' or 'right'/.test(d)));
});

test("scale must be 'right' or 'left'", async () => {
  const core = await loadedCore();
  const e = failureOf(await core.tools.execute('indicators_add', { definitionId: 'MA', scale: 'top' }));
  assert.equal(e.code, 'invalid_input');
  assert.ok(e.details?.some((d) => d.path === 'scale'));
  const c = failureOf(await core.tools.execute('comparison_create', { symbol: 'HKDEMO', scale: 'middle' }));
  assert.equal(c.code, 'invalid_input');
  assert.deepEqual(core.store.peek('comparisons'), []);
});

test("indicators_list and comparisons_list report each item's scale: 'left' when put there, 'right' otherwise", async () => {
  const core = await loadedCore();
  const left = dataOf<{ instanceId: string }>(
    await core.tools.execute('indicators_add', { definitionId: 'MA', scale: 'left' }),
  );
  const right = dataOf<{ instanceId: string }>(await core.tools.execute('indicators_add', { definitionId: 'EMA' }));
  dataOf(await core.tools.execute('comparison_create', { symbol: 'HKDEMO', scale: 'left' }));
  dataOf(await core.tools.execute('comparison_create', { symbol: 'BTCUSDT' }));
  const listed = await core.tools.execute('indicators_list', {});
  const { active } = dataOf<{ active: { instanceId: string; scale: string }[] }>(listed);
  assert.equal(active.find((a) => a.instanceId === left.instanceId)?.scale, 'left');
  assert.equal(active.find((a) => a.instanceId === right.instanceId)?.scale, 'right');
  assert.ok(listed.success && listed.text?.includes(`${left.instanceId} `) && /scale=left/.test(listed.text));
  const { comparisons } = dataOf<{ comparisons: { symbol: string; scale: string }[] }>(
    await core.tools.execute('comparisons_list', {}),
  );
  assert.deepEqual(
    comparisons.map((c) => [c.symbol, c.scale]),
    [
      ['HKDEMO', 'left'],
      ['BTCUSDT', 'right'],
    ],
  );
});
