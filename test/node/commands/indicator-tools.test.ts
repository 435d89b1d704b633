import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ChartCore } from '../../../src/core/commands/chart-core.js';
import { loadedCore, snapshot, failureOf, successOf } from './indicator-fixture.js';

test('applyIndicatorList adds the usable studies with their panes, reports the rest, and is not an undo step', async () => {
  const core = new ChartCore({ chartId: 'c1' });
  const reported: { code: string; message: string }[] = [];
  core.onError((e) => reported.push(e));
  const { errors } = core.indicators.applyIndicatorList('MA(5,20),NOPE,VOL,MACD(12,26,0),MACD(12,26,9)');
  assert.deepEqual(
    errors.map((e) => e.text),
    ['NOPE', 'MACD(12,26,0)'],
  );
  assert.equal(reported.length, 2);
  assert.ok(reported.every((r) => r.code === 'invalid_indicator'));
  assert.match(reported[1].message, /MACD\(12,26,0\)/);
  const instances = core.store.peek('indicators');
  assert.deepEqual(
    instances.map((i) => i.definitionId),
    ['MA', 'VOL', 'MACD'],
  );
  assert.equal(instances[0].paneId, 'price');
  assert.equal(instances[2].paneId, `pane-${instances[2].instanceId}`);
  assert.deepEqual(core.store.peek('panes'), [
    { id: 'price', weight: 3 },
    { id: instances[1].paneId, weight: 1 },
    { id: instances[2].paneId, weight: 1 },
  ]);
  assert.equal(core.store.history.canUndo, false);
});

test('indicators_list: one line per definition with defaults and bounds, then the active instances', async () => {
  const core = await loadedCore();
  const result = successOf(await core.tools.execute('indicators_list', {}));
  const lines = result.text!.split('\n');
  const defs = core.indicatorRegistry.list();
  assert.equal(lines[0], `Definitions (${defs.length}):`);
  assert.equal(
    lines.filter((l) =>
      /^[A-Z][A-Z0-9_]* (trend|momentum|volatility|volume|moving-average|other) (overlay|pane) /.test(l),
    ).length,
    defs.length,
  );
  const macd = lines.find((l) => l.startsWith('MACD '))!;
  assert.match(macd, /fast=12\[1\.\.1000\] slow=26\[1\.\.1000\] signal=9\[1\.\.1000\]/);
  assert.match(macd, /-> macd:DIF signal:DEA hist:HIST/);
  assert.ok(
    lines.some((l) => /^macd-\d+ MACD\(12,26,9\) pane=pane-macd-\d+ /.test(l)),
    'active MACD line',
  );
  const data = result.data as { active: { label: string; paneId: string }[]; definitionIds: string[] };
  assert.deepEqual(
    data.active.map((a) => a.label),
    ['MA(5,20)', 'VOL(5,10)', 'MACD(12,26,9)'],
  );
  assert.equal(data.definitionIds.length, defs.length);
  // The whole answer stays small enough for a model's context.
  assert.ok(JSON.stringify(result).length < 12000, `list result is ${JSON.stringify(result).length} chars`);
  assert.equal(result.stateChanged, false);
});

test('descriptions carry the live instance and pane ids', async () => {
  const core = await loadedCore('MACD(12,26,9)');
  const id = core.store.peek('indicators')[0].instanceId;
  for (const name of ['indicators_list', 'indicators_update', 'indicators_remove', 'panes_list']) {
    const d = core.tools.describe().find((t) => t.name === name)!;
    assert.ok(d.description.includes(`${id} (MACD(12,26,9))`), `${name} lists the instance`);
    assert.ok(d.description.includes(`Pane ids: price, pane-${id}`), `${name} lists the panes`);
  }
});

