import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  FIB_LEVELS,
  drawingSegments,
  type PolygonPrimitive,
  type RectPrimitive,
  type SegmentPrimitive,
} from '../../../src/core/drawings/index.js';
import { makeDrawing, mapper, px, segments, texts } from './drawing-fixtures.js';

function close(actual: number, expected: number, msg?: string): void {
  assert.ok(Math.abs(actual - expected) < 1e-6, `${msg ?? ''} expected ${expected}, got ${actual}`);
}

test('a horizontal line at price P spans the full width at priceToY(P)', () => {
  const d = makeDrawing('horizontal_line', [{ time: px(300, 0).time, price: 42 }]);
  const [s] = segments(drawingSegments(d, mapper));
  assert.deepEqual([s.x1, s.y1, s.x2, s.y2], [0, mapper.priceToY(42), mapper.width, mapper.priceToY(42)]);
});

test('a horizontal ray starts at its anchor and runs to the right edge', () => {
  const [s] = segments(drawingSegments(makeDrawing('horizontal_ray', [px(300, 100)]), mapper));
  assert.deepEqual([s.x1, s.y1, s.x2, s.y2], [300, 100, 1000, 100]);
});

test('a vertical line spans the full height at its time', () => {
  const [s] = segments(drawingSegments(makeDrawing('vertical_line', [px(250, 77)]), mapper));
  assert.deepEqual([s.x1, s.y1, s.x2, s.y2], [250, 0, 250, 500]);
});

test('a trend line joins its anchors', () => {
  const [s] = segments(drawingSegments(makeDrawing('trend_line', [px(100, 400), px(600, 150)]), mapper));
  close(s.x1, 100);
  close(s.y1, 400);
  close(s.x2, 600);
  close(s.y2, 150);
});

test('a ray starts at the first point and is clipped where it leaves the plot', () => {
  // Direction (100, -50): reaches y = 0 at x = 600.
  const [s] = segments(drawingSegments(makeDrawing('ray', [px(100, 250), px(200, 200)]), mapper));
  close(s.x1, 100);
  close(s.y1, 250);
  close(s.x2, 600);
  close(s.y2, 0);
});

test('an extended line is clipped at both plot edges', () => {
  const [s] = segments(drawingSegments(makeDrawing('extended_line', [px(400, 250), px(500, 250)]), mapper));
  close(s.x1, 0);
  close(s.x2, 1000);
  close(s.y1, 250);
  close(s.y2, 250);
});

test('a ray pointing away from the plot draws nothing', () => {
  const d = makeDrawing('ray', [px(-100, 250), px(-200, 250)]);
  assert.equal(segments(drawingSegments(d, mapper)).length, 0);
});

test('fib retracement: seven levels, 0 at the second point and 1 at the first, with labels', () => {
  const d = makeDrawing('fib_retracement', [
    { time: px(100, 0).time, price: 50 },
    { time: px(500, 0).time, price: 100 },
  ]);
  const prims = drawingSegments(d, mapper);
  const levels = segments(prims);
  assert.deepEqual(
    levels.map((s) => s.level),
    [...FIB_LEVELS],
  );
  const y = (level: number) => levels.find((s) => s.level === level)!.y1;
  close(y(0), mapper.priceToY(100));
  close(y(1), mapper.priceToY(50));
  close(y(0.5), mapper.priceToY(75));
  close(y(0.618), mapper.priceToY(100 - 50 * 0.618));
  for (const s of levels) {
    assert.equal(s.x1, 100);
    assert.equal(s.x2, 500);
  }
  assert.ok(texts(prims).some((t) => t.text === '0.618 (69.10)'));
});

test('price range: a 15% fill box and the change with its percent', () => {
  const d = makeDrawing('price_range', [
    { time: px(100, 0).time, price: 50 },
    { time: px(300, 0).time, price: 60 },
  ]);
  const prims = drawingSegments(d, mapper);
  const rect = prims.find((p): p is RectPrimitive => p.type === 'rect')!;
  assert.equal(rect.fillAlpha, 0.15);
  assert.deepEqual([rect.x, rect.y, rect.w, rect.h], [100, mapper.priceToY(60), 200, 50]);
  assert.equal(texts(prims)[0].text, 'Δ +10.00 (+20.00%)');
  const down = drawingSegments(
    makeDrawing('price_range', [
      { time: 0, price: 60 },
      { time: 0, price: 45 },
    ]),
    mapper,
  );
  assert.equal(texts(down)[0].text, 'Δ -15.00 (-25.00%)');
});

