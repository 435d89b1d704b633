import { test } from 'node:test';
import assert from 'node:assert/strict';
import { barsFromObjects, createBars } from '../../../src/core/data/index.js';
import { snapToBar } from '../../../src/core/drawings/index.js';
import { DAY, T0, mapper } from './drawing-fixtures.js';

const bars = barsFromObjects([
  { time: T0, open: 10, high: 14, low: 9, close: 12, volume: 1 },
  { time: T0 + DAY, open: 12, high: 20, low: 11, close: 18, volume: 1 },
  { time: T0 + 2 * DAY, open: 18, high: 19, low: 15, close: 16, volume: 1 },
]);

test('snaps to the nearest bar by time and its nearest OHLC price', () => {
  assert.deepEqual(snapToBar({ time: T0 + 0.8 * DAY, price: 19.2 }, bars, mapper), {
    time: T0 + DAY,
    price: 20,
    index: 1,
    field: 'high',
  });
  assert.deepEqual(snapToBar({ time: T0 + 0.3 * DAY, price: 9.3 }, bars, mapper), {
    time: T0,
    price: 9,
    index: 0,
    field: 'low',
  });
  assert.deepEqual(snapToBar({ time: T0 + 2 * DAY, price: 17 }, bars, mapper), {
    time: T0 + 2 * DAY,
    price: 18,
    index: 2,
    field: 'open',
  });
});

test('does not snap in the empty area beyond the bars or when no bars are loaded', () => {
  assert.equal(snapToBar({ time: T0 + 5 * DAY, price: 16 }, bars, mapper), null);
  assert.equal(snapToBar({ time: T0 - DAY, price: 16 }, bars, mapper), null);
  assert.equal(snapToBar({ time: T0, price: 10 }, createBars(0), mapper), null);
});

test('a weak magnet only snaps within its pixel distance', () => {
  // Price 30 is 10 units = 50 px above the highest price of bar 1.
  assert.equal(snapToBar({ time: T0 + DAY, price: 30 }, bars, mapper, { maxDistancePx: 20 }), null);
  assert.equal(snapToBar({ time: T0 + DAY, price: 21 }, bars, mapper, { maxDistancePx: 20 })?.price, 20);
});
