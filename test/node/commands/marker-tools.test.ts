import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChartMarker } from '../../../src/core/state/index.js';
import { applyLayout, parseLayout, serializeLayout, snapshotPersisted } from '../../../src/core/persist/index.js';
import { ChartCore } from '../../../src/core/commands/chart-core.js';
import { dataOf, failureOf, loadedCore } from '../catalog/catalog-fixture.js';

interface ListData {
  total: number;
  markers: (ChartMarker & { timeText: string })[];
}

function barTime(core: ChartCore, i: number): number {
  const bars = core.store.peek('series')!.bars;
  return bars.time[i < 0 ? bars.length + i : i];
}

test('markers_create adds markers in one undo step, snaps times to bars, and markers_list returns them by time', async () => {
  const core = await loadedCore();
  const t1 = barTime(core, -3);
  const t2 = barTime(core, -10);
  const r = await core.tools.execute('markers_create', {
    markers: [
      { time: t1 + 3_600_000, position: 'above', shape: 'arrow', color: 'red', text: 'Sell' },
      { time: t2, position: 'below', shape: 'circle' },
    ],
  });
  const { ids } = dataOf<{ ids: string[] }>(r);
  assert.equal(ids.length, 2);
  const list = dataOf<ListData>(await core.tools.execute('markers_list', {}));
  assert.equal(list.total, 2);
  assert.deepEqual(
    list.markers.map((m) => m.time),
    [t2, t1],
    'sorted by time; a time inside a bar snaps to its start',
  );
  assert.deepEqual(
    list.markers.map((m) => m.id),
    [ids[1], ids[0]],
  );
  assert.equal(list.markers[1].text, 'Sell');
  assert.equal(list.markers[0].color, '#2962ff', 'default colour');
  assert.equal(core.undo(), 'markers_create');
  assert.equal(
    dataOf<ListData>(await core.tools.execute('markers_list', {})).total,
    0,
    'one undo step removes the whole call',
  );
  assert.equal(core.store.history.canUndo, false);
});

test('markers_create refuses bad input with clear codes and adds nothing', async () => {
  const core = await loadedCore();
  const t = barTime(core, -1);
  const bad = [
    { markers: [] },
    { markers: [{ time: t, position: 'left', shape: 'arrow' }] },
    { markers: [{ time: t, position: 'above', shape: 'star' }] },
    { markers: [{ time: t, position: 'above', shape: 'arrow', text: 'x'.repeat(21) }] },
    {
      markers: [
        { time: t, position: 'above', shape: 'arrow' },
        { time: 'yesterday', position: 'above', shape: 'arrow' },
      ],
    },
    { markers: [{ time: t, position: 'above', shape: 'arrow', color: 'notacolour' }] },
  ];
  for (const input of bad) {
    const error = failureOf(await core.tools.execute('markers_create', input));
    assert.equal(error.code, 'invalid_input', JSON.stringify(input));
  }
  assert.deepEqual(core.store.peek('markers'), {});
  const empty = new ChartCore({ chartId: 'e' });
  assert.equal(
    failureOf(await empty.tools.execute('markers_create', { markers: [{ time: t, position: 'on', shape: 'square' }] }))
      .code,
    'no_data',
  );
});

test('markers_create takes 10,000 markers in one call and refuses the 10,001st', async () => {
  const core = await loadedCore();
  const bars = core.store.peek('series')!.bars;
  const markers = Array.from({ length: 10_000 }, (_, i) => ({
    time: bars.time[i % bars.length],
    position: 'above' as const,
    shape: 'circle' as const,
  }));
  const r = await core.tools.execute('markers_create', { markers });
  assert.equal(dataOf<{ ids: string[] }>(r).ids.length, 10_000);
  assert.equal(new Set(dataOf<{ ids: string[] }>(r).ids).size, 10_000, 'ids are unique');
  const over = failureOf(
    await core.tools.execute('markers_create', { markers: [{ time: bars.time[0], position: 'on', shape: 'flag' }] }),
  );
  assert.equal(over.code, 'out_of_range');
  assert.equal(
    failureOf(await core.tools.execute('markers_create', { markers: [...markers, markers[0]] })).code,
    'invalid_input',
    'more than 10000 in one call',
  );
});

