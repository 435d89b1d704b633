import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  formatMarketTime,
  parseMarketTime,
  zonedParts,
  zoneOffsetMs,
  zonedTimeToUtc,
} from '../../../src/core/data/index.js';

const NY = 'America/New_York';
const HOUR = 3_600_000;

test('zoneOffsetMs: New York switches from -05:00 to -04:00 at 07:00 UTC on 2024-03-10', () => {
  const change = Date.UTC(2024, 2, 10, 7, 0);
  assert.equal(zoneOffsetMs(change - 1, NY), -5 * HOUR);
  assert.equal(zoneOffsetMs(change, NY), -4 * HOUR);
  assert.equal(zoneOffsetMs(Date.UTC(2024, 6, 1), NY), -4 * HOUR);
});

test('zoneOffsetMs: New York switches back to -05:00 at 06:00 UTC on 2024-11-03', () => {
  const change = Date.UTC(2024, 10, 3, 6, 0);
  assert.equal(zoneOffsetMs(change - 1, NY), -4 * HOUR);
  assert.equal(zoneOffsetMs(change, NY), -5 * HOUR);
});

test('zoneOffsetMs: Shanghai is always +08:00, UTC always 0', () => {
  for (const t of [Date.UTC(2024, 0, 1), Date.UTC(2024, 6, 1), Date.UTC(2016, 2, 27, 1)]) {
    assert.equal(zoneOffsetMs(t, 'Asia/Shanghai'), 8 * HOUR);
    assert.equal(zoneOffsetMs(t, 'UTC'), 0);
  }
});

test('zoneOffsetMs before the common era and in local mean time: New York -4:56:02, Berlin +0:53:28', () => {
  // Before railway time every zone keeps its city's mean solar time; a year BC reads its era from Intl.
  for (const t of [Date.UTC(-50, 5, 1, 12), new Date(0).setUTCFullYear(1, 0, 1), Date.UTC(1850, 6, 1)]) {
    assert.equal(zoneOffsetMs(t, NY), -(4 * HOUR + 56 * 60_000 + 2_000), new Date(t).toISOString());
    assert.equal(zoneOffsetMs(t, 'Europe/Berlin'), 53 * 60_000 + 28_000, new Date(t).toISOString());
  }
});

test('zoneOffsetMs agrees with Intl at many instants across years and zones', () => {
  const zones = [NY, 'Europe/London', 'Europe/Berlin', 'Australia/Lord_Howe', 'Asia/Kolkata', 'America/Sao_Paulo'];
  for (const zone of zones) {
    const fmt = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    for (let t = Date.UTC(2015, 0, 1); t < Date.UTC(2027, 0, 1); t += 7 * HOUR + 13 * 60_000) {
      const p = Object.fromEntries(fmt.formatToParts(t).map((x) => [x.type, Number(x.value)]));
      const local = Date.UTC(p.year, p.month - 1, p.day, p.hour % 24, p.minute);
      assert.equal(
        zoneOffsetMs(t, zone),
        local - Math.floor(t / 60_000) * 60_000,
        `${zone} at ${new Date(t).toISOString()}`,
      );
    }
  }
});

test('zonedParts gives the wall clock and weekday', () => {
  assert.deepEqual(zonedParts(Date.UTC(2024, 2, 8, 14, 30), NY), {
    year: 2024,
    month: 3,
    day: 8,
    hour: 9,
    minute: 30,
    second: 0,
    millisecond: 0,
    weekday: 5,
  });
  // 23:30 UTC on Sunday is Monday 07:30 in Shanghai.
  const sh = zonedParts(Date.UTC(2024, 2, 10, 23, 30), 'Asia/Shanghai');
  assert.deepEqual([sh.day, sh.hour, sh.minute, sh.weekday], [11, 7, 30, 1]);
  const utc = zonedParts(Date.UTC(2024, 1, 29, 23, 59, 59, 999), 'UTC');
  assert.deepEqual([utc.month, utc.day, utc.hour, utc.second, utc.millisecond, utc.weekday], [2, 29, 23, 59, 999, 4]);
});

test('zonedTimeToUtc: ordinary times before and after both DST changes', () => {
  assert.equal(zonedTimeToUtc({ year: 2024, month: 3, day: 9, hour: 9, minute: 30 }, NY), Date.UTC(2024, 2, 9, 14, 30));
  assert.equal(
    zonedTimeToUtc({ year: 2024, month: 3, day: 11, hour: 9, minute: 30 }, NY),
    Date.UTC(2024, 2, 11, 13, 30),
  );
  assert.equal(
    zonedTimeToUtc({ year: 2024, month: 11, day: 4, hour: 9, minute: 30 }, NY),
    Date.UTC(2024, 10, 4, 14, 30),
  );
  assert.equal(zonedTimeToUtc({ year: 2024, month: 3, day: 10 }, NY), Date.UTC(2024, 2, 10, 5));
  assert.equal(
    zonedTimeToUtc({ year: 2024, month: 3, day: 8, hour: 9, minute: 30 }, 'Asia/Shanghai'),
    Date.UTC(2024, 2, 8, 1, 30),
  );
  assert.equal(
    zonedTimeToUtc({ year: 2024, month: 3, day: 8, hour: 9, minute: 30 }, 'UTC'),
    Date.UTC(2024, 2, 8, 9, 30),
  );
});

