import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  EN_DRAWING_WORDS,
  drawingSegments,
  type DrawingWords,
  type PolygonPrimitive,
} from '../../../src/core/drawings/index.js';
import { formatSpan } from '../../../src/core/drawings/kinds/measure-labels.js';
import { DAY, makeDrawing, mapper, px, rects, segments, texts } from './drawing-fixtures.js';

const HOUR = 3_600_000;

const JA: DrawingWords = {
  ...EN_DRAWING_WORDS,
  bars: (n) => `${n} 本`,
  days: (n) => `${n}日`,
  hours: (n) => `${n}時間`,
  minutes: (n) => `${n}分`,
  seconds: (n) => `${n}秒`,
};

test('a time span: its largest unit and the next when not zero, seconds only under a minute, backwards with -', () => {
  const w = EN_DRAWING_WORDS;
  assert.equal(formatSpan(3 * DAY + 4 * HOUR, w), '3d 4h');
  assert.equal(formatSpan(3 * DAY + 5 * 60_000, w), '3d');
  assert.equal(formatSpan(2 * HOUR + 30 * 60_000, w), '2h 30m');
  assert.equal(formatSpan(45 * 60_000, w), '45m');
  assert.equal(formatSpan(30_000, w), '30s');
  assert.equal(formatSpan(0, w), '0s');
  assert.equal(formatSpan(-(DAY + 2 * HOUR), w), '-1d 2h');
  assert.equal(formatSpan(3 * DAY + 4 * HOUR, JA), '3日 4時間');
});

test('date range: a band between the two times, edges at both, an arrow to the second point, bars and span below', () => {
  // From day 1 to day 4 + 3 h (daily bars): 3 bars.
  const d = makeDrawing('date_range', [
    px(100, 300),
    { time: px(400, 0).time + 3 * HOUR, price: mapper.yToPrice(200) },
  ]);
  const prims = drawingSegments(d, mapper);
  const x1 = mapper.timeToX(d.points[1].time);
  const [band] = rects(prims);
  assert.deepEqual([band.x, band.y, band.w, band.h, band.fillAlpha], [100, 200, x1 - 100, 100, 0.15]);
  const [left, right, shaft] = segments(prims);
  assert.deepEqual([left.x1, left.y1, left.x2, left.y2], [100, 200, 100, 300]);
  assert.deepEqual([right.x1, right.x2], [x1, x1]);
  assert.equal(shaft.y1, 250);
  assert.equal(shaft.y2, 250);
  const head = prims.find((p): p is PolygonPrimitive => p.type === 'polygon');
  assert.ok(head, 'an arrow head');
  assert.deepEqual([head.points[0], head.points[1]], [x1, 250], 'at the second point');
  const [label] = texts(prims);
  assert.equal(label.text, '3 bars, 3d 3h');
  assert.ok(label.y > 300 && label.baseline === 'top', 'below the band');
  assert.equal(label.x, (100 + x1) / 2);
});

test("date range: backwards, one bar, the drawing's label, and the chart's words", () => {
  const back = makeDrawing('date_range', [px(300, 100), px(200, 100)], { label: 'Gap' });
  assert.equal(texts(drawingSegments(back, mapper))[0].text, 'Gap: -1 bar, -1d');
  const ja = drawingSegments(makeDrawing('date_range', [px(100, 100), px(300, 100)]), mapper, { words: JA });
  assert.equal(texts(ja)[0].text, '2 本, 2日');
  // A mapper that knows no bars: the span alone.
  const { timeToIndex: _, ...noBars } = mapper;
  assert.equal(texts(drawingSegments(makeDrawing('date_range', [px(100, 100), px(300, 100)]), noBars))[0].text, '2d');
  // While placing: nothing yet.
  assert.deepEqual(drawingSegments(makeDrawing('date_range', [px(100, 100)]), mapper), []);
});

test('date and price range: a box, arrows in time and price towards the second point, change then bars and span', () => {
  // A rise from 50 to 60 over two days.
  const d = makeDrawing('date_price_range', [
    { time: px(100, 0).time, price: 50 },
    { time: px(300, 0).time, price: 60 },
  ]);
  const prims = drawingSegments(d, mapper);
  const [box] = rects(prims);
  assert.deepEqual([box.x, box.y, box.w, box.h, box.fillAlpha], [100, 200, 200, 50, 0.15]);
  const heads = prims.filter((p): p is PolygonPrimitive => p.type === 'polygon').map((p) => [p.points[0], p.points[1]]);
  assert.deepEqual(heads, [
    [200, 200],
    [300, 225],
  ]);
  const [change, span] = texts(prims);
  assert.equal(change.text, 'Δ +10.00 (+20.00%)');
  assert.equal(span.text, '2 bars, 2d');
  // Above the box (the price rose), the change on top.
  assert.ok(span.y < 200 && span.baseline === 'bottom');
  assert.ok(change.y < span.y);
});

test('date and price range: a fall labels below the box; the drawing label and the chart words', () => {
  const d = makeDrawing(
    'date_price_range',
    [
      { time: px(300, 0).time, price: 60 },
      { time: px(100, 0).time, price: 45 },
    ],
    { label: 'Drop' },
  );
  const [change, span] = texts(drawingSegments(d, mapper, { words: JA }));
  assert.equal(change.text, 'Drop: Δ -15.00 (-25.00%)');
  assert.equal(span.text, '-2 本, -2日');
  const bottom = mapper.priceToY(45);
  assert.ok(change.y > bottom && change.baseline === 'top');
  assert.ok(span.y > change.y);
});
