import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ChartCore } from '../../../src/core/commands/chart-core.js';
import {
  applyLayout,
  snapshotPersisted,
  LayoutPersistence,
  parseLayout,
  serializeLayout,
  LAYOUT_VERSION,
} from '../../../src/core/persist/index.js';
import { barTime, loadedCore, ok } from '../commands/drawing-fixture.js';
import { MapStorage } from './persist-fixture.js';
import { createDefaultIndicatorRegistry } from '../../../src/core/indicators/index.js';
import { normalizeStyle } from '../../../src/core/drawings/index.js';

async function decoratedCore(): Promise<ChartCore> {
  const core = await loadedCore();
  await ok(core, 'drawing_create', {
    kind: 'trend_line',
    points: [
      { time: barTime(core, -30), price: 40 },
      { time: barTime(core, -10), price: 45 },
    ],
    style: { color: '#ff0000', dash: 'dotted' },
    label: 'up',
  });
  const { id } = await ok<{ id: string }>(core, 'drawing_create', {
    kind: 'horizontal_line',
    points: [{ time: barTime(core, -3), price: 50 }],
  });
  await ok(core, 'drawing_update', { id, locked: true });
  core.store.action('setup', (d) => {
    d.set('indicators', [
      { instanceId: 'macd-1', definitionId: 'MACD', params: { fast: 12, slow: 26, signal: 9 }, paneId: 'pane-macd-1' },
    ]);
    d.set('panes', [
      { id: 'price', weight: 3 },
      { id: 'pane-macd-1', weight: 1 },
    ]);
    d.set('comparisons', [{ symbol: 'ACME', sourceId: 'sample', color: '#f5a623' }]);
    d.set('settings', { ...d.get('settings'), candleStyle: 'hollow', grid: false });
  });
  return core;
}

test('a saved layout restores indicators, panes, drawings, comparisons and settings on a fresh chart', async () => {
  const core = await decoratedCore();
  const storage = new MapStorage();
  const persistence = new LayoutPersistence(storage);
  assert.equal(persistence.save('layout', serializeLayout(snapshotPersisted(core.store), 1234)).ok, true);
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
  assert.equal(
    (await ok<{ drawings: unknown[] }>(fresh, 'drawings_list', {})).drawings.length,
    2,
    'the tools see the restored drawings',
  );
  // New drawings get ids that do not collide with restored ones.
  const { id } = await ok<{ id: string }>(fresh, 'drawing_create', {
    kind: 'text',
    points: [{ time: barTime(fresh, -4), price: 44 }],
    label: 'new',
  });
  assert.equal(fresh.drawings.current().filter((d) => d.id === id).length, 1);
});

test('serializeLayout leaves out instruments without drawings and copies deeply', async () => {
  const core = await decoratedCore();
  const state = {
    indicators: core.store.peek('indicators'),
    panes: core.store.peek('panes'),
    drawings: { ...core.store.peek('drawings'), 'sample:EMPTY': [] } as Record<
      string,
      readonly import('../../../src/core/drawings/index.js').Drawing[]
    >,
    comparisons: [],
    settings: core.store.peek('settings'),
  };
  const doc = serializeLayout(state, 1);
  assert.deepEqual(Object.keys(doc.drawings), ['sample:DEMO']);
  assert.notEqual(doc.drawings['sample:DEMO'], state.drawings['sample:DEMO']);
  const round = parseLayout(JSON.stringify(doc));
  assert.ok(round.ok);
  assert.deepEqual(round.layout, doc);
});

test('a corrupt record raises an error, is not applied and is kept aside, never overwritten', () => {
  const storage = new MapStorage();
  const bad =
    '{"version":1,"savedAt":1,"indicators":[],"panes":{"oops":1},"drawings":{},"comparisons":[],"settings":{}}';
  storage.setItem('layout', bad);
  let t = 1000;
  const persistence = new LayoutPersistence(storage, { now: () => t });
  const result = persistence.restore('layout');
  assert.equal(result.status, 'rejected');
  if (result.status !== 'rejected') return;
  assert.equal(result.code, 'persist_corrupt');
  assert.match(result.message, /panes: expected an array/);
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
  assert.equal(
    persistence.save('layout', JSON.parse(bad.replace('{"oops":1}', '[{"id":"price","weight":3}]'))).ok,
    true,
  );
  assert.equal(storage.getItem('layout:quarantine:1000'), bad, 'saving does not touch the quarantine');
});