test('zonedTimeToUtc: a time in the spring gap moves forward by the gap', () => {
  // 02:30 does not exist on 2024-03-10 in New York; it becomes 03:30 EDT = 07:30 UTC.
  const t = zonedTimeToUtc({ year: 2024, month: 3, day: 10, hour: 2, minute: 30 }, NY);
  assert.equal(t, Date.UTC(2024, 2, 10, 7, 30));
  assert.equal(formatMarketTime(t, NY), '2024-03-10 03:30-04:00');
});

test('zonedTimeToUtc: a time in the autumn overlap gives the earlier instant', () => {
  // 01:30 happens twice on 2024-11-03: first EDT (05:30 UTC), then EST (06:30 UTC).
  const t = zonedTimeToUtc({ year: 2024, month: 11, day: 3, hour: 1, minute: 30 }, NY);
  assert.equal(t, Date.UTC(2024, 10, 3, 5, 30));
  assert.equal(formatMarketTime(t, NY), '2024-11-03 01:30-04:00');
  assert.equal(formatMarketTime(t + HOUR, NY), '2024-11-03 01:30-05:00');
});

test('formatMarketTime: intraday with offset, daily as a date', () => {
  const t = Date.UTC(2024, 2, 8, 14, 30);
  assert.equal(formatMarketTime(t, NY, '5m'), '2024-03-08 09:30-05:00');
  assert.equal(formatMarketTime(t, NY, '1d'), '2024-03-08');
  assert.equal(formatMarketTime(t, NY, '1M'), '2024-03-08');
  assert.equal(formatMarketTime(t, 'Asia/Shanghai', '1h'), '2024-03-08 22:30+08:00');
  assert.equal(formatMarketTime(t, 'UTC', '1m'), '2024-03-08 14:30+00:00');
  assert.equal(formatMarketTime(t + 5_000, 'UTC'), '2024-03-08 14:30:05+00:00');
  assert.equal(formatMarketTime(Date.UTC(2024, 6, 1, 13, 30), NY, '1m'), '2024-07-01 09:30-04:00');
});

test('parseMarketTime accepts dates, market wall-clock times, offsets and epoch ms', () => {
  assert.equal(parseMarketTime('2024-03-08', NY), Date.UTC(2024, 2, 8, 5));
  assert.equal(parseMarketTime('2024-03-08 09:30', NY), Date.UTC(2024, 2, 8, 14, 30));
  assert.equal(parseMarketTime(' 2024-07-08 09:30 ', NY), Date.UTC(2024, 6, 8, 13, 30));
  assert.equal(parseMarketTime('2024-03-08T09:30:15', 'Asia/Shanghai'), Date.UTC(2024, 2, 8, 1, 30, 15));
  assert.equal(parseMarketTime('2024-03-08T09:30:00Z', NY), Date.UTC(2024, 2, 8, 9, 30));
  assert.equal(parseMarketTime('2024-03-08T09:30:00.250+08:00', NY), Date.UTC(2024, 2, 8, 1, 30, 0, 250));
  assert.equal(parseMarketTime(1709908200000, NY), 1709908200000);
  assert.equal(parseMarketTime('1709908200000', NY), 1709908200000);
  // Round trip with the formatter.
  const t = Date.UTC(2024, 10, 3, 6, 30);
  assert.equal(parseMarketTime(formatMarketTime(t, NY).replace(/-05:00$/, '-0500'), NY), t);
});

test('parseMarketTime returns null for invalid input', () => {
  for (const bad of [
    '',
    'yesterday',
    '2024-02-30',
    '2024-13-01',
    '2024-03-08 24:00',
    '2024-03-08 9:60',
    '20240308',
    '2024-03-08T09:30+25:00',
  ]) {
    assert.equal(parseMarketTime(bad, NY), null, bad);
  }
  assert.equal(parseMarketTime(Number.NaN, NY), null);
  assert.equal(parseMarketTime(Infinity, NY), null);
});

test('unknown timezones are reported, not silently treated as UTC', () => {
  assert.throws(() => zoneOffsetMs(0, 'Mars/Olympus'), RangeError);
});
