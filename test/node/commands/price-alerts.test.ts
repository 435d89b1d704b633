import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PriceLine } from '../../../src/core/state/index.js';
import type { Bar } from '../../../src/core/data/index.js';
import type { ChartCore } from '../../../src/core/commands/chart-core.js';
import { crossDirection, priceAlertHits, type PriceAlertFired } from '../../../src/core/commands/price-alerts.js';
import { parseLayout, serializeLayout, snapshotPersisted, applyLayout } from '../../../src/core/persist/index.js';
import { dataOf, failureOf, loadedCore } from '../catalog/catalog-fixture.js';

const line = (price: number, alert: PriceLine['alert'], id = 'a'): PriceLine => ({
  id,
  price,
  label: '',
  color: '#2962ff',
  style: 'dashed',
  axisLabel: true,
  draggable: false,
  alert,
  alertOnce: true,
});

test('crossDirection: reaching the level from one side crosses it; leaving it or staying does not', () => {
  assert.equal(crossDirection(100, 99, 101), 'up');
  assert.equal(crossDirection(100, 99, 100), 'up');
  assert.equal(crossDirection(100, 101, 99), 'down');
  assert.equal(crossDirection(100, 101, 100), 'down');
  assert.equal(crossDirection(100, 100, 101), null, 'from the level itself: already reached');
  assert.equal(crossDirection(100, 98, 99), null);
  assert.equal(crossDirection(100, 102, 101), null);
  assert.equal(crossDirection(100, Number.NaN, 101), null);
});

test('priceAlertHits: the mode picks the direction; a path through an appended bar’s open counts a gap', () => {
  const lines = [
    line(100, 'cross', 'x'),
    line(100, 'cross_up', 'u'),
    line(100, 'cross_down', 'd'),
    line(100, 'off', 'o'),
  ];
  assert.deepEqual(
    priceAlertHits(lines, 99, [101]).map((h) => [h.line.id, h.direction]),
    [
      ['x', 'up'],
      ['u', 'up'],
    ],
  );
  assert.deepEqual(
    priceAlertHits(lines, 101, [99]).map((h) => [h.line.id, h.direction]),
    [
      ['x', 'down'],
      ['d', 'down'],
    ],
  );
  // Gap up through the line, then back down on the same bar: each line fires once, at its first matching cross.
  assert.deepEqual(
    priceAlertHits(lines, 99, [102, 98]).map((h) => [h.line.id, h.direction]),
    [
      ['x', 'up'],
      ['u', 'up'],
      ['d', 'down'],
    ],
  );
  assert.deepEqual(priceAlertHits(lines, 98, [99]), []);
});

function lastBar(core: ChartCore): Bar {
  const b = core.store.peek('series')!.bars;
  const i = b.length - 1;
  return { time: b.time[i], open: b.open[i], high: b.high[i], low: b.low[i], close: b.close[i], volume: b.volume[i] };
}

function tickAt(core: ChartCore, close: number): boolean {
  const last = lastBar(core);
  return core.updateBar({
    ...last,
    high: Math.max(last.high, close),
    low: Math.min(last.low, close),
    close,
  });
}

test('the core: a live tick across an alert line tells its listeners once and turns the alert off, no undo step', async () => {
  const core = await loadedCore();
  const close0 = lastBar(core).close;
  const level = Math.round(close0 * 1.05 * 100) / 100;
  const { id } = dataOf<{ id: string }>(
    await core.tools.execute('price_lines_create', { price: level, label: 'Breakout', alert: 'cross' }),
  );
  const fired: PriceAlertFired[] = [];
  const off = core.onPriceAlert((a) => fired.push(a));
  const undoLabel = core.store.history.undoLabel;
  tickAt(core, level - 0.5);
  assert.equal(fired.length, 0);
  tickAt(core, level + 0.5);
  assert.deepEqual(fired, [
    {
      id,
      price: level,
      label: 'Breakout',
      direction: 'up',
      time: lastBar(core).time,
      close: level + 0.5,
      symbol: 'DEMO',
      period: '1d',
    },
  ]);
  assert.equal(core.priceLines.current()[0].alert, 'off');
  assert.equal(core.store.history.undoLabel, undoLabel, 'firing is not an undo step');
  tickAt(core, level - 0.5);
  tickAt(core, level + 0.5);
  assert.equal(fired.length, 1);
  off();
});

test('price_lines_create / _update take alert and alertOnce; _list returns them; a bad mode is invalid_input', async () => {
  const core = await loadedCore();
  const { line: made } = dataOf<{ line: PriceLine }>(await core.tools.execute('price_lines_create', { price: 100 }));
  assert.equal(made.alert, 'off');
  assert.equal(made.alertOnce, true);
  const { id } = dataOf<{ id: string }>(
    await core.tools.execute('price_lines_create', { price: 101, alert: 'cross_down', alertOnce: false }),
  );
  const listed = dataOf<{ lines: PriceLine[] }>(await core.tools.execute('price_lines_list', {})).lines;
  assert.deepEqual(
    listed.map((l) => [l.alert, l.alertOnce]),
    [
      ['off', true],
      ['cross_down', false],
    ],
  );
  const up = dataOf<{ line: PriceLine }>(
    await core.tools.execute('price_lines_update', { id, alert: 'cross_up', alertOnce: true }),
  );
  assert.equal(up.line.alert, 'cross_up');
  assert.equal(up.line.alertOnce, true);
  assert.equal(core.undo(), 'price_lines_update');
  assert.equal(
    failureOf(await core.tools.execute('price_lines_create', { price: 1, alert: 'sideways' })).code,
    'invalid_input',
  );
  const tool = core.tools.describe().find((t) => t.name === 'price_lines_create')!;
  assert.match(JSON.stringify(tool.parameters), /cross_down/);
});

test('layouts keep alert and alertOnce; a bad alert value is dropped and named, the line kept', async () => {
  const core = await loadedCore();
  await core.tools.execute('price_lines_create', { price: 100, alert: 'cross_up', alertOnce: false });
  const doc = serializeLayout(snapshotPersisted(core.store));
  const parsed = parseLayout(JSON.stringify(doc));
  assert.ok(parsed.ok);
  assert.deepEqual(parsed.dropped, []);
  const other = await loadedCore();
  applyLayout(other.store, parsed.layout);
  assert.deepEqual(other.priceLines.current(), core.priceLines.current());
  assert.equal(other.priceLines.current()[0].alert, 'cross_up');

  const raw = JSON.parse(JSON.stringify(doc)) as { priceLines: Record<string, Record<string, unknown>[]> };
  const key = Object.keys(raw.priceLines)[0];
  raw.priceLines[key][0].alert = 'sideways';
  raw.priceLines[key][0].alertOnce = 'yes';
  raw.priceLines[key].push({ ...raw.priceLines[key][0], id: 'old' });
  delete raw.priceLines[key][1].alert;
  delete raw.priceLines[key][1].alertOnce;
  const bad = parseLayout(JSON.stringify(raw));
  assert.ok(bad.ok);
  const kept = bad.layout.priceLines?.[key] ?? [];
  assert.equal(kept.length, 2, 'the lines are kept');
  assert.deepEqual(
    kept.map((l) => [l.alert, l.alertOnce]),
    [
      ['off', true],
      ['off', true],
    ],
  );
  // A layout from before alerts (no fields) is not a problem; the bad values are named.
  assert.equal(bad.dropped.length, 2, bad.dropped.join('; '));
  assert.match(bad.dropped[0], /alert/);
  assert.match(bad.dropped.join(' '), /sideways|expected one of/);
  assert.match(bad.dropped.join(' '), /alertOnce/);
});
