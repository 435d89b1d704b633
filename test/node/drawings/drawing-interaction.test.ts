import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Drawing } from '../../../src/core/drawings/index.js';
import { DrawingInteraction, type DrawingIntents, type DrawingTool } from '../../../src/render/drawings/index.js';
import { makeDrawing, mapper, px } from './drawing-fixtures.js';

type Call = [string, ...unknown[]];

function setup(drawings: Drawing[] = [], selected: string[] = []) {
  const calls: Call[] = [];
  const state = { drawings, selected };
  const intents: DrawingIntents = {
    create: (kind, points) => {
      calls.push(['create', kind, points]);
    },
    update: (id, change) => {
      calls.push(['update', id, change]);
    },
    select: (ids) => {
      state.selected = ids;
      calls.push(['select', ids]);
    },
    delete: (ids) => {
      calls.push(['delete', ids]);
    },
    copy: (ids) => {
      calls.push(['copy', ids]);
    },
    paste: () => {
      calls.push(['paste']);
    },
    preview: (d) => {
      calls.push(['preview', d]);
    },
    drawings: () => state.drawings,
    selectedIds: () => state.selected,
    mapper: () => mapper,
    snap: (x, y) => {
      calls.push(['snap', x, y]);
      return { time: 1, price: 2 };
    },
    toolChange: (tool: DrawingTool) => {
      calls.push(['toolChange', tool]);
    },
  };
  const ia = new DrawingInteraction(intents);
  const named = (name: string) => calls.filter((c) => c[0] === name);
  return { ia, calls, state, named };
}

function click(ia: DrawingInteraction, x: number, y: number, shift = false): void {
  ia.pointerDown(x, y, { shift });
  ia.pointerUp(x, y);
}

test('a two-click trend line emits one create with 2 points and returns to select', () => {
  const { ia, named, calls } = setup();
  ia.setTool('trend_line');
  click(ia, 100, 250);
  ia.pointerMove(150, 240);
  const live = named('preview').at(-1)![1] as Drawing;
  assert.equal(live.kind, 'trend_line');
  assert.deepEqual(live.points, [px(100, 250), px(150, 240)], 'the preview follows the pointer');
  assert.equal(named('create').length, 0);
  click(ia, 200, 200);
  assert.deepEqual(named('create'), [['create', 'trend_line', [px(100, 250), px(200, 200)]]]);
  assert.equal(named('preview').at(-1)![1], null, 'the preview is removed');
  assert.equal(ia.tool, 'select');
  assert.deepEqual(calls.at(-1), ['toolChange', 'select']);
});

test('press, drag and release also places a two-point drawing', () => {
  const { ia, named } = setup();
  ia.setTool('rectangle');
  ia.pointerDown(100, 100);
  ia.pointerMove(200, 150);
  ia.pointerUp(300, 200);
  assert.deepEqual(named('create'), [['create', 'rectangle', [px(100, 100), px(300, 200)]]]);
});

test('one click places a horizontal line; a channel needs three clicks', () => {
  const { ia, named } = setup();
  ia.setTool('horizontal_line');
  ia.pointerMove(50, 60);
  assert.equal((named('preview').at(-1)![1] as Drawing).kind, 'horizontal_line', 'preview before the click');
  click(ia, 50, 60);
  assert.equal(named('create').length, 1);
  ia.setTool('parallel_channel');
  click(ia, 10, 10);
  click(ia, 20, 20);
  assert.equal(named('create').length, 1);
  click(ia, 30, 40);
  assert.deepEqual(named('create')[1], ['create', 'parallel_channel', [px(10, 10), px(20, 20), px(30, 40)]]);
});

test('the magnet places snapped points', () => {
  const { ia, named } = setup();
  ia.setMagnet(true);
  ia.setTool('vertical_line');
  click(ia, 50, 60);
  assert.deepEqual(named('create')[0][2], [{ time: 1, price: 2 }]);
  assert.deepEqual(named('snap').at(-1), ['snap', 50, 60]);
});

test('Escape cancels placing: no create, preview removed, back to select', () => {
  const { ia, named } = setup();
  ia.setTool('trend_line');
  click(ia, 100, 100);
  ia.pointerMove(120, 120);
  assert.equal(ia.keyDown('Escape'), true);
  assert.equal(named('preview').at(-1)![1], null);
  assert.equal(ia.tool, 'select');
  click(ia, 200, 200);
  assert.equal(named('create').length, 0);
});

const line = () => makeDrawing('trend_line', [px(100, 400), px(500, 100)], { id: 'L' });

test('dragging a selected body previews the move and emits exactly one update at pointer up', () => {
  const { ia, named } = setup([line()], ['L']);
  assert.equal(ia.pointerDown(300, 250), true, 'the press belongs to the drawing');
  for (let i = 1; i <= 5; i++) ia.pointerMove(300 + 20 * i, 250 - 10 * i);
  assert.equal(named('update').length, 0, 'no update while dragging');
  assert.ok(named('preview').length >= 5);
  assert.equal(ia.cursor, 'grabbing');
  ia.pointerUp(400, 200);
  assert.deepEqual(named('update'), [['update', 'L', { points: [px(200, 350), px(600, 50)] }]]);
  assert.equal(named('preview').at(-1)![1], null);
  assert.equal(named('select').length, 0, 'already selected: selection unchanged');
});

test('dragging an anchor moves only that point', () => {
  const { ia, named } = setup([line()], ['L']);
  ia.pointerDown(502, 101);
  ia.pointerMove(552, 151);
  ia.pointerUp(552, 151);
  assert.deepEqual(named('update'), [['update', 'L', { points: [px(100, 400), px(550, 150)] }]]);
});

