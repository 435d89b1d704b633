import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DRAWING_KINDS,
  drawingSegments,
  hitTestDrawing,
  isDrawingKind,
  listDrawingKinds,
  registerDrawingKind,
  type DrawingKindDefinition,
} from '../../../src/core/drawings/index.js';
import { parseLayout } from '../../../src/core/persist/parse-layout.js';
import { dataOf, failureOf, loadedCore } from '../catalog/catalog-fixture.js';
import { makeDrawing, mapper, px } from './drawing-fixtures.js';

/** A host kind: a cross (two segments) centred on its single anchor. */
function crossKind(id: string, extra: Partial<DrawingKindDefinition> = {}): DrawingKindDefinition {
  return {
    id,
    anchors: 1,
    label: 'Cross',
    description: 'an X of 20 px centred on the point',
    geometry: ({ anchors: [a] }) =>
      a
        ? [
            { type: 'segment', x1: a.x - 10, y1: a.y - 10, x2: a.x + 10, y2: a.y + 10 },
            { type: 'segment', x1: a.x - 10, y1: a.y + 10, x2: a.x + 10, y2: a.y - 10 },
          ]
        : [],
    ...extra,
  };
}

test('the eighteen built-in kinds are registered in contract order, each from its own definition', () => {
  assert.deepEqual(
    listDrawingKinds()
      .slice(0, DRAWING_KINDS.length)
      .map((k) => k.id),
    [...DRAWING_KINDS],
  );
});

test('a registered kind is a kind, paints its geometry and is hit by the default test; unregistering removes it', () => {
  const off = registerDrawingKind(crossKind('cross_a'));
  try {
    assert.equal(isDrawingKind('cross_a'), true);
    const d = makeDrawing('cross_a', [px(200, 200)]);
    assert.equal(drawingSegments(d, mapper).length, 2);
    assert.deepEqual(hitTestDrawing(d, mapper, 195, 195), { part: 'body' });
    assert.equal(hitTestDrawing(d, mapper, 200, 190), null, 'between the arms');
  } finally {
    off();
  }
  assert.equal(isDrawingKind('cross_a'), false);
  assert.deepEqual(drawingSegments(makeDrawing('cross_a', [px(200, 200)]), mapper), [], 'unknown kinds paint nothing');
});

test("a kind's own hit test replaces the default", () => {
  const off = registerDrawingKind(crossKind('cross_b', { hitTest: (_g, x) => x > 900 }));
  try {
    const d = makeDrawing('cross_b', [px(200, 200)]);
    assert.equal(hitTestDrawing(d, mapper, 195, 195), null);
    assert.deepEqual(hitTestDrawing(d, mapper, 950, 10), { part: 'body' });
  } finally {
    off();
  }
});

test('malformed kinds and taken ids are refused with a clear reason', () => {
  assert.throws(() => registerDrawingKind(crossKind('trend_line')), /already registered/);
  assert.throws(() => registerDrawingKind(crossKind('Bad-Id')), /id must match/);
  assert.throws(() => registerDrawingKind(crossKind('select')), /toolbar button/);
  assert.throws(() => registerDrawingKind(crossKind('c1', { anchors: 0 })), /anchors/);
  assert.throws(() => registerDrawingKind(crossKind('c2', { description: 'two\nlines' })), /one line/);
  assert.throws(() => registerDrawingKind(crossKind('c3', { geometry: 'x' as never })), /geometry/);
  assert.throws(() => registerDrawingKind(crossKind('c4', { editorFields: ['font' as never] })), /editorFields/);
  assert.equal(isDrawingKind('c1'), false);
});

