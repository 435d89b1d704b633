import { test } from 'node:test';
import assert from 'node:assert/strict';
import { drawingSegments, type SegmentPrimitive } from '../../../src/core/drawings/index.js';
import { makeDrawing, mapper, px, segments } from './drawing-fixtures.js';

const near = (a: number, b: number) => Math.abs(a - b) < 1e-9;

test('pitchfork: median from the first point through the midpoint of the others, parallels through them, to the right edge', () => {
  // P1 (100, 250); P2 (300, 150) and P3 (300, 350): midpoint (300, 250), a level median.
  const prims = drawingSegments(makeDrawing('pitchfork', [px(100, 250), px(300, 150), px(300, 350)]), mapper);
  const [handle, median, upper, lower] = segments(prims);
  assert.deepEqual([handle.x1, handle.y1, handle.x2, handle.y2], [300, 150, 300, 350]);
  assert.deepEqual([median.x1, median.y1, median.x2, median.y2], [100, 250, 1000, 250]);
  assert.deepEqual([upper.x1, upper.y1, upper.x2, upper.y2], [300, 150, 1000, 150]);
  assert.deepEqual([lower.x1, lower.y1, lower.x2, lower.y2], [300, 350, 1000, 350]);
});

test('pitchfork: a rising fork keeps all three lines parallel, each stopping at the edge it reaches', () => {
  // P1 (100, 400); P2 (200, 250), P3 (300, 350): midpoint (250, 300), slope -100/150 px.
  const [, median, upper, lower] = segments(
    drawingSegments(makeDrawing('pitchfork', [px(100, 400), px(200, 250), px(300, 350)]), mapper),
  );
  const slope = (s: SegmentPrimitive) => (s.y2 - s.y1) / (s.x2 - s.x1);
  for (const s of [median, upper, lower]) assert.ok(near(slope(s), -100 / 150), `slope ${slope(s)}`);
  assert.deepEqual([median.x1, median.y1], [100, 400]);
  // The median passes through the midpoint.
  assert.ok(near(median.y1 + slope(median) * (250 - median.x1), 300));
  assert.deepEqual([upper.x1, upper.y1, lower.x1, lower.y1], [200, 250, 300, 350]);
  // The upper line leaves through the top (y 0) before the right edge; the median reaches x 700 at y 0.
  assert.ok(near(upper.y2, 0));
  assert.ok(near(upper.x2, 200 + 250 * 1.5));
  assert.ok(near(median.x2, 100 + 400 * 1.5));
});

test('pitchfork: while placing, the line to the second point; the label along the median', () => {
  const placing = drawingSegments(makeDrawing('pitchfork', [px(100, 400), px(200, 250)]), mapper);
  assert.deepEqual(
    segments(placing).map((s) => [s.x1, s.y1, s.x2, s.y2]),
    [[100, 400, 200, 250]],
  );
  const labelled = drawingSegments(
    makeDrawing('pitchfork', [px(100, 250), px(300, 150), px(300, 350)], { label: 'Fork' }),
    mapper,
  );
  const text = labelled.find((p) => p.type === 'text');
  assert.equal(text?.type === 'text' && text.text, 'Fork');
});