test('long position: a rising-colour zone to the target, a falling-colour zone to the stop, levels and risk/reward', () => {
  const d = makeDrawing('long_position', [
    { time: px(100, 0).time, price: 50 },
    { time: px(400, 0).time, price: 60 },
    { time: px(100, 0).time, price: 45 },
  ]);
  const prims = drawingSegments(d, mapper);
  const [profit, loss] = prims.filter((p): p is RectPrimitive => p.type === 'rect');
  assert.equal(profit.tone, 'up');
  assert.deepEqual(
    [profit.x, profit.y, profit.w, profit.h],
    [100, mapper.priceToY(60), 300, mapper.priceToY(50) - mapper.priceToY(60)],
  );
  assert.equal(loss.tone, 'down');
  assert.deepEqual([loss.y, loss.h], [mapper.priceToY(50), mapper.priceToY(45) - mapper.priceToY(50)]);
  const [entry] = segments(prims);
  assert.deepEqual([entry.x1, entry.y1, entry.x2, entry.y2], [100, mapper.priceToY(50), 400, mapper.priceToY(50)]);
  assert.deepEqual(
    texts(prims).map((t) => t.text),
    ['60.00 (+20.00%)', '45.00 (-10.00%)', 'Risk/Reward Ratio: 2.00'],
  );
  // The target's label sits above its zone, the stop's below.
  const [target, stop] = texts(prims);
  assert.ok(target.y < profit.y && target.baseline === 'bottom');
  assert.ok(stop.y > loss.y + loss.h && stop.baseline === 'top');
});

test('short position: the target below the entry; while placing, the target zone alone; a stop at the entry has no ratio', () => {
  const points = [
    { time: px(100, 0).time, price: 50 },
    { time: px(300, 0).time, price: 40 },
    { time: px(100, 0).time, price: 55 },
  ];
  const full = drawingSegments(makeDrawing('short_position', points), mapper);
  assert.deepEqual(
    texts(full).map((t) => t.text),
    ['40.00 (-20.00%)', '55.00 (+10.00%)', 'Risk/Reward Ratio: 2.00'],
  );
  const placing = drawingSegments(makeDrawing('short_position', points.slice(0, 2)), mapper);
  assert.deepEqual(
    placing.filter((p): p is RectPrimitive => p.type === 'rect').map((r) => r.tone),
    ['up'],
  );
  const flat = drawingSegments(makeDrawing('short_position', [points[0], points[1], { ...points[0] }]), mapper);
  assert.equal(texts(flat).at(-1)!.text, 'Risk/Reward Ratio: —');
});

test('an arrow has its head at the second point', () => {
  const prims = drawingSegments(makeDrawing('arrow', [px(100, 100), px(400, 100)]), mapper);
  const head = prims.find((p): p is PolygonPrimitive => p.type === 'polygon')!;
  assert.deepEqual(head.points.slice(0, 2), [400, 100]);
  assert.ok(segments(prims)[0].x2 < 400, 'the shaft stops at the head');
});

test('parallel channel: the base line plus a parallel through the third point', () => {
  const d = makeDrawing('parallel_channel', [px(100, 300), px(500, 200), px(300, 350)]);
  const [base, parallel] = segments(drawingSegments(d, mapper));
  close(base.x1, 100);
  close(base.y1, 300);
  close(base.x2, 500);
  close(base.y2, 200);
  const slope = (s: SegmentPrimitive) => (s.y2 - s.y1) / (s.x2 - s.x1);
  close(slope(parallel), slope(base), 'same slope');
  // The parallel passes through (300, 350).
  close(parallel.y1 + slope(parallel) * (300 - parallel.x1), 350);
});

test('a preview with fewer points than the kind needs draws what it can', () => {
  assert.equal(segments(drawingSegments(makeDrawing('parallel_channel', [px(0, 0), px(100, 100)]), mapper)).length, 1);
  assert.deepEqual(drawingSegments(makeDrawing('trend_line', [px(0, 0)]), mapper), []);
});

test('labels: text kind writes its label at the anchor; lines carry optional labels', () => {
  const [t] = texts(drawingSegments(makeDrawing('text', [px(200, 100)], { label: 'Buy zone' }), mapper));
  assert.deepEqual([t.text, t.x, t.y, t.role], ['Buy zone', 200, 100, 'text']);
  const h = texts(drawingSegments(makeDrawing('horizontal_line', [px(0, 100)], { label: 'R1' }), mapper));
  assert.equal(h[0].text, 'R1');
  assert.equal(texts(drawingSegments(makeDrawing('trend_line', [px(0, 0), px(9, 9)]), mapper)).length, 0);
});
