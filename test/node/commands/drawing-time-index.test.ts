import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createBarTimeScale } from '../../../src/core/commands/drawing-time-index.js';

const DAY = 86_400_000;
const day = (d: number) => Date.UTC(2024, 0, d);
/** Mon–Fri bars of two weeks: the weekend takes no index space. */
const times = new Float64Array([1, 2, 3, 4, 5, 8, 9, 10, 11, 12].map(day));

test('bar times map to their index, times between bars interpolate, and the round trip is exact', () => {
  const s = createBarTimeScale(times);
  assert.equal(s.toIndex(day(8)), 5);
  assert.equal(s.toIndex(day(2) + DAY / 2), 1.5);
  // Friday 12:00 → halfway to Monday's bar.
  assert.equal(s.toIndex(day(5) + 1.5 * DAY), 4.5);
  for (const t of [day(1), day(3) + 3600_000, day(9) + 7 * 3600_000, day(12)]) assert.equal(s.toTime(s.toIndex(t)), t);
});

test('outside the data the typical spacing extrapolates (the future area)', () => {
  const s = createBarTimeScale(times);
  assert.equal(s.toIndex(day(12) + 3 * DAY), 12);
  assert.equal(s.toTime(10), day(13));
  assert.equal(s.toIndex(day(1) - 2 * DAY), -2);
  assert.equal(createBarTimeScale(new Float64Array(0)).toIndex(5), 0, 'no bars: no crash');
});