test('invalid parts are left out and named, the original is kept aside once, and the valid rest restores', () => {
  const storage = new MapStorage();
  const price = { id: 'price', weight: 3 };
  const drawing = (id: string, extra: Record<string, unknown> = {}) => ({
    id,
    kind: 'horizontal_line',
    points: [{ time: 1, price: 2 }],
    paneId: 'price',
    style: { color: '#ffffff', width: 1, dash: 'solid' },
    locked: false,
    z: 1,
    ...extra,
  });
  const doc = {
    version: 1,
    savedAt: 1,
    revision: 4,
    indicators: [
      { instanceId: 'ok', definitionId: 'RSI', params: { period: 9 }, paneId: 'pane-ok' },
      { instanceId: 'nostudy', definitionId: 'NOPE_STUDY', params: {}, paneId: 'price' },
      { instanceId: 'badperiods', definitionId: 'MA', params: { periods: [-5, 1e9, 0] }, paneId: 'price' },
    ],
    panes: [price, { id: 'pane-ok', weight: 1 }, { id: 'pane-bad', weight: -1 }],
    drawings: {
      'sample:DEMO': [
        drawing('d1', { label: 'keep me' }),
        drawing('d2', { kind: 'hexagon' }),
        drawing('d3', { points: [{ time: 1, price: '2' }] }),
      ],
    },
    comparisons: [{ symbol: 'ACME', sourceId: 'sample', color: '#f5a623' }, { symbol: 5 }],
    settings: { theme: 'neon', timezone: 'Mars/Olympus', grid: false, candleStyle: 'hollow' },
  };
  const text = JSON.stringify(doc);
  storage.setItem('k', text);
  const persistence = new LayoutPersistence(storage, {
    now: () => 9,
    check: { indicators: createDefaultIndicatorRegistry() },
  });
  const result = persistence.restore('k');
  assert.equal(result.status, 'restored');
  if (result.status !== 'restored') return;
  assert.deepEqual(
    result.layout.indicators.map((i) => i.instanceId),
    ['ok'],
  );
  assert.deepEqual(result.layout.indicators[0].params, { period: 9 });
  assert.deepEqual(result.layout.panes, [price, { id: 'pane-ok', weight: 1 }]);
  assert.deepEqual(
    result.layout.drawings['sample:DEMO'].map((d) => [d.id, d.label]),
    [['d1', 'keep me']],
  );
  assert.deepEqual(
    result.layout.comparisons.map((c) => c.symbol),
    ['ACME'],
  );
  assert.equal(result.layout.settings.theme, 'auto', 'an unknown theme keeps the default');
  assert.equal(result.layout.settings.timezone, '', 'an unknown zone keeps the default');
  assert.equal(result.layout.settings.grid, false);
  assert.equal(result.layout.settings.candleStyle, 'hollow');
  assert.equal(result.layout.revision, 4);
  const joined = result.dropped.join('\n');
  for (const part of [
    /indicators\[1\]\.definitionId: unknown study 'NOPE_STUDY'/,
    /indicators\[2\]\.params\.periods/,
    /panes\[2\]\.weight/,
    /drawings\["sample:DEMO"\]\[1\]\.kind/,
    /drawings\["sample:DEMO"\]\[2\]\.points\[0\]\.price/,
    /comparisons\[1\]/,
    /settings\.theme/,
    /settings\.timezone: unknown timezone 'Mars\/Olympus'/,
  ]) {
    assert.match(joined, part);
  }
  assert.equal(result.dropped.length, 8);
  assert.equal(result.quarantineKey, 'k:quarantine:9');
  assert.equal(storage.getItem('k:quarantine:9'), text, 'the original is kept byte for byte');
  assert.match(result.message!, /8 invalid part\(s\)/);
  // The key now holds the valid rest: a reload restores it without reporting again.
  const again = persistence.restore('k');
  assert.ok(again.status === 'restored' && again.dropped.length === 0);
  assert.deepEqual(again.layout, result.layout);
});