test('every refusal of registerDrawingKind is a TypeError with these words, the first problem only', () => {
  const cases: [unknown, string][] = [
    [null, 'expected a kind object'],
    ['cross', 'expected a kind object'],
    [crossKind(7 as never), 'id must match ^[a-z][a-z0-9_]{0,39}$'],
    [crossKind('a'.repeat(41)), 'id must match ^[a-z][a-z0-9_]{0,39}$'],
    [crossKind('magnet'), "'magnet' names a toolbar button; choose another id"],
    [crossKind('fib_retracement'), "a drawing kind 'fib_retracement' is already registered"],
    [crossKind('k1', { anchors: 6 }), 'k1: anchors must be an integer from 1 to 5'],
    [crossKind('k1', { anchors: 1.5 }), 'k1: anchors must be an integer from 1 to 5'],
    [crossKind('k1', { anchors: 2, label: ' ' }), 'k1: label must be 1 to 60 characters'],
    [crossKind('k1', { label: 'x'.repeat(61) }), 'k1: label must be 1 to 60 characters'],
    [crossKind('k1', { label: 3 as never }), 'k1: label must be 1 to 60 characters'],
    [crossKind('k1', { description: '' }), 'k1: description must be one line of 1 to 300 characters'],
    [crossKind('k1', { description: Symbol('d') as never }), 'k1: description must be one line of 1 to 300 characters'],
    [crossKind('k1', { description: 'y'.repeat(301) }), 'k1: description must be one line of 1 to 300 characters'],
    [crossKind('k1', { description: 'one\rtwo' }), 'k1: description must be one line'],
    [crossKind('k1', { geometry: undefined as never }), 'k1: geometry(input) must be a function'],
    [crossKind('k1', { hitTest: true as never }), 'k1: hitTest must be a function'],
    [crossKind('k1', { paint: {} as never }), 'k1: paint must be a function'],
    [crossKind('k1', { icon: 5 as never }), 'k1: icon must be SVG path data (a string)'],
    [crossKind('k1', { icon: 'M'.repeat(2001) }), 'k1: icon must be SVG path data (a string)'],
    [
      crossKind('k1', { editorFields: 'color' as never }),
      'k1: editorFields must list some of color, width, dash, label',
    ],
    [
      crossKind('k1', { anchors: 0, label: '', paint: 1 as never, editorFields: ['x' as never] }),
      'k1: anchors must be an integer from 1 to 5',
    ],
    [crossKind('k1', { hitTest: 1 as never, paint: 1 as never }), 'k1: hitTest must be a function'],
  ];
  for (const [kind, why] of cases)
    assert.throws(
      () => registerDrawingKind(kind as DrawingKindDefinition),
      (error: Error) => error instanceof TypeError && error.message === `registerDrawingKind: ${why}`,
      why,
    );
  assert.equal(isDrawingKind('k1'), false);
  const off = registerDrawingKind(crossKind('k1', { icon: '', editorFields: [], hitTest: undefined }));
  off();
});

test('drawing_create: a registered kind is in the enum and the description, validates and creates; removed, it is refused', async () => {
  const core = await loadedCore();
  const tool = () => core.tools.describe().find((t) => t.name === 'drawing_create')!;
  const kindEnum = () => (tool().parameters.properties as Record<string, { enum?: string[] }>).kind.enum ?? [];
  assert.equal(kindEnum().includes('cross_c'), false);
  const off = registerDrawingKind(crossKind('cross_c'));
  try {
    assert.ok(kindEnum().includes('cross_c'), 'enum of the model schema');
    assert.ok(kindEnum().includes('trend_line'));
    assert.match(tool().description, /cross_c \(1 point\): an X of 20 px/);
    const listed = core.tools.list().find((t) => t.name === 'drawing_create')!;
    assert.match(JSON.stringify(listed.parameters), /cross_c/, 'the palette form sees it too');
    const time = core.store.peek('series')!.bars.time[10];
    const created = dataOf<{ id: string }>(
      await core.tools.execute('drawing_create', { kind: 'cross_c', points: [{ time, price: 100 }] }),
    );
    const wrong = failureOf(
      await core.tools.execute('drawing_create', {
        kind: 'cross_c',
        points: [
          { time, price: 100 },
          { time, price: 101 },
        ],
      }),
    );
    assert.match(JSON.stringify(wrong.details), /cross_c needs 1 point/);
    const list = dataOf<{ drawings: { id: string; kind: string }[] }>(await core.tools.execute('drawings_list', {}));
    assert.deepEqual(
      list.drawings.map((d) => [d.id, d.kind]),
      [[created.id, 'cross_c']],
    );
  } finally {
    off();
  }
  assert.equal(kindEnum().includes('cross_c'), false);
  const refused = failureOf(
    await core.tools.execute('drawing_create', { kind: 'cross_c', points: [{ time: 0, price: 1 }] }),
  );
  assert.equal(refused.code, 'invalid_input');
});

test('a layout with an unknown kind restores everything else and names the kind; registered, it restores', () => {
  const doc = (kind: string) =>
    JSON.stringify({
      version: 1,
      savedAt: 1,
      panes: [{ id: 'price', weight: 1 }],
      indicators: [],
      comparisons: [],
      settings: {},
      drawings: {
        'sample:DEMO': [
          {
            id: 'd1',
            kind: 'trend_line',
            points: [px(0, 0), px(10, 10)],
            paneId: 'price',
            style: { color: '#000', width: 1, dash: 'solid' },
            locked: false,
            z: 1,
          },
          {
            id: 'd2',
            kind,
            points: [px(5, 5)],
            paneId: 'price',
            style: { color: '#000', width: 1, dash: 'solid' },
            locked: false,
            z: 2,
          },
        ],
      },
    });
  const before = parseLayout(doc('cross_d'));
  assert.ok(before.ok);
  if (!before.ok) return;
  assert.deepEqual(
    Object.values(before.layout.drawings)
      .flat()
      .map((d) => d.id),
    ['d1'],
  );
  assert.equal(before.dropped.length, 1);
  assert.match(before.dropped[0], /unknown drawing kind 'cross_d'; registered kinds: .*trend_line/);
  const off = registerDrawingKind(crossKind('cross_d'));
  try {
    const after = parseLayout(doc('cross_d'));
    assert.ok(after.ok && after.dropped.length === 0);
    if (after.ok) assert.equal(Object.values(after.layout.drawings).flat().length, 2);
  } finally {
    off();
  }
});
