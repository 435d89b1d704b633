import { test } from 'node:test';
import assert from 'node:assert/strict';
import { zonedTimeToUtc } from '../../../src/core/data/index.js';
import { extendTimes, futureBarCount, withForward } from '../../../src/render/forward-bars.js';
import { computeTimeTicks } from '../../../src/render/time-ticks.js';
import { ZonedClock } from '../../../src/render/zoned-clock.js';

const DAY = 86_400_000;

test('daily stock bars continue on weekdays beyond the last bar, and the time axis labels them', () => {
  const tz = 'Asia/Shanghai';
  const clock = new ZonedClock(tz);
  const weekday = (t: number) => clock.wall(t).getUTCDay();
  // 40 weekdays from Mon 2024-01-01, at local midnight.
  const days: number[] = [];
  for (let d = 0; days.length < 40; d++) {
    const t = zonedTimeToUtc({ year: 2024, month: 1, day: 1 + d, hour: 0, minute: 0 }, tz);
    if (weekday(t) !== 0 && weekday(t) !== 6) days.push(t);
  }
  const time = Float64Array.from(days);
  const ext = extendTimes(time, 40, 25, '1d', weekday);
  assert.equal(ext.length, 65);
  assert.deepEqual([...ext.subarray(0, 40)], days);
  for (let i = 40; i < 65; i++) {
    assert.ok(ext[i] > ext[i - 1], 'increasing');
    assert.ok(weekday(ext[i]) !== 0 && weekday(ext[i]) !== 6, `slot ${i} is a weekday`);
    assert.equal(clock.wall(ext[i]).getUTCHours(), 0, 'same wall time as the bars');
  }
  // Ticks reach into the forward slots.
  const ticks = computeTimeTicks(ext, ext.length, 20, 64, 800, clock);
  assert.ok(
    ticks.some((t) => t.index >= 40),
    `a label beyond the last bar: ${JSON.stringify(ticks)}`,
  );
  assert.equal(extendTimes(time, 40, 0, '1d', weekday), time, 'nothing to add');
});

test('intraday, weekly and monthly bars continue by their period; 24/7 daily bars keep weekends', () => {
  const utc = (t: number) => new Date(t).getUTCDay();
  const hourly = Float64Array.from({ length: 10 }, (_, i) => Date.UTC(2024, 0, 5, 20) + i * 3_600_000);
  const h = extendTimes(hourly, 10, 3, '1h', utc);
  assert.deepEqual(
    [...h.subarray(10)],
    [1, 2, 3].map((k) => hourly[9] + k * 3_600_000),
  );
  const weekly = Float64Array.from({ length: 5 }, (_, i) => Date.UTC(2024, 0, 1) + i * 7 * DAY);
  assert.equal(extendTimes(weekly, 5, 2, '1w', utc)[6], weekly[4] + 14 * DAY);
  const monthly = Float64Array.from({ length: 3 }, (_, i) => Date.UTC(2024, 10 + i, 1));
  assert.equal(extendTimes(monthly, 3, 2, '1M', utc)[4], Date.UTC(2025, 2, 1));
  const crypto = Float64Array.from({ length: 30 }, (_, i) => Date.UTC(2024, 0, 1) + i * DAY);
  const c = extendTimes(crypto, 30, 7, '1d', utc);
  assert.deepEqual(
    [...c.subarray(30)],
    [1, 2, 3, 4, 5, 6, 7].map((k) => crypto[29] + k * DAY),
  );
});

test('forward values follow the bar values; the future count is the longest reach', () => {
  const v = withForward(Float64Array.of(1, 2), Float64Array.of(3, 4, 5));
  assert.deepEqual([...v], [1, 2, 3, 4, 5]);
  const plain = Float64Array.of(1, 2);
  assert.equal(withForward(plain, undefined), plain);
  const s = (values: Float64Array) => ({ key: 'k', label: 'l', color: '#000', style: 'band' as const, values });
  assert.equal(futureBarCount([[s(plain)], [s(v)]], 2), 3);
  assert.equal(futureBarCount([[s(plain)]], 2), 0);
});