test('drawing labels are redacted in what is written; a full storage is reported as quota with the document', () => {
  const storage = new MapStorage();
  const persistence = new LayoutPersistence(storage, { redactText: (t) => t.replace(/ghp_\w+/g, '[REDACTED]') });
  const doc = parseLayout(
    JSON.stringify({
      version: 1,
      savedAt: 1,
      indicators: [],
      panes: [{ id: 'price', weight: 3 }],
      comparisons: [],
      settings: {},
      drawings: {
        'sample:DEMO': [
          {
            id: 'd1',
            kind: 'text',
            points: [{ time: 1, price: 2 }],
            paneId: 'price',
            style: { color: '#ffffff', width: 1, dash: 'solid' },
            locked: false,
            z: 1,
            label: 'token ghp_abcdef0123',
          },
        ],
      },
    }),
  );
  assert.ok(doc.ok);
  const saved = persistence.save('k', doc.layout);
  assert.ok(saved.ok);
  assert.equal(JSON.parse(storage.getItem('k')!).drawings['sample:DEMO'][0].label, 'token [REDACTED]');
  assert.equal(doc.layout.drawings['sample:DEMO'][0].label, 'token ghp_abcdef0123', 'the input is not changed');
  const full = {
    getItem: () => null,
    setItem: () => {
      throw Object.assign(new Error('exceeded the quota'), { name: 'QuotaExceededError' });
    },
  };
  const refused = new LayoutPersistence(full).save('k', doc.layout);
  assert.ok(!refused.ok && refused.code === 'persist_quota_exceeded');
  assert.equal(refused.document.drawings['sample:DEMO'].length, 1);
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

test('parseLayout refuses a document whose top level is wrong, and names item problems in dropped', () => {
  const base = {
    version: 1,
    savedAt: 1,
    indicators: [],
    panes: [{ id: 'price', weight: 3 }],
    drawings: {},
    comparisons: [],
    settings: {},
  };
  const refused: [unknown, RegExp][] = [
    [{ ...base, version: 0 }, /^version/],
    [{ ...base, settings: 3 }, /^settings/],
    [{ ...base, comparisons: {} }, /comparisons/],
    [{ ...base, savedAt: 'x' }, /savedAt/],
    [[1, 2], /object/],
  ];
  for (const [doc, reason] of refused) {
    const r = parseLayout(JSON.stringify(doc));
    assert.ok(!r.ok, JSON.stringify(doc));
    assert.match(r.reason, reason);
  }
  const dropped: [unknown, RegExp][] = [
    [{ ...base, panes: [{ id: 'vol', weight: 1 }] }, /panes\[0\]\.id/],
    [
      { ...base, indicators: [{ instanceId: 'a', definitionId: 'MA', params: 3, paneId: 'price' }] },
      /indicators\[0\]\.params/,
    ],
    [{ ...base, settings: { grid: 'yes' } }, /settings\.grid/],
    [
      {
        ...base,
        drawings: { k: [{ id: 'x', kind: 'circle', points: [], paneId: 'price', style: {}, locked: false, z: 0 }] },
      },
      /drawings\["k"\]\[0\]\.kind/,
    ],
  ];
  for (const [doc, reason] of dropped) {
    const r = parseLayout(JSON.stringify(doc));
    assert.ok(r.ok, JSON.stringify(doc));
    assert.match(r.dropped.join('\n'), reason);
  }
  const minimal = parseLayout(JSON.stringify(base));
  assert.ok(minimal.ok);
  assert.deepEqual(minimal.dropped, []);
  assert.equal(minimal.layout.settings.candleStyle, 'solid', 'missing settings take their defaults');
  const infinite = parseLayout(
    JSON.stringify(base).replace(
      '"drawings":{}',
      '"drawings":{"k":[{"id":"x","kind":"horizontal_line","points":[{"time":1,"price":1e999}],"paneId":"price","style":{"color":"#ffffff","width":1,"dash":"solid"},"locked":false,"z":0}]}',
    ),
  );
  assert.ok(infinite.ok);
  assert.match(infinite.dropped[0], /points\[0\]\.price: expected a finite number/);
});

test('a storage that throws is reported, not fatal', () => {
  const broken = {
    getItem: () => {
      throw new Error('blocked');
    },
    setItem: () => {
      throw new Error('quota');
    },
  };
  const p = new LayoutPersistence(broken);
  const r = p.restore('k');
  assert.equal(r.status, 'unavailable');
  const s = p.save('k', JSON.parse('{"version":1}'));
  assert.ok(!s.ok && /quota/.test(s.message));
});

test('an indicator keeps its line styles and hidden flag through a layout; a bad style entry is left out alone, named by its path', () => {
  const doc = (styles: unknown) =>
    JSON.stringify({
      version: 1,
      savedAt: 1,
      indicators: [
        {
          instanceId: 'macd-1',
          definitionId: 'MACD',
          params: { fast: 5, slow: 30, signal: 4 },
          paneId: 'pane-macd-1',
          styles,
          hidden: true,
        },
      ],
      panes: [
        { id: 'price', weight: 3 },
        { id: 'pane-macd-1', weight: 1 },
      ],
      comparisons: [],
      settings: {},
      drawings: {},
    });
  const check = { indicators: createDefaultIndicatorRegistry() };
  const good = parseLayout(doc({ signal: { color: '#ff00ff', width: 2, visible: false } }), check);
  assert.ok(good.ok);
  assert.deepEqual(good.dropped, []);
  assert.deepEqual(good.layout.indicators[0].styles, { signal: { color: '#ff00ff', width: 2, visible: false } });
  assert.equal(good.layout.indicators[0].hidden, true);
  // One bad style used to drop the whole study: now only the bad entries go, the study keeps its params,
  // hidden flag and good styles, and the report names each entry left out.
  const storage = new MapStorage();
  storage.setItem(
    'k',
    doc({
      signal: { color: 'nope', width: 2 },
      macd: { color: '#00ff00', width: 9 },
      hist: { visible: 'no' },
      bogus: { color: '#ffffff' },
      dif: 'red',
    }),
  );
  const restored = new LayoutPersistence(storage, { check }).restore('k');
  assert.equal(restored.status, 'restored');
  if (restored.status !== 'restored') return;
  assert.equal(restored.layout.indicators.length, 1);
  const macd = restored.layout.indicators[0];
  assert.deepEqual(macd.params, { fast: 5, slow: 30, signal: 4 });
  assert.equal(macd.hidden, true);
  assert.deepEqual(macd.styles, { signal: { width: 2 }, macd: { color: '#00ff00' } });
  assert.deepEqual(restored.dropped, [
    'indicators[0].styles.signal.color: expected a CSS colour',
    'indicators[0].styles.macd.width: expected an integer 1 to 4',
    'indicators[0].styles.hist.visible: expected a boolean',
    'indicators[0].styles.dif: expected an object',
    'indicators[0].styles.bogus: MACD has no such output (expected one of macd, signal, hist)',
  ]);
  assert.match(restored.message ?? '', /5 invalid part\(s\).*styles\.signal\.color.*styles\.bogus/);
  // Only bad entries: the study restores without styles.
  const allBad = parseLayout(doc({ signal: { color: 'javascript:1' } }), check);
  assert.ok(allBad.ok);
  assert.equal(allBad.layout.indicators.length, 1);
  assert.equal(allBad.layout.indicators[0].styles, undefined);
  assert.match(allBad.dropped.join('\n'), /indicators\[0\]\.styles\.signal\.color: expected a CSS colour/);
});

test('a drawing with a bad style field is kept with that field at its default, named by its path', () => {
  const text = JSON.stringify({
    version: 1,
    savedAt: 1,
    indicators: [],
    panes: [{ id: 'price', weight: 3 }],
    comparisons: [],
    settings: {},
    drawings: {
      'sample:AAPL': [
        {
          id: 'd1',
          kind: 'horizontal_line',
          points: [{ time: 1_700_000_000_000, price: 10 }],
          paneId: 'price',
          style: { color: 'nope', width: 99, dash: 'dotted' },
          label: 'support',
          locked: false,
          z: 0,
        },
        {
          id: 'd2',
          kind: 'horizontal_line',
          points: [{ time: 1_700_000_000_000, price: 12 }],
          paneId: 'price',
          style: 'red',
          locked: true,
          z: 1,
        },
      ],
    },
  });
  const parsed = parseLayout(text);
  assert.ok(parsed.ok);
  const [d1, d2] = parsed.layout.drawings['sample:AAPL'] ?? [];
  const fallback = normalizeStyle({});
  assert.deepEqual(d1?.style, { color: fallback.color, width: fallback.width, dash: 'dotted' });
  assert.equal(d1?.label, 'support');
  assert.deepEqual(d2?.style, fallback);
  assert.equal(d2?.locked, true);
  assert.equal(parsed.dropped.length, 3);
  assert.match(parsed.dropped[0], /^drawings\["sample:AAPL"\]\[0\]\.style\.color: /);
  assert.match(parsed.dropped[1], /^drawings\["sample:AAPL"\]\[0\]\.style\.width: /);
  assert.match(parsed.dropped[2], /^drawings\["sample:AAPL"\]\[1\]\.style: /);
});