test('markers_remove by ids or all; an unknown id fails with not_found and removes nothing', async () => {
  const core = await loadedCore();
  const t = barTime(core, -1);
  const { ids } = dataOf<{ ids: string[] }>(
    await core.tools.execute('markers_create', {
      markers: [
        { time: t, position: 'above', shape: 'arrow' },
        { time: t, position: 'below', shape: 'arrow' },
        { time: t, position: 'on', shape: 'square' },
      ],
    }),
  );
  const unknown = failureOf(await core.tools.execute('markers_remove', { ids: [ids[0], 'mk-nope'] }));
  assert.equal(unknown.code, 'not_found');
  assert.match(unknown.message, /mk-nope/);
  assert.equal(core.markers.current().length, 3);
  assert.equal(dataOf<{ removed: number }>(await core.tools.execute('markers_remove', { ids: [ids[0]] })).removed, 1);
  assert.deepEqual(
    core.markers
      .current()
      .map((m) => m.id)
      .sort(),
    [ids[1], ids[2]].sort(),
  );
  assert.equal(dataOf<{ removed: number }>(await core.tools.execute('markers_remove', {})).removed, 2);
  assert.equal(core.markers.current().length, 0);
  assert.equal(core.undo(), 'markers_remove');
  assert.equal(core.markers.current().length, 2);
  const none = await new ChartCore({ chartId: 'n' }).tools.execute('markers_remove', {});
  assert.ok(none.success && !none.stateChanged);
});

test('markers belong to their instrument: another symbol has none', async () => {
  const core = await loadedCore();
  await core.tools.execute('markers_create', {
    markers: [{ time: barTime(core, -1), position: 'above', shape: 'arrow' }],
  });
  await core.loadTarget({ symbol: 'ACME', period: '1d', sourceId: 'sample' }, null);
  assert.equal(core.markers.current().length, 0);
  await core.loadTarget({ symbol: 'DEMO', period: '1d', sourceId: 'sample' }, null);
  assert.equal(core.markers.current().length, 1);
});

/** Rows of indicators_query text: time text and numbers per output key. */
function queryRows(text: string): { time: string; values: Record<string, number> }[] {
  const lines = text.split('\n');
  const keys = lines[1].split(',').slice(1);
  return lines.slice(2).map((line) => {
    const cells = line.split(',');
    return {
      time: cells[0],
      values: Object.fromEntries(keys.map((k, i) => [k, cells[i + 1] === '' ? NaN : Number(cells[i + 1])])),
    };
  });
}

test('markers_from_condition: MACD golden crosses equal the crossings computed from indicators_query', async () => {
  const core = await loadedCore();
  const q = await core.tools.execute('indicators_query', { definitionId: 'MACD', limit: 2000 });
  assert.ok(q.success && q.text);
  const rows = queryRows(q.text);
  const expected: string[] = [];
  for (let i = 1; i < rows.length; i++) {
    const a = rows[i - 1].values;
    const b = rows[i].values;
    if (a.macd <= a.signal && b.macd > b.signal) expected.push(rows[i].time);
  }
  assert.ok(expected.length > 10, `the sample data has golden crosses (${expected.length})`);
  const r = await core.tools.execute('markers_from_condition', {
    definitionId: 'macd',
    left: 'macd',
    op: 'crosses_above',
    right: 'signal',
  });
  const data = dataOf<{ count: number; times: string[]; ids: string[] }>(r);
  const firstRow = rows[0].time;
  const got = data.times.filter((t) => t > firstRow);
  const all = dataOf<ListData>(await core.tools.execute('markers_list', { limit: 10000 }));
  assert.equal(all.total, data.count);
  assert.deepEqual(
    all.markers.map((m) => m.timeText).filter((t) => t > firstRow),
    expected,
  );
  if (data.count <= 500) assert.deepEqual(got, expected);
  assert.ok(all.markers.every((m) => m.position === 'below' && m.shape === 'arrow' && m.color === '#26a69a'));
  assert.equal(core.undo(), 'markers_from_condition');
  assert.equal(core.markers.current().length, 0, 'one undo step');
});