test('a click without travel selects and does not update', () => {
  const { ia, named } = setup([line()]);
  ia.pointerDown(300, 250);
  ia.pointerMove(301, 250);
  ia.pointerUp(301, 250);
  assert.deepEqual(named('select'), [['select', ['L']]]);
  assert.equal(named('update').length, 0);
});

test('Escape during a drag drops it without an update', () => {
  const { ia, named } = setup([line()], ['L']);
  ia.pointerDown(300, 250);
  ia.pointerMove(350, 250);
  assert.equal(ia.keyDown('Escape'), true);
  ia.pointerUp(350, 250);
  assert.equal(named('update').length, 0);
  assert.equal(named('preview').at(-1)![1], null);
});

test('a locked drawing can be selected but not moved', () => {
  const locked = makeDrawing('trend_line', [px(100, 400), px(500, 100)], { id: 'K', locked: true });
  const { ia, named } = setup([locked]);
  ia.pointerDown(300, 250);
  ia.pointerMove(400, 200);
  ia.pointerUp(400, 200);
  assert.deepEqual(named('select'), [['select', ['K']]]);
  assert.equal(named('update').length, 0);
  assert.equal(named('preview').length, 0);
});

test('Shift adds to and removes from the selection; an empty click clears it and is not consumed', () => {
  const a = makeDrawing('horizontal_line', [px(0, 100)], { id: 'A' });
  const b = makeDrawing('horizontal_line', [px(0, 300)], { id: 'B' });
  const { ia, state } = setup([a, b]);
  click(ia, 500, 100);
  click(ia, 500, 300, true);
  assert.deepEqual(state.selected, ['A', 'B']);
  click(ia, 500, 100, true);
  assert.deepEqual(state.selected, ['B']);
  assert.equal(ia.pointerDown(500, 200, {}), false);
  assert.deepEqual(state.selected, []);
});

test('keys: Delete/Backspace delete, Escape clears, Ctrl/Cmd+C copies, Ctrl/Cmd+V pastes', () => {
  const { ia, named, state } = setup([line()], ['L']);
  assert.equal(ia.keyDown('Delete'), true);
  assert.equal(ia.keyDown('Backspace'), true);
  assert.deepEqual(named('delete'), [
    ['delete', ['L']],
    ['delete', ['L']],
  ]);
  assert.equal(ia.keyDown('c', { ctrl: true }), true);
  assert.equal(ia.keyDown('C', { meta: true, shift: true }), true);
  assert.deepEqual(named('copy'), [
    ['copy', ['L']],
    ['copy', ['L']],
  ]);
  assert.equal(ia.keyDown('v', { meta: true }), true);
  assert.equal(named('paste').length, 1);
  assert.equal(ia.keyDown('c'), false, 'a plain c is not a copy');
  assert.equal(ia.keyDown('Escape'), true);
  assert.deepEqual(state.selected, []);
  assert.equal(ia.keyDown('Delete'), false, 'nothing selected');
  assert.equal(ia.keyDown('Escape'), false);
});

test('tool null leaves the pointer to the chart', () => {
  const { ia, calls } = setup([line()]);
  ia.setTool(null);
  assert.equal(ia.pointerDown(300, 250), false);
  assert.equal(ia.pointerMove(310, 250), false);
  assert.equal(ia.pointerUp(310, 250), false);
  assert.deepEqual(calls, []);
});

test('hover reports the drawing under the pointer', () => {
  const { ia } = setup([line()]);
  ia.pointerMove(300, 250);
  assert.equal(ia.hoverId, 'L');
  assert.equal(ia.cursor, 'move');
  ia.pointerMove(300, 10);
  assert.equal(ia.hoverId, null);
});

test('a plain click on one drawing of a multi-selection narrows the selection to it', () => {
  const a = makeDrawing('horizontal_line', [px(0, 100)], { id: 'A' });
  const b = makeDrawing('horizontal_line', [px(0, 300)], { id: 'B' });
  const { ia, state } = setup([a, b], ['A', 'B']);
  click(ia, 500, 300);
  assert.deepEqual(state.selected, ['B']);
});

test('keyboard placing: previewPoint shows the drawing, placePoint sets anchors and the last creates it', () => {
  const { ia, named } = setup();
  assert.equal(ia.placePoint({ time: 1, price: 1 }), null, 'no kind chosen: nothing to place');
  assert.equal(ia.previewPoint({ time: 1, price: 1 }), false);
  ia.setTool('trend_line');
  assert.equal(ia.previewPoint({ time: 10, price: 5 }), true);
  const preview = named('preview').at(-1)![1] as Drawing;
  assert.deepEqual(preview.points, [{ time: 10, price: 5 }]);
  assert.deepEqual(ia.placePoint({ time: 10, price: 5 }), { set: 1, needed: 2, done: false });
  assert.equal(named('create').length, 0);
  ia.previewPoint({ time: 20, price: 6 });
  assert.deepEqual((named('preview').at(-1)![1] as Drawing).points, [
    { time: 10, price: 5 },
    { time: 20, price: 6 },
  ]);
  assert.deepEqual(ia.placePoint({ time: 20, price: 6 }), { set: 2, needed: 2, done: true });
  assert.deepEqual(named('create'), [
    [
      'create',
      'trend_line',
      [
        { time: 10, price: 5 },
        { time: 20, price: 6 },
      ],
    ],
  ]);
  assert.equal(ia.tool, 'select', 'back to select after placing');
});
