import { test } from 'node:test';
import assert from 'node:assert/strict';
import { zonedTimeToUtc } from '../../../src/core/data/index.js';
import { computeTimeTicks, formatBarTime } from '../../../src/render/time-ticks.js';
import { ZonedClock } from '../../../src/render/zoned-clock.js';

/** 30-minute session bars (09:30–15:30 local) for the given local dates. */
function sessionBars(dates: [number, number, number][], tz: string, open = [9, 30], close = [16, 0]): Float64Array {
  const out: number[] = [];
  for (const [year, month, day] of dates) {
    for (let m = open[0] * 60 + open[1]; m < close[0] * 60 + close[1]; m += 30) {
      out.push(zonedTimeToUtc({ year, month, day, hour: Math.floor(m / 60), minute: m % 60 }, tz));
    }
  }
  return Float64Array.from(out);
}

test('New York bars keep 09:30 local labels across the spring DST change (2024-03-10)', () => {
  const tz = 'America/New_York';
  const time = sessionBars(
    [
      [2024, 3, 8],
      [2024, 3, 11],
    ],
    tz,
  );
  const clock = new ZonedClock(tz);
  assert.equal(formatBarTime(time[0], clock, true), '2024-03-08 09:30');
  const monday = time.length / 2;
  assert.equal(formatBarTime(time[monday], clock, true), '2024-03-11 09:30');
  // The UTC hour of the open moved by one hour; the wall clock did not.
  assert.equal(new Date(time[0]).getUTCHours(), 14);
  assert.equal(new Date(time[monday]).getUTCHours(), 13);
  const ticks = computeTimeTicks(time, time.length, 0, time.length - 1, 800, clock);
  const labels = ticks.map((t) => t.label);
  // A day tick (TradingView style: the day number) sits exactly on Monday's first bar.
  assert.ok(
    ticks.some((t) => t.index === monday && (t.label === '11' || t.label === 'Mar 11')),
    labels.join(' '),
  );
  for (const l of labels.filter((x) => /:/.test(x)))
    assert.match(l, /^(0\d|1[0-5]):(00|30)$/, `intraday label ${l} inside the session`);
});

test('New York bars keep local labels across the autumn DST change (2024-11-03)', () => {
  const tz = 'America/New_York';
  const time = sessionBars(
    [
      [2024, 11, 1],
      [2024, 11, 4],
    ],
    tz,
  );
  const clock = new ZonedClock(tz);
  const monday = time.length / 2;
  assert.equal(formatBarTime(time[monday], clock, true), '2024-11-04 09:30');
  assert.equal(new Date(time[0]).getUTCHours(), 13);
  assert.equal(new Date(time[monday]).getUTCHours(), 14);
  const ticks = computeTimeTicks(time, time.length, 0, time.length - 1, 800, clock);
  assert.ok(
    ticks.some((t) => t.index === monday && (t.label === '4' || t.label === 'Nov 4')),
    ticks.map((t) => t.label).join(' '),
  );
});

test('Shanghai and UTC labels use their own wall clocks', () => {
  const sh = sessionBars([[2024, 3, 8]], 'Asia/Shanghai');
  const shClock = new ZonedClock('Asia/Shanghai');
  assert.equal(formatBarTime(sh[0], shClock, true), '2024-03-08 09:30');
  assert.equal(new Date(sh[0]).getUTCHours(), 1);
  const utc = sessionBars([[2024, 3, 8]], 'UTC');
  assert.equal(formatBarTime(utc[0], new ZonedClock('UTC'), true), '2024-03-08 09:30');
  // The display zone can differ from the data's: Shanghai bars read in New York time.
  assert.equal(formatBarTime(sh[0], new ZonedClock('America/New_York'), true), '2024-03-07 20:30');
});

test('daily bars get month and year labels without gaps for weekends', () => {
  const tz = 'America/New_York';
  const days: number[] = [];
  for (let d = Date.UTC(2023, 0, 2); d < Date.UTC(2025, 0, 1); d += 86_400_000) {
    const wd = new Date(d).getUTCDay();
    if (wd === 0 || wd === 6) continue;
    const dt = new Date(d);
    days.push(zonedTimeToUtc({ year: dt.getUTCFullYear(), month: dt.getUTCMonth() + 1, day: dt.getUTCDate() }, tz));
  }
  const time = Float64Array.from(days);
  const ticks = computeTimeTicks(time, time.length, 0, time.length - 1, 1000, new ZonedClock(tz));
  const labels = ticks.map((t) => t.label);
  assert.ok(labels.includes('2024'), labels.join(' '));
  assert.ok(
    labels.some((l) => /^[A-Z][a-z]{2}$/.test(l)),
    labels.join(' '),
  );
  // Ticks are at least ~60 px apart on an 1000 px axis.
  for (let i = 1; i < ticks.length; i++) assert.ok(((ticks[i].index - ticks[i - 1].index) / time.length) * 1000 >= 60);
});

test('a 24/7 market always gets labels: a view a little longer than a week level holds falls back to days', () => {
  // The QA case: ETHUSDT 1h at 600 px showed no time label at all (5-6 days: no Monday inside).
  const clock = new ZonedClock('UTC');
  for (const [periodMs, counts] of [
    [3_600_000, [60, 90, 120, 140, 160, 200, 400]],
    [900_000, [200, 350, 400, 430, 600]],
    [4 * 3_600_000, [30, 40, 50, 80]],
  ] as const) {
    // Starting on a Tuesday (2024-01-02), so short views end before the next Monday.
    const start = Date.UTC(2024, 0, 2);
    for (const count of counts) {
      const time = Float64Array.from({ length: count }, (_, i) => start + i * periodMs);
      for (const width of [300, 400, 490, 534, 600, 700, 800, 1200]) {
        const ticks = computeTimeTicks(time, count, 0, count - 1, width, clock);
        assert.ok(ticks.length >= 2, `${count} bars of ${periodMs / 60_000} min at ${width} px: ${ticks.length} ticks`);
        // Still thinned: labels never closer than ~60 % of the 110 px spacing.
        for (let i = 1; i < ticks.length; i++)
          assert.ok(((ticks[i].index - ticks[i - 1].index) * width) / count >= 60, `${count} bars at ${width} px`);
      }
    }
  }
});

test('two and a half days of hourly bars on a wide axis: noon labels between the days, as TradingView shows', () => {
  const start = Date.UTC(2024, 10, 3, 0);
  const time = Float64Array.from({ length: 60 }, (_, i) => start + i * 3_600_000);
  const clock = new ZonedClock('UTC');
  const labels = computeTimeTicks(time, time.length, 0, time.length - 1, 830, clock).map((t) => t.label);
  // Before, the step after 4 hours was a day: only "4" and "5" under 830 px.
  assert.deepEqual(labels, ['12:00', 'Nov 4', '12:00', 'Nov 5']);
});