test('indicators_query: compact newest rows, market-time stamps, warm-up as empty cells, from/to', async () => {
  const core = await loadedCore('');
  const series = core.store.peek('series')!;
  const n = series.bars.length;
  const result = successOf(await core.tools.execute('indicators_query', { definitionId: 'macd' }));
  const lines = result.text!.split('\n');
  assert.match(lines[0], /^MACD\(12,26,9\) DEMO 1d tz=America\/New_York .* rows=20 of \d+ in range$/);
  assert.equal(lines[1], 'time,macd,signal,hist');
  assert.equal(lines.length, 22);
  const values = core.indicatorRegistry
    .get('MACD')!
    .compute({ ...series.bars, length: n }, { fast: 12, slow: 26, signal: 9 });
  const last = lines[21].split(',');
  assert.ok(Math.abs(Number(last[1]) - values.macd[n - 1]) < 1e-6 * Math.max(1, Math.abs(values.macd[n - 1])));
  assert.ok(Math.abs(Number(last[3]) - values.hist[n - 1]) < 1e-6 * Math.max(1, Math.abs(values.hist[n - 1])));
  // The oldest bars are warm-up: no values, but the rows are there.
  const first = successOf(
    await core.tools.execute('indicators_query', {
      definitionId: 'MACD',
      params: { signal: 5 },
      to: series.bars.time[4],
      limit: 100,
    }),
  );
  const rows = first.text!.split('\n').slice(2);
  assert.equal(rows.length, 5);
  assert.ok(
    rows.every((r) => /^\d{4}-\d{2}-\d{2},,,$/.test(r)),
    rows.join('|'),
  );
  assert.match(first.text!, /^MACD\(12,26,5\)/);
  // from/to clip the range; limit keeps the newest rows within it.
  const from = series.bars.time[100];
  const to = series.bars.time[149];
  const clipped = successOf(await core.tools.execute('indicators_query', { definitionId: 'RSI', from, to, limit: 10 }));
  assert.match(clipped.text!, /rows=10 of 50 in range/);
  assert.equal((clipped.data as { returned: number }).returned, 10);
});

test('indicators_query by instanceId uses the instance params (and the engine values)', async () => {
  const core = await loadedCore('MACD(8,21,5)');
  const id = core.store.peek('indicators')[0].instanceId;
  const result = successOf(await core.tools.execute('indicators_query', { instanceId: id, limit: 2 }));
  assert.match(result.text!, /^MACD\(8,21,5\)/);
  assert.equal((result.data as { instanceId?: string }).instanceId, id);
  // The same params by definition id match the active instance too.
  const byDef = successOf(
    await core.tools.execute('indicators_query', {
      definitionId: 'MACD',
      params: { fast: 8, slow: 21, signal: 5 },
      limit: 2,
    }),
  );
  assert.equal(byDef.text!.split('\n').slice(1).join('\n'), result.text!.split('\n').slice(1).join('\n'));
});

test('indicators_query errors: unknown id, bounds, no selector, bad range, no data, limit bounds', async () => {
  const core = await loadedCore('MACD');
  const unknown = failureOf(await core.tools.execute('indicators_query', { definitionId: 'MCAD' }));
  assert.equal(unknown.code, 'not_found');
  assert.match(unknown.message, /MACD/);
  assert.ok(unknown.recommendedAction);
  const bounds = failureOf(
    await core.tools.execute('indicators_query', { definitionId: 'MACD', params: { signal: 0 } }),
  );
  assert.equal(bounds.code, 'invalid_input');
  assert.deepEqual(bounds.details, [{ path: 'params.signal', reason: 'must be >= 1' }]);
  const none = failureOf(await core.tools.execute('indicators_query', {}));
  assert.equal(none.code, 'invalid_input');
  assert.equal(failureOf(await core.tools.execute('indicators_query', { instanceId: 'nope-1' })).code, 'not_found');
  const range = failureOf(
    await core.tools.execute('indicators_query', { definitionId: 'RSI', from: '1990-01-01', to: '1990-02-01' }),
  );
  assert.equal(range.code, 'out_of_range');
  assert.ok(range.recommendedAction);
  const limit = failureOf(await core.tools.execute('indicators_query', { definitionId: 'RSI', limit: 2001 }));
  assert.equal(limit.code, 'invalid_input');
  assert.equal(limit.details?.[0].path, 'limit');
  const empty = new ChartCore({ chartId: 'c2' });
  assert.equal(failureOf(await empty.tools.execute('indicators_query', { definitionId: 'RSI' })).code, 'no_data');
});

