import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  copyDrawings,
  medianBarSpacing,
  moveAnchor,
  moveDrawing,
  moveDrawingByPixels,
} from '../../../src/core/drawings/index.js';
import { DAY, T0, makeDrawing, mapper } from './drawing-fixtures.js';

const day = (d: number) => Date.UTC(2024, 0, d);

test('moveDrawing shifts every point and leaves the original alone', () => {
  const d = Object.freeze(
    makeDrawing('trend_line', [
      { time: day(2), price: 10 },
      { time: day(4), price: 20 },
    ]),
  );
  const m = moveDrawing(d, DAY, 5);
  assert.deepEqual(m.points, [
    { time: day(3), price: 15 },
    { time: day(5), price: 25 },
  ]);
  assert.equal(m.id, d.id);
  assert.deepEqual(d.points[0], { time: day(2), price: 10 });
});

test('moveAnchor replaces one point only', () => {
  const d = makeDrawing('trend_line', [
    { time: day(2), price: 10 },
    { time: day(4), price: 20 },
  ]);
  const m = moveAnchor(d, 1, { time: day(9), price: 99 });
  assert.deepEqual(m.points, [
    { time: day(2), price: 10 },
    { time: day(9), price: 99 },
  ]);
  assert.equal(moveAnchor(d, 2, { time: 0, price: 0 }), d, 'out of range: unchanged');
});

test('moveDrawingByPixels converts the pixel offset through the mapper', () => {
  const d = makeDrawing('trend_line', [
    { time: T0, price: 10 },
    { time: T0 + DAY, price: 20 },
  ]);
  const m = moveDrawingByPixels(d, mapper, 100, -50);
  assert.deepEqual(m.points, [
    { time: T0 + DAY, price: 20 },
    { time: T0 + 2 * DAY, price: 30 },
  ]);
});

/** Weekday bars (Mon–Fri) of 2024-01-01 … 2024-01-19. */
const weekdays = new Float64Array([1, 2, 3, 4, 5, 8, 9, 10, 11, 12, 15, 16, 17, 18, 19].map(day));

test('copyDrawings shifts by whole bars across a weekend gap, with fresh ids', () => {
  let n = 0;
  const src = makeDrawing(
    'trend_line',
    [
      { time: day(4), price: 10 },
      { time: day(5), price: 12 },
    ],
    { id: 'orig', z: 3 },
  );
  const [copy] = copyDrawings([src], {
    offsetBars: 2,
    offsetPrice: 1.5,
    barTimes: weekdays,
    newId: () => `new-${++n}`,
  });
  // Thu 4 + 2 bars = Mon 8 (not Sat 6); Fri 5 + 2 bars = Tue 9.
  assert.deepEqual(copy.points, [
    { time: day(8), price: 11.5 },
    { time: day(9), price: 13.5 },
  ]);
  assert.equal(copy.id, 'new-1');
  assert.equal(copy.z, 3);
  assert.equal(src.id, 'orig');
  const [five] = copyDrawings([src], { offsetBars: 5, barTimes: weekdays, newId: () => 'x' });
  assert.equal(five.points[0].time, day(11));
  const [back] = copyDrawings([src], { offsetBars: -3, barTimes: weekdays, newId: () => 'y' });
  assert.equal(back.points[0].time, day(1));
});

test('copyDrawings extrapolates past the last bar with the median spacing', () => {
  assert.equal(medianBarSpacing(weekdays), DAY);
  const src = makeDrawing('vertical_line', [{ time: day(18), price: 1 }]);
  const [copy] = copyDrawings([src], { offsetBars: 3, barTimes: weekdays, newId: () => 'c' });
  // Thu 18 → Fri 19 is the last bar; two more bars at the median spacing of one day.
  assert.equal(copy.points[0].time, day(21));
});

test('copyDrawings puts copies on top with baseZ, keeping their order', () => {
  const a = makeDrawing('text', [{ time: day(2), price: 1 }], { id: 'a', z: 7 });
  const b = makeDrawing('text', [{ time: day(2), price: 1 }], { id: 'b', z: 2 });
  let n = 0;
  const copies = copyDrawings([a, b], { barTimes: weekdays, newId: () => `c${n++}`, baseZ: 10 });
  assert.deepEqual(
    copies.map((c) => [c.id, c.z]),
    [
      ['c0', 11],
      ['c1', 10],
    ],
  );
  assert.deepEqual(copies[0].points, a.points, 'no offset: same points');
});