test('markers_from_condition: RSI > 70 marks only where it becomes true; bad outputs and studies fail clearly', async () => {
  const core = await loadedCore();
  const r = dataOf<{ count: number; times: string[] }>(
    await core.tools.execute('markers_from_condition', {
      definitionId: 'RSI',
      left: 'rsi',
      op: '>',
      right: 70,
      text: 'OB',
    }),
  );
  const bars = core.store.peek('series')!.bars;
  const rsi = core.indicatorRegistry
    .get('RSI')!
    .compute({ ...bars, length: bars.length, timezone: 'UTC' }, { period: 14 }).rsi;
  let runs = 0;
  for (let i = 0; i < bars.length; i++) if (rsi[i] > 70 && !(rsi[i - 1] > 70)) runs++;
  let above = 0;
  for (let i = 0; i < bars.length; i++) if (rsi[i] > 70) above++;
  assert.equal(r.count, runs, 'one marker per run above 70');
  assert.ok(above > runs, 'fewer markers than bars above 70');
  assert.ok(core.markers.current().every((m) => m.text === 'OB' && m.position === 'below'));
  const badOut = failureOf(
    await core.tools.execute('markers_from_condition', {
      definitionId: 'MACD',
      left: 'dif',
      op: 'crosses_above',
      right: 'signal',
    }),
  );
  assert.equal(badOut.code, 'invalid_input');
  assert.equal(badOut.details?.[0].path, 'left');
  assert.match(badOut.details?.[0].reason ?? '', /macd, signal, hist/);
  assert.equal(
    failureOf(
      await core.tools.execute('markers_from_condition', { definitionId: 'MACDX', left: 'macd', op: '>', right: 0 }),
    ).code,
    'not_found',
  );
  assert.equal(
    failureOf(
      await core.tools.execute('markers_from_condition', { definitionId: 'MACD', left: 'macd', op: '!=', right: 0 }),
    ).code,
    'invalid_input',
  );
  assert.equal(
    failureOf(
      await core.tools.execute('markers_from_condition', {
        definitionId: 'MACD',
        params: { fast: -1 },
        left: 'macd',
        op: '>',
        right: 0,
      }),
    ).code,
    'invalid_input',
  );
  const none = await core.tools.execute('markers_from_condition', {
    definitionId: 'RSI',
    left: 'rsi',
    op: '>',
    right: 1000,
  });
  assert.ok(none.success && !none.stateChanged);
  assert.equal(dataOf<{ count: number }>(none).count, 0);
});

test('markers survive a layout round trip; bad saved markers are dropped and named', async () => {
  const core = await loadedCore();
  await core.tools.execute('markers_create', {
    markers: [{ time: barTime(core, -1), position: 'above', shape: 'flag', color: '#ff0000', text: 'A' }],
  });
  const doc = serializeLayout(snapshotPersisted(core.store));
  const text = JSON.stringify(doc);
  const parsed = parseLayout(text);
  assert.ok(parsed.ok);
  const other = await loadedCore();
  applyLayout(other.store, parsed.layout);
  assert.deepEqual(other.markers.current(), core.markers.current());
  const broken = JSON.parse(text);
  broken.markers['sample:DEMO'].push({ id: 'x', time: 1, position: 'sideways', shape: 'arrow', color: 'red' });
  const p2 = parseLayout(JSON.stringify(broken));
  assert.ok(p2.ok);
  assert.equal(p2.layout.markers?.['sample:DEMO'].length, 1);
  assert.match(p2.dropped.join('\n'), /markers\["sample:DEMO"\]\[1\]\.position/);
  // A document from before markers restores with none.
  delete broken.markers;
  const p3 = parseLayout(JSON.stringify(broken));
  assert.ok(p3.ok);
  assert.deepEqual(p3.layout.markers, {});
});