test('indicators_add: overlays on price, studies in a new pane, sharing a pane; one undo step each', async () => {
  const core = await loadedCore('VOL');
  const before = snapshot(core);
  const ma = successOf(
    await core.tools.execute('indicators_add', { definitionId: 'ma', params: { periods: [7, 30] } }),
  );
  assert.deepEqual(
    { ...(ma.data as object), instanceId: undefined },
    { instanceId: undefined, label: 'MA(7,30)', paneId: 'price' },
  );
  assert.equal(ma.stateChanged, true);
  const rsi = successOf(await core.tools.execute('indicators_add', { definitionId: 'RSI' }));
  const rsiData = rsi.data as { instanceId: string; paneId: string; label: string };
  assert.equal(rsiData.label, 'RSI(14)');
  assert.equal(rsiData.paneId, `pane-${rsiData.instanceId}`);
  assert.deepEqual(core.store.peek('panes').at(-1), { id: rsiData.paneId, weight: 1 });
  const shared = successOf(await core.tools.execute('indicators_add', { definitionId: 'CCI', paneId: rsiData.paneId }));
  assert.equal((shared.data as { paneId: string }).paneId, rsiData.paneId);
  assert.equal(core.store.peek('panes').length, 3, 'sharing adds no pane');
  const ids = core.store.peek('indicators').map((i) => i.instanceId);
  assert.equal(new Set(ids).size, ids.length, 'instance ids are unique');
  assert.equal(core.undo(), 'indicators_add');
  assert.equal(core.undo(), 'indicators_add');
  assert.equal(core.undo(), 'indicators_add');
  assert.deepEqual(snapshot(core), before);
  core.redo();
  assert.equal(core.store.peek('indicators').at(-1)!.definitionId, 'MA');
});

test('indicators_add errors: unknown id with close ids, out-of-bounds params, unknown param, unknown pane', async () => {
  const core = await loadedCore('VOL');
  const before = snapshot(core);
  const unknown = failureOf(await core.tools.execute('indicators_add', { definitionId: 'MCAD' }));
  assert.equal(unknown.code, 'not_found');
  assert.match(unknown.message, /Did you mean MACD/);
  assert.match(unknown.recommendedAction!, /indicators_list/);
  const bounds = failureOf(
    await core.tools.execute('indicators_add', { definitionId: 'MACD', params: { fast: 0, signal: 5000 } }),
  );
  assert.equal(bounds.code, 'invalid_input');
  assert.deepEqual(bounds.details, [
    { path: 'params.fast', reason: 'must be >= 1' },
    { path: 'params.signal', reason: 'must be <= 1000' },
  ]);
  assert.match(bounds.recommendedAction!, /signal 1\.\.1000/);
  const item = failureOf(
    await core.tools.execute('indicators_add', { definitionId: 'MA', params: { periods: [5, 0] } }),
  );
  assert.deepEqual(item.details, [{ path: 'params.periods[1]', reason: 'must be >= 1' }]);
  const key = failureOf(await core.tools.execute('indicators_add', { definitionId: 'MACD', params: { speed: 3 } }));
  assert.equal(key.code, 'invalid_input');
  assert.equal(key.details?.[0].path, 'params');
  assert.match(key.details[0].reason, /fast, slow, signal/);
  const pane = failureOf(await core.tools.execute('indicators_add', { definitionId: 'RSI', paneId: 'pane-x' }));
  assert.equal(pane.code, 'not_found');
  assert.match(pane.details![0].reason, /price/);
  assert.match(pane.recommendedAction!, /pane-vol-/);
  assert.deepEqual(snapshot(core), before, 'failures change nothing');
  assert.equal(core.store.history.canUndo, false);
});

