import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hitTestDrawing, hitTestDrawings } from '../../../src/core/drawings/index.js';
import { makeDrawing, mapper, px } from './drawing-fixtures.js';

test('near a line hits its body, 10 px away misses', () => {
  const h = makeDrawing('horizontal_line', [px(100, 250)]);
  assert.deepEqual(hitTestDrawing(h, mapper, 700, 253), { part: 'body' });
  assert.equal(hitTestDrawing(h, mapper, 700, 260), null);

  const t = makeDrawing('trend_line', [px(100, 400), px(500, 100)]);
  // Midpoint (300, 250); the unit normal of direction (4, -3)/5 is (3, 4)/5.
  assert.deepEqual(hitTestDrawing(t, mapper, 300 + 3 * 0.8, 250 + 4 * 0.8), { part: 'body' });
  assert.equal(hitTestDrawing(t, mapper, 300 + 3 * 2, 250 + 4 * 2), null);
  assert.equal(hitTestDrawing(t, mapper, 600, 25), null, 'beyond the end of a segment');
});

test('a thick line is easier to hit', () => {
  const thick = makeDrawing('horizontal_line', [px(100, 250)], { style: { color: 'red', width: 10, dash: 'solid' } });
  assert.deepEqual(hitTestDrawing(thick, mapper, 700, 260), { part: 'body' });
});

test('an anchor hit beats a body hit', () => {
  const t = makeDrawing('trend_line', [px(100, 400), px(500, 100)]);
  assert.deepEqual(hitTestDrawing(t, mapper, 102, 401), { part: 'anchor', anchorIndex: 0 });
  assert.deepEqual(hitTestDrawing(t, mapper, 500, 100), { part: 'anchor', anchorIndex: 1 });
});

test('rectangles hit inside, text hits its box, rays hit beyond the second point', () => {
  assert.deepEqual(hitTestDrawing(makeDrawing('rectangle', [px(100, 100), px(300, 300)]), mapper, 200, 200), {
    part: 'body',
  });
  assert.deepEqual(hitTestDrawing(makeDrawing('text', [px(100, 100)], { label: 'hello' }), mapper, 120, 92), {
    part: 'body',
  });
  assert.deepEqual(hitTestDrawing(makeDrawing('ray', [px(100, 100), px(200, 100)]), mapper, 900, 102), {
    part: 'body',
  });
  assert.equal(hitTestDrawing(makeDrawing('ray', [px(100, 100), px(200, 100)]), mapper, 50, 100), null);
});

test('the topmost z wins, and for equal z the later drawing', () => {
  const low = makeDrawing('horizontal_line', [px(100, 250)], { id: 'low', z: 1 });
  const high = makeDrawing('horizontal_line', [px(100, 250)], { id: 'high', z: 2 });
  assert.equal(hitTestDrawings([high, low], mapper, 700, 250)?.drawing.id, 'high');
  assert.equal(hitTestDrawings([low, high], mapper, 700, 250)?.drawing.id, 'high');
  const a = makeDrawing('horizontal_line', [px(100, 250)], { id: 'a', z: 3 });
  const b = makeDrawing('horizontal_line', [px(100, 250)], { id: 'b', z: 3 });
  assert.equal(hitTestDrawings([a, b], mapper, 700, 250)?.drawing.id, 'b');
  assert.equal(hitTestDrawings([a, b], mapper, 700, 100), null);
});
