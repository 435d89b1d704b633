import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FIB_EXTENSION_LEVELS, drawingSegments } from '../../../src/core/drawings/index.js';
import { makeDrawing, mapper, px, segments, texts } from './drawing-fixtures.js';

test('fib extension: both legs, and levels at C + k·(B − A) from C rightwards, labelled with ratio and price', () => {
  // A 40 → B 60 (day 1 → 3), back to C 50 (day 4): levels 50, 62.36, 70, 82.36, 102.36.
  const d = makeDrawing('fib_extension', [
    { time: px(100, 0).time, price: 40 },
    { time: px(300, 0).time, price: 60 },
    { time: px(400, 0).time, price: 50 },
  ]);
  const prims = drawingSegments(d, mapper);
  const [ab, bc, ...levels] = segments(prims);
  assert.deepEqual([ab.x1, ab.y1, ab.x2, ab.y2], [100, mapper.priceToY(40), 300, mapper.priceToY(60)]);
  assert.deepEqual([bc.x1, bc.y1, bc.x2, bc.y2], [300, mapper.priceToY(60), 400, mapper.priceToY(50)]);
  assert.deepEqual(
    levels.map((s) => s.level),
    [0, 0.618, 1, 1.618, 2.618],
  );
  assert.deepEqual([...FIB_EXTENSION_LEVELS], [0, 0.618, 1, 1.618, 2.618]);
  const prices = [50, 62.36, 70, 82.36, 102.36];
  levels.forEach((s, i) => {
    assert.ok(Math.abs(s.y1 - mapper.priceToY(prices[i])) < 1e-9, `level ${s.level} at ${prices[i]}`);
    assert.equal(s.y2, s.y1);
    // From C, as wide as the first leg.
    assert.deepEqual([s.x1, s.x2], [400, 600]);
  });
  assert.deepEqual(
    texts(prims).map((t) => t.text),
    ['0 (50.00)', '0.618 (62.36)', '1 (70.00)', '1.618 (82.36)', '2.618 (102.36)'],
  );
});

test('fib extension: a down move projects downwards; while placing, the first leg alone; a narrow leg keeps 40 px levels', () => {
  const down = drawingSegments(
    makeDrawing('fib_extension', [
      { time: px(100, 0).time, price: 80 },
      { time: px(110, 0).time, price: 60 },
      { time: px(150, 0).time, price: 70 },
    ]),
    mapper,
  );
  assert.deepEqual(
    texts(down).map((t) => t.text),
    ['0 (70.00)', '0.618 (57.64)', '1 (50.00)', '1.618 (37.64)', '2.618 (17.64)'],
  );
  const level = segments(down)[2];
  assert.deepEqual([level.x1, level.x2], [150, 190]);
  const placing = drawingSegments(makeDrawing('fib_extension', [px(100, 100), px(300, 200)]), mapper);
  assert.equal(placing.length, 1);
});