test('indicators_update returns the previous params; undo restores them exactly', async () => {
  const core = await loadedCore();
  const before = snapshot(core);
  const macd = core.store.peek('indicators').find((i) => i.definitionId === 'MACD')!;
  const result = successOf(
    await core.tools.execute('indicators_update', { instanceId: macd.instanceId, params: { signal: 5 } }),
  );
  assert.deepEqual(result.data, {
    instanceId: macd.instanceId,
    previous: { fast: 12, slow: 26, signal: 9 },
    params: { fast: 12, slow: 26, signal: 5 },
    label: 'MACD(12,26,5)',
  });
  assert.equal(core.indicators.label(macd.instanceId), 'MACD(12,26,5)');
  assert.equal(core.store.history.undoLabel, 'indicators_update');
  assert.equal(core.undo(), 'indicators_update');
  assert.deepEqual(snapshot(core), before);
  assert.equal(core.store.history.canUndo, false, 'exactly one undo step');
  // The same params again: nothing changes, no step is recorded.
  const same = successOf(
    await core.tools.execute('indicators_update', { instanceId: macd.instanceId, params: { signal: 9 } }),
  );
  assert.equal(same.stateChanged, false);
  assert.equal(core.store.history.canUndo, false);
});

test('indicators_update errors: unknown instance lists the active ids, out-of-bounds names the field', async () => {
  const core = await loadedCore();
  const ids = core.store.peek('indicators').map((i) => i.instanceId);
  const unknown = failureOf(
    await core.tools.execute('indicators_update', { instanceId: 'macd-99', params: { signal: 5 } }),
  );
  assert.equal(unknown.code, 'not_found');
  for (const id of ids) assert.ok(unknown.recommendedAction!.includes(id), `mentions ${id}`);
  const macd = ids.find((id) => id.startsWith('macd'))!;
  const bounds = failureOf(await core.tools.execute('indicators_update', { instanceId: macd, params: { signal: 0 } }));
  assert.equal(bounds.code, 'invalid_input');
  assert.deepEqual(bounds.details, [{ path: 'params.signal', reason: 'must be >= 1' }]);
  const type = failureOf(await core.tools.execute('indicators_update', { instanceId: macd, params: { signal: 2.5 } }));
  assert.deepEqual(type.details, [{ path: 'params.signal', reason: 'must be an integer' }]);
  const missing = failureOf(await core.tools.execute('indicators_update', { instanceId: macd }));
  assert.equal(missing.code, 'invalid_input');
  assert.equal(missing.details?.[0].path, 'params');
});

test('indicators_remove drops the study and its emptied pane; a shared pane stays; undo restores', async () => {
  const core = await loadedCore('MA(5),MACD,RSI');
  const [ma, macd, rsi] = core.store.peek('indicators');
  successOf(await core.tools.execute('indicators_add', { definitionId: 'CCI', paneId: rsi.paneId }));
  const before = snapshot(core);
  const removed = successOf(await core.tools.execute('indicators_remove', { instanceId: macd.instanceId }));
  assert.deepEqual(removed.data, { instanceId: macd.instanceId, label: 'MACD(12,26,9)', removedPaneId: macd.paneId });
  assert.ok(!core.store.peek('panes').some((p) => p.id === macd.paneId));
  const kept = successOf(await core.tools.execute('indicators_remove', { instanceId: rsi.instanceId }));
  assert.equal((kept.data as { removedPaneId: string | null }).removedPaneId, null);
  assert.ok(
    core.store.peek('panes').some((p) => p.id === rsi.paneId),
    'CCI still uses the pane',
  );
  const overlay = successOf(await core.tools.execute('indicators_remove', { instanceId: ma.instanceId }));
  assert.equal((overlay.data as { removedPaneId: string | null }).removedPaneId, null);
  assert.equal(core.store.peek('panes')[0].id, 'price');
  core.undo();
  core.undo();
  core.undo();
  assert.deepEqual(snapshot(core), before);
  const unknown = failureOf(await core.tools.execute('indicators_remove', { instanceId: 'x-1' }));
  assert.equal(unknown.code, 'not_found');
  assert.match(unknown.recommendedAction!, new RegExp(ma.instanceId));
});

test('panes_list: panes top to bottom with weights, height shares and contents', async () => {
  const core = await loadedCore('MA(5,20),VOL,MACD(12,26,9)');
  const [ma, vol, macd] = core.store.peek('indicators');
  const result = successOf(await core.tools.execute('panes_list', {}));
  assert.deepEqual((result.data as { panes: unknown }).panes, [
    { id: 'price', weight: 3, heightShare: 0.6, contents: [{ instanceId: ma.instanceId, label: 'MA(5,20)' }] },
    { id: vol.paneId, weight: 1, heightShare: 0.2, contents: [{ instanceId: vol.instanceId, label: 'VOL(5,10)' }] },
    {
      id: macd.paneId,
      weight: 1,
      heightShare: 0.2,
      contents: [{ instanceId: macd.instanceId, label: 'MACD(12,26,9)' }],
    },
  ]);
  assert.equal(result.text!.split('\n').length, 3);
  assert.equal(result.stateChanged, false);
});

test('agent policy: a read-only run may list and query but not add', async () => {
  const core = await loadedCore('VOL');
  successOf(await core.tools.execute('indicators_list', {}, { origin: 'agent', readOnly: true }));
  successOf(await core.tools.execute('panes_list', {}, { origin: 'agent', readOnly: true }));
  const refused = failureOf(
    await core.tools.execute('indicators_add', { definitionId: 'RSI' }, { origin: 'agent', readOnly: true }),
  );
  assert.equal(refused.code, 'not_allowed');
});

test('indicators_update styles: merged line by line, one undo step; bad colour, unknown line, width 5 refused', async () => {
  const core = await loadedCore('MACD(12,26,9)');
  const id = core.store.peek('indicators')[0].instanceId;
  const before = snapshot(core);
  const r = successOf(
    await core.tools.execute('indicators_update', {
      instanceId: id,
      params: { signal: 5 },
      styles: { signal: { color: '#ff00ff' } },
    }),
  );
  assert.deepEqual((r.data as { styles: unknown }).styles, { signal: { color: '#ff00ff' } });
  successOf(await core.tools.execute('indicators_update', { instanceId: id, styles: { signal: { width: 3 } } }));
  successOf(await core.tools.execute('indicators_update', { instanceId: id, visible: false }));
  const instance = core.store.peek('indicators')[0];
  assert.deepEqual(instance.styles, { signal: { color: '#ff00ff', width: 3 } });
  assert.equal(instance.hidden, true);
  const list = successOf(await core.tools.execute('indicators_list', {}));
  assert.match(list.text ?? '', /hidden styles=\{"signal":\{"color":"#ff00ff","width":3\}\}/);
  assert.equal(core.undo(), 'indicators_update');
  assert.equal(core.store.peek('indicators')[0].hidden, undefined);
  assert.equal(core.undo(), 'indicators_update');
  assert.equal(core.undo(), 'indicators_update', 'params and styles together are one step');
  assert.deepEqual(snapshot(core), before);
  const color = failureOf(
    await core.tools.execute('indicators_update', { instanceId: id, styles: { signal: { color: 'nope' } } }),
  );
  assert.equal(color.code, 'invalid_input');
  assert.match(color.message, /'nope' is not a CSS colour/);
  assert.equal(color.details?.[0].path, 'styles.signal.color');
  const line = failureOf(
    await core.tools.execute('indicators_update', { instanceId: id, styles: { dea: { visible: false } } }),
  );
  assert.match(line.details?.[0].reason ?? '', /macd, signal, hist/);
  const wide = failureOf(
    await core.tools.execute('indicators_update', { instanceId: id, styles: { signal: { width: 5 } } }),
  );
  assert.equal(wide.code, 'invalid_input');
  assert.deepEqual(snapshot(core), before, 'refused calls change nothing');
});
